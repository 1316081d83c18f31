import type { Kopiyky } from '@kram/contract/money';
import type {
  CarrierName,
  CashOnDeliveryKind,
  DeliveryPayer,
  ShipmentService,
  ShipmentStatus,
} from '@kram/contract/shipping';

/**
 * What the shipping module asks of a carrier. Small on purpose: orders and the back office speak of
 * shipments, never of a carrier's models and methods, so another carrier (Ukrposhta, Meest) is one
 * more implementation of this interface. Money is in kopiyky; dates are ISO days (`2026-11-30`) or
 * instants.
 */
export interface Carrier {
  readonly name: CarrierName;
  /** The carrier's price and delivery date for a parcel, before its waybill exists. */
  estimate(parcel: ParcelEstimateRequest): Promise<ParcelEstimate>;
  /**
   * Creates the waybill. `parcel.reference` is unique per waybill the shop asks for and the carrier
   * keeps it, so that a waybill whose answer was lost is found again with `find`.
   */
  create(parcel: WaybillRequest): Promise<Waybill>;
  /** The waybill created with `reference` on `day` (the day it was asked for), if the carrier has one. */
  find(reference: string, day: string): Promise<Waybill | undefined>;
  /** Changes a waybill while the carrier allows it (before the parcel is handed over). */
  update(ref: string, parcel: WaybillRequest): Promise<Waybill>;
  /** Deletes a waybill while the carrier allows it. */
  remove(ref: string): Promise<void>;
  /** The status of up to `trackingBatch` parcels; unknown numbers are left out. */
  track(parcels: readonly TrackingQuery[]): Promise<TrackedParcel[]>;
  /** The labels of waybills as one PDF: 100×100 mm markings, or A4 pages. */
  labels(refs: readonly string[], format: LabelFormat): Promise<Uint8Array>;
  /** One hand-over register (scan sheet) holding these waybills. */
  register(refs: readonly string[]): Promise<Register>;
  /** A register as a printable PDF. */
  registerPdf(ref: string): Promise<Uint8Array>;
  /** The shop's own counterparties as sender, with their contact persons (to pick the sender once). */
  senders(): Promise<SenderOption[]>;
}

/** How many parcels one tracking call may ask about. */
export const trackingBatch = 100;

export type LabelFormat = 'marking' | 'a4';

/** The shop as sender: set once in the back office from the carrier's own records. */
export interface Sender {
  counterpartyRef: string;
  contactRef: string;
  phone: string;
  cityRef: string;
  /** The branch the shop hands parcels over at. */
  warehouseRef: string;
}

export interface Recipient {
  firstName: string;
  lastName: string;
  /** +380XXXXXXXXX */
  phone: string;
  cityRef: string;
  cityName: string;
  /** A branch or parcel locker; absent for a courier delivery. */
  warehouseRef?: string;
  /** A courier delivery's street address, as the buyer wrote it. */
  address?: string;
}

export interface Seat {
  weightKg: number;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
}

export interface Cargo {
  /** The parcel's whole weight, kg. */
  weightKg: number;
  seats: Seat[];
  declaredValue: Kopiyky;
  description: string;
}

export interface ParcelEstimateRequest {
  senderCityRef: string;
  recipientCityRef: string;
  service: ShipmentService;
  cargo: Pick<Cargo, 'weightKg' | 'seats' | 'declaredValue'>;
  cashOnDelivery?: { amount: Kopiyky; kind: CashOnDeliveryKind };
  /** The day the parcel is handed over (today by default). */
  sendDay?: string;
}

export interface ParcelEstimate {
  /** The delivery at the carrier's tariff. */
  cost: Kopiyky;
  /** The fee for collecting cash on delivery (0 without it), which the buyer pays on receipt too. */
  collectionFee: Kopiyky;
  /** The carrier's expected delivery day; null when it does not say. */
  deliveryDay: string | null;
}

export interface WaybillRequest {
  reference: string;
  sender: Sender;
  recipient: Recipient;
  service: ShipmentService;
  payer: DeliveryPayer;
  cargo: Cargo;
  cashOnDelivery?: { amount: Kopiyky; kind: CashOnDeliveryKind };
  /** The day the parcel is handed over. */
  sendDay: string;
}

export interface Waybill {
  /** The carrier's id of the waybill. */
  ref: string;
  /** The waybill number the buyer and the branch use. */
  number: string;
  cost: Kopiyky;
  deliveryDay: string | null;
}

export interface TrackingQuery {
  number: string;
  /** The sender's or recipient's phone: with it the carrier tells dates and the return waybill. */
  phone: string;
}

/** A parcel as the carrier reports it, in the shop's terms, with the carrier's own code and words. */
export interface TrackedParcel {
  number: string;
  status: ShipmentStatus;
  /** The carrier's status code and its text, kept in the history as they came. */
  carrierCode: string;
  carrierText: string;
  /** When it reached the branch, when storage ends (free storage's last day), when it was received. */
  arrivedAt?: string;
  storageUntil?: string;
  receivedAt?: string;
  /** Cash on delivery: the money was handed to the shop. */
  moneyTransferred?: boolean;
  /** The waybill the carrier created to bring a refused parcel back. */
  returnNumber?: string;
}

export interface Register {
  ref: string;
  number: string;
}

export interface SenderOption {
  counterpartyRef: string;
  name: string;
  contacts: { ref: string; name: string; phone: string }[];
}

/** A field of the waybill a carrier's refusal names (the back office shows the message beside it). */
export type WaybillField =
  | 'recipient_name'
  | 'recipient_phone'
  | 'city'
  | 'warehouse'
  | 'address'
  | 'weight'
  | 'seats'
  | 'declared_value'
  | 'cash_on_delivery'
  | 'description'
  | 'sender'
  | 'send_day';

/** One reason the carrier gave, in both of the shop's languages, with the field it names if any. */
export interface CarrierMessage {
  field?: WaybillField;
  /** The carrier's error code, when it gave one. */
  code?: string;
  uk: string;
  ru: string;
}

/**
 * The carrier said no (`refused`: the request is wrong, asking again changes nothing) or could not be
 * reached (`unavailable`: a timeout, a network fault, a 5xx; the manager may retry or type the waybill
 * by hand). A refusal carries the carrier's reasons.
 */
export class CarrierError extends Error {
  override name = 'CarrierError';
  readonly kind: 'refused' | 'unavailable';
  readonly messages: CarrierMessage[];
  constructor(kind: 'refused' | 'unavailable', messages: CarrierMessage[], options?: { cause?: unknown }) {
    super(messages.map((m) => m.uk).join('; ') || kind, options);
    this.kind = kind;
    this.messages = messages;
  }
}
