import { formatMoney } from '@kram/contract/money';
import type { ShipmentService } from '@kram/contract/shipping';
import { addDays, kyivDay } from '../../../lib/kyiv-time.ts';
import {
  type Cargo,
  type Carrier,
  CarrierError,
  type LabelFormat,
  type ParcelEstimateRequest,
  type TrackedParcel,
  trackingBatch,
  type Waybill,
  type WaybillRequest,
} from '../carrier.ts';
import { carrierMessageFor } from './error-codes.ts';
import {
  kopiykyOf,
  type NovaPoshtaTransport,
  npDay,
  npDayOf,
  npInstantOf,
  npKilograms,
  npPhone,
  unavailableMessage,
} from './protocol.ts';
import { moneyTransferredCodes, notFoundCode, shipmentStatusOf } from './status-codes.ts';

/** A locker is a branch to Nova Poshta (its size and weight limits are checked on save). */
const serviceTypes: Record<ShipmentService, string> = {
  branch: 'WarehouseWarehouse',
  locker: 'WarehouseWarehouse',
  address: 'WarehouseDoors',
};

export interface NovaPoshtaCarrierOptions {
  transport: NovaPoshtaTransport;
  /** Where printed forms are; https://my.novaposhta.ua by default. */
  printBase?: string;
}

interface SavedDocument {
  Ref?: unknown;
  IntDocNumber?: unknown;
  CostOnSite?: unknown;
  EstimatedDeliveryDate?: unknown;
  InfoRegClientBarcodes?: unknown;
}

interface StatusDocument {
  Number?: unknown;
  StatusCode?: unknown;
  Status?: unknown;
  ActualDeliveryDate?: unknown;
  DateFirstDayStorage?: unknown;
  DatePayedKeeping?: unknown;
  RecipientDateTime?: unknown;
  LastCreatedOnTheBasisNumber?: unknown;
  LastCreatedOnTheBasisDocumentType?: unknown;
}

interface ScanSheetAnswer {
  Ref?: unknown;
  Number?: unknown;
  Errors?: unknown[];
  Data?: { Errors?: unknown[] } | null;
}

const malformed = (what: string) =>
  new CarrierError('unavailable', [unavailableMessage], { cause: new Error(`Nova Poshta answered ${what}`) });

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

function cargoProperties(cargo: Pick<Cargo, 'weightKg' | 'seats' | 'declaredValue'>): Record<string, unknown> {
  return {
    CargoType: 'Parcel',
    Weight: npKilograms(cargo.weightKg),
    SeatsAmount: String(Math.max(1, cargo.seats.length)),
    // The declared value, in hryvnias.
    Cost: formatMoney(cargo.declaredValue),
    ...(cargo.seats.length > 0
      ? {
          OptionsSeat: cargo.seats.map((seat) => ({
            volumetricWidth: String(seat.widthCm),
            volumetricLength: String(seat.lengthCm),
            volumetricHeight: String(seat.heightCm),
            weight: npKilograms(seat.weightKg),
          })),
        }
      : {}),
  };
}

/** InternetDocument.save's properties for a new private recipient (NewAddress). */
function waybillProperties(parcel: WaybillRequest): Record<string, unknown> {
  const { sender, recipient, cargo } = parcel;
  const properties: Record<string, unknown> = {
    PayerType: parcel.payer === 'sender' ? 'Sender' : 'Recipient',
    PaymentMethod: 'Cash',
    DateTime: npDay(parcel.sendDay),
    ServiceType: serviceTypes[parcel.service],
    ...cargoProperties(cargo),
    Description: cargo.description,
    CitySender: sender.cityRef,
    Sender: sender.counterpartyRef,
    SenderAddress: sender.warehouseRef,
    ContactSender: sender.contactRef,
    SendersPhone: npPhone(sender.phone),
    CityRecipient: recipient.cityRef,
    NewAddress: '1',
    RecipientType: 'PrivatePerson',
    RecipientName: `${recipient.lastName} ${recipient.firstName}`.trim(),
    RecipientsPhone: npPhone(recipient.phone),
    RecipientCityName: recipient.cityName,
    RecipientArea: '',
    RecipientAreaRegions: '',
    // The shop's own reference, kept by the carrier: a waybill whose answer was lost is found by it.
    InfoRegClientBarcodes: parcel.reference,
  };
  if (parcel.service === 'address') {
    Object.assign(properties, { RecipientAddressName: recipient.address ?? '', RecipientHouse: '', RecipientFlat: '' });
  } else {
    properties.RecipientAddress = recipient.warehouseRef ?? '';
  }
  const cod = parcel.cashOnDelivery;
  if (cod?.kind === 'cash_on_delivery') {
    properties.BackwardDeliveryData = [
      { PayerType: 'Recipient', CargoType: 'Money', RedeliveryString: formatMoney(cod.amount) },
    ];
  } else if (cod?.kind === 'payment_control') {
    properties.AfterpaymentOnGoodsCost = formatMoney(cod.amount);
  }
  return properties;
}

function waybillOf(document: SavedDocument | undefined): Waybill {
  const ref = text(document?.Ref);
  const number = text(document?.IntDocNumber);
  const cost = kopiykyOf(document?.CostOnSite);
  if (!ref || !number || cost === undefined) throw malformed('a waybill without its ref, number or cost');
  return { ref, number, cost, deliveryDay: npDayOf(document?.EstimatedDeliveryDate) ?? null };
}

function trackedOf(item: StatusDocument): TrackedParcel | undefined {
  const code = text(item.StatusCode);
  const status = code === notFoundCode ? undefined : shipmentStatusOf(code);
  if (!status) return undefined;
  const parcel: TrackedParcel = {
    number: text(item.Number),
    status,
    carrierCode: code,
    carrierText: text(item.Status),
  };
  const arrivedAt = npInstantOf(item.ActualDeliveryDate) ?? npInstantOf(item.DateFirstDayStorage);
  if (arrivedAt) parcel.arrivedAt = arrivedAt;
  // Paid storage starts on DatePayedKeeping, so free storage's last day is the day before.
  const paidFrom = npDayOf(item.DatePayedKeeping);
  if (paidFrom) parcel.storageUntil = addDays(paidFrom, -1);
  const receivedAt = status === 'received' ? npInstantOf(item.RecipientDateTime) : undefined;
  if (receivedAt) parcel.receivedAt = receivedAt;
  if (moneyTransferredCodes.has(code)) parcel.moneyTransferred = true;
  // A redirection also creates a waybill on the basis of this one; only a refusal's is the way back.
  const basis = text(item.LastCreatedOnTheBasisNumber);
  const basisType = text(item.LastCreatedOnTheBasisDocumentType);
  if (basis && (status === 'refused' || status === 'returning') && !/redirect/i.test(basisType)) {
    parcel.returnNumber = basis;
  }
  return parcel;
}

function assertPdf(bytes: Uint8Array): Uint8Array {
  if (new TextDecoder('latin1').decode(bytes.subarray(0, 4)) !== '%PDF')
    throw malformed('a print form that is not a PDF');
  return bytes;
}

const errorText = (error: unknown): string => {
  if (typeof error === 'string') return error;
  const e = error as { Error?: unknown; Number?: unknown; Ref?: unknown };
  const which = text(e?.Number) || text(e?.Ref);
  return which ? `${which}: ${text(e?.Error)}` : text(e?.Error);
};

/** The Carrier interface over Nova Poshta's API 2.0 (or the shop's stand-in of it). */
export function novaPoshtaCarrier(options: NovaPoshtaCarrierOptions): Carrier {
  const { transport } = options;
  const printBase = (options.printBase ?? 'https://my.novaposhta.ua').replace(/\/+$/, '');
  const printOrders = (form: string, refs: readonly string[]) =>
    transport.print(`${printBase}/orders/${form}/orders[]/${refs.map(encodeURIComponent).join(',')}/type/pdf`);

  return {
    name: 'nova_poshta',

    async estimate(parcel: ParcelEstimateRequest) {
      const ServiceType = serviceTypes[parcel.service];
      const cities = { CitySender: parcel.senderCityRef, CityRecipient: parcel.recipientCityRef };
      const cod = parcel.cashOnDelivery;
      const [price, date] = await Promise.all([
        transport.call<{ Cost?: unknown; CostRedelivery?: unknown }>('InternetDocument', 'getDocumentPrice', {
          ...cities,
          ServiceType,
          ...cargoProperties(parcel.cargo),
          ...(cod?.kind === 'cash_on_delivery'
            ? { RedeliveryCalculate: { CargoType: 'Money', Amount: formatMoney(cod.amount) } }
            : {}),
        }),
        transport.call<{ DeliveryDate?: unknown }>('InternetDocument', 'getDocumentDeliveryDate', {
          DateTime: npDay(parcel.sendDay ?? kyivDay(new Date())),
          ServiceType,
          ...cities,
        }),
      ]);
      const delivery = kopiykyOf(price[0]?.Cost);
      if (delivery === undefined) throw malformed('a price without its cost');
      // The fee of the cash-on-delivery transfer, which the buyer pays as well as the delivery.
      const collectionFee = kopiykyOf(price[0]?.CostRedelivery) ?? 0;
      const deliveryDate = date[0]?.DeliveryDate;
      const day = npDayOf(typeof deliveryDate === 'object' ? (deliveryDate as { date?: unknown })?.date : deliveryDate);
      return { cost: delivery, collectionFee, deliveryDay: day ?? null };
    },

    async create(parcel) {
      const saved = await transport.call<SavedDocument>('InternetDocument', 'save', waybillProperties(parcel));
      return waybillOf(saved[0]);
    },

    async find(reference, day) {
      const list = await transport.call<SavedDocument>('InternetDocument', 'getDocumentList', {
        DateTimeFrom: npDay(day),
        DateTimeTo: npDay(day),
        GetFullList: '1',
      });
      const found = list.find((document) => text(document.InfoRegClientBarcodes) === reference);
      return found ? waybillOf(found) : undefined;
    },

    async update(ref, parcel) {
      const saved = await transport.call<SavedDocument>('InternetDocument', 'update', {
        Ref: ref,
        ...waybillProperties(parcel),
      });
      return waybillOf(saved[0]);
    },

    async remove(ref) {
      await transport.call('InternetDocument', 'delete', { DocumentRefs: ref });
    },

    async track(parcels) {
      if (parcels.length > trackingBatch) {
        throw new RangeError(`Nova Poshta tracks at most ${trackingBatch} parcels a call, not ${parcels.length}`);
      }
      if (parcels.length === 0) return [];
      const items = await transport.call<StatusDocument>('TrackingDocument', 'getStatusDocuments', {
        Documents: parcels.map((p) => ({ DocumentNumber: p.number, Phone: npPhone(p.phone) })),
      });
      return items.map(trackedOf).filter((p): p is TrackedParcel => p !== undefined);
    },

    async labels(refs, format: LabelFormat) {
      return assertPdf(await printOrders(format === 'marking' ? 'printMarking100x100' : 'printDocument', refs));
    },

    async register(refs) {
      const [sheet] = await transport.call<ScanSheetAnswer>('ScanSheet', 'insertDocuments', { DocumentRefs: refs });
      const problems = [...(sheet?.Errors ?? []), ...(sheet?.Data?.Errors ?? [])].map(errorText).filter(Boolean);
      if (problems.length > 0)
        throw new CarrierError(
          'refused',
          problems.map((p) => carrierMessageFor(undefined, p)),
        );
      const ref = text(sheet?.Ref);
      const number = text(sheet?.Number);
      if (!ref || !number) throw malformed('a register without its ref or number');
      return { ref, number };
    },

    async registerPdf(ref) {
      return assertPdf(
        await transport.print(`${printBase}/scanSheet/printScanSheet/refs[]/${encodeURIComponent(ref)}/type/pdf`),
      );
    },

    async senders() {
      const counterparties = await transport.call<{ Ref?: unknown; Description?: unknown }>(
        'Counterparty',
        'getCounterparties',
        { CounterpartyProperty: 'Sender', Page: '1' },
      );
      const options = [];
      for (const counterparty of counterparties) {
        const contacts = await transport.call<{ Ref?: unknown; Description?: unknown; Phones?: unknown }>(
          'Counterparty',
          'getCounterpartyContactPersons',
          { Ref: text(counterparty.Ref), Page: '1' },
        );
        options.push({
          counterpartyRef: text(counterparty.Ref),
          name: text(counterparty.Description),
          contacts: contacts.map((c) => ({ ref: text(c.Ref), name: text(c.Description), phone: text(c.Phones) })),
        });
      }
      return options;
    },
  };
}
