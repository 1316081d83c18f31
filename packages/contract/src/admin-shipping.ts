import { z } from 'zod';
import { adminErrors, adminRecordErrors } from './admin.ts';
import { detailError, money } from './common.ts';
import { carrierRef } from './delivery.ts';
import {
  carriers,
  cashOnDeliveryKinds,
  deliveryPayers,
  shipmentServices,
  shipmentStatuses,
  waybillNumberPattern,
} from './shipping.ts';
import { telephone } from './validation.ts';

/** The back office's shipping calls: the sender's settings, an order's waybill, labels and registers. */

export const shippingMessages = {
  notShippable: 'Only a confirmed or paid order with delivery by the carrier gets a waybill.',
  alreadyShipped: 'This order has a waybill already.',
  noShipment: 'This order has no waybill.',
  senderMissing: 'Set the sender (the shop’s Nova Poshta counterparty, contact and branch) in shipping settings first.',
  senderUnknown: 'Nova Poshta does not know this sender or contact person.',
  noCarrier: 'No Nova Poshta API key is set: type the waybill number by hand.',
  carrierUnavailable: 'Nova Poshta did not answer. Try again, or type the waybill number by hand.',
  pending:
    'The waybill was asked for but Nova Poshta’s answer was lost. Try again: the same waybill is found, not made twice.',
  notEditable: 'Nova Poshta no longer allows changing this waybill: the parcel has been handed over.',
  byHand: 'A waybill typed by hand is changed or deleted in Nova Poshta’s own cabinet; here it can only be deleted.',
  lockerTooHeavy: 'A parcel locker takes at most 20 kg.',
  lockerTooLarge: 'A parcel locker takes seats of at most 40 × 60 × 30 cm.',
  warehouseRequired: 'Choose the branch or parcel locker.',
  addressRequired: 'Write the delivery address.',
  waybillNumber: 'A Nova Poshta waybill number has 14 digits.',
  numberTaken: 'This waybill number belongs to another order.',
  noLabels: 'None of these orders has a waybill made through Nova Poshta.',
  tooMany: 'At most 100 orders at once.',
  noRegister: 'The shop has no such hand-over register.',
} as const;

export const shippingCodes = {
  carrierRefused: 'shipping.carrier_refused',
  carrierUnavailable: 'shipping.carrier_unavailable',
} as const;

const text = (max: number) => z.string().trim().min(1, 'This field may not be blank.').max(max);
const decimal = (min: number, max: number) => z.number().min(min).max(max);

export const shippingSettingsView = z
  .object({
    counterparty_ref: z.string(),
    counterparty_name: z.string(),
    contact_ref: z.string(),
    contact_name: z.string(),
    phone: z.string(),
    city_ref: z.string(),
    city_name: z.string(),
    warehouse_ref: z.string(),
    warehouse_name: z.string(),
    cod_kind: z.enum(cashOnDeliveryKinds),
    default_weight_kg: z.number(),
    description: z.string(),
    tracking_interval_minutes: z.number().int(),
    /** When the carrier last confirmed the sender; null until checked. */
    checked_at: z.string().nullable(),
    /** Whether waybills are made through the carrier (a key, or the sandbox) or only typed by hand. */
    carrier_connected: z.boolean(),
    /** Whether the carrier is the shop's own sandbox (no API key). */
    sandbox: z.boolean(),
    last_tracking_at: z.string().nullable(),
  })
  .meta({ id: 'AdminShippingSettings' });
export type ShippingSettingsView = z.infer<typeof shippingSettingsView>;

export const shippingSettingsUpdate = z
  .strictObject({
    counterparty_ref: carrierRef.or(z.literal('')),
    counterparty_name: z.string().trim().max(200),
    contact_ref: carrierRef.or(z.literal('')),
    contact_name: z.string().trim().max(200),
    phone: telephone.or(z.literal('')),
    city_ref: carrierRef.or(z.literal('')),
    city_name: z.string().trim().max(200),
    warehouse_ref: carrierRef.or(z.literal('')),
    warehouse_name: z.string().trim().max(300),
    cod_kind: z.enum(cashOnDeliveryKinds),
    default_weight_kg: decimal(0.1, 1000),
    description: text(100),
    tracking_interval_minutes: z.number().int().min(5).max(1440),
  })
  .partial()
  .meta({ id: 'AdminShippingSettingsUpdate' });
export type ShippingSettingsUpdate = z.infer<typeof shippingSettingsUpdate>;

export const senderOptions = z
  .object({
    senders: z.array(
      z.object({
        counterparty_ref: z.string(),
        name: z.string(),
        contacts: z.array(z.object({ ref: z.string(), name: z.string(), phone: z.string() })),
      }),
    ),
  })
  .meta({ id: 'AdminShippingSenders' });

const seat = z.strictObject({
  weight_kg: decimal(0.1, 1000),
  length_cm: decimal(1, 300),
  width_cm: decimal(1, 300),
  height_cm: decimal(1, 300),
});

/** A waybill as the manager fills it in (the order's recipient and cargo defaults come from `draft`). */
export const waybillDraft = z
  .strictObject({
    service: z.enum(shipmentServices),
    payer: z.enum(deliveryPayers),
    recipient_first_name: text(50),
    recipient_last_name: text(50),
    recipient_phone: telephone,
    city_ref: carrierRef,
    city_name: text(200),
    warehouse_ref: carrierRef.optional(),
    warehouse_name: z.string().trim().max(300).optional(),
    address: z.string().trim().max(300).optional(),
    weight_kg: decimal(0.1, 1000),
    seats: z.array(seat).min(1).max(20),
    declared_value: money,
    description: text(100),
    /** The amount collected on receipt; null for an order paid already. */
    cash_on_delivery: money.nullable(),
    /** The day the parcel is handed over; today when absent. */
    send_day: z.iso.date().optional(),
  })
  .meta({ id: 'AdminWaybillDraft' });
export type WaybillDraft = z.infer<typeof waybillDraft>;

export const waybillByHand = z
  .strictObject({ number: z.string().trim().regex(waybillNumberPattern, shippingMessages.waybillNumber) })
  .meta({ id: 'AdminWaybillByHand' });

export const shipmentEvent = z.object({
  status: z.enum(shipmentStatuses),
  carrier_code: z.string().nullable(),
  carrier_text: z.string().nullable(),
  at: z.string(),
});

export const shipmentView = z
  .object({
    id: z.number().int(),
    order_id: z.uuid(),
    carrier: z.enum(carriers),
    /** Null while the carrier's answer is pending. */
    number: z.string().nullable(),
    by_hand: z.boolean(),
    service: z.enum(shipmentServices),
    payer: z.enum(deliveryPayers),
    recipient_first_name: z.string(),
    recipient_last_name: z.string(),
    recipient_phone: z.string(),
    city_ref: z.string().nullable(),
    city_name: z.string(),
    warehouse_ref: z.string().nullable(),
    /** The branch's or parcel locker's name; empty for a courier delivery. */
    warehouse_name: z.string(),
    /** The courier delivery's address; null for a branch or parcel locker. */
    address: z.string().nullable(),
    weight_kg: z.number(),
    seats: z.array(seat),
    declared_value: z.string(),
    description: z.string(),
    cash_on_delivery: z.string().nullable(),
    cod_kind: z.enum(cashOnDeliveryKinds).nullable(),
    status: z.enum(shipmentStatuses),
    carrier_code: z.string().nullable(),
    carrier_text: z.string().nullable(),
    /** The delivery's price at the carrier's tariff; the fee for collecting cash on delivery is apart. */
    cost: z.string().nullable(),
    send_day: z.string().nullable(),
    delivery_day: z.string().nullable(),
    arrived_at: z.string().nullable(),
    storage_until: z.string().nullable(),
    received_at: z.string().nullable(),
    refused_at: z.string().nullable(),
    returned_at: z.string().nullable(),
    money_transferred_at: z.string().nullable(),
    return_number: z.string().nullable(),
    register_number: z.string().nullable(),
    /** Whether the carrier still allows changing it (a waybill made through it, not handed over). */
    editable: z.boolean(),
    /** Whether it may be deleted: while the carrier allows, and one typed by hand always. */
    deletable: z.boolean(),
    tracking_url: z.string().nullable(),
    created_at: z.string(),
    history: z.array(shipmentEvent),
  })
  .meta({ id: 'AdminShipment' });
export type ShipmentView = z.infer<typeof shipmentView>;

/** An order's waybill, or what a new one would be: the form's defaults and the carrier's estimate. */
export const orderShipping = z
  .object({
    shipment: shipmentView.nullable(),
    /** The defaults of a new waybill; null when the order cannot get one. */
    draft: waybillDraft.nullable(),
    /** Why the order cannot get a waybill now; null when it can. */
    blocked: z.string().nullable(),
    carrier_connected: z.boolean(),
  })
  .meta({ id: 'AdminOrderShipping' });
export type OrderShipping = z.infer<typeof orderShipping>;

export const waybillEstimate = z
  .object({
    /** The delivery at the carrier's tariff. */
    cost: z.string(),
    /** The carrier's fee for collecting cash on delivery (0.00 without it); the buyer pays it on receipt. */
    collection_fee: z.string(),
    delivery_day: z.string().nullable(),
  })
  .meta({ id: 'AdminWaybillEstimate' });

export const bulkOrders = z
  .strictObject({ order_ids: z.array(z.uuid()).min(1).max(100) })
  .meta({ id: 'AdminShippingBulkOrders' });

/** One order's outcome in a bulk creation: its waybill, or why not. */
export const bulkWaybillResult = z
  .object({
    order_id: z.uuid(),
    ok: z.boolean(),
    number: z.string().nullable(),
    /** Why not, in the words of the answer's body; null when made. */
    error: z.string().nullable(),
    /** The codes of `error`'s messages, as an error answer's `Kram-Error-Codes` header gives them. */
    error_codes: z.array(
      z.object({
        field: z.string().optional(),
        code: z.string(),
        params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
      }),
    ),
  })
  .meta({ id: 'AdminBulkWaybillResult' });
export type BulkWaybillResult = z.infer<typeof bulkWaybillResult>;

export const labelsQuery = z.strictObject({
  order_id: z.preprocess((v) => (v === undefined || Array.isArray(v) ? v : [v]), z.array(z.uuid()).min(1).max(100)),
  format: z.enum(['marking', 'a4']).default('marking'),
});

export const registerView = z
  .object({ ref: z.string(), number: z.string(), order_ids: z.array(z.uuid()) })
  .meta({ id: 'AdminShippingRegister' });

export const shippingErrors = { ...adminRecordErrors, 409: detailError, 502: detailError } as const;
export const shippingSettingsErrors = { ...adminErrors, 502: detailError } as const;
