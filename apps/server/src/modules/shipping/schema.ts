import {
  carriers,
  cashOnDeliveryKinds,
  deliveryPayers,
  shipmentServices,
  shipmentStatuses,
} from '@kram/contract/shipping';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/checks.ts';
import { orders } from '../orders/schema.ts';

export interface SeatRow {
  weight_kg: number;
  length_cm: number;
  width_cm: number;
  height_cm: number;
}

/**
 * The shop as sender, set once in the back office (one row, id 1): the carrier's counterparty and
 * contact person, the phone, and the city and branch parcels are handed over at; with the cargo
 * defaults and how cash on receipt is collected.
 */
export const shippingSettings = pgTable(
  'shipping_settings',
  {
    id: integer('id').primaryKey().default(1),
    counterpartyRef: text('counterparty_ref').notNull().default(''),
    counterpartyName: text('counterparty_name').notNull().default(''),
    contactRef: text('contact_ref').notNull().default(''),
    contactName: text('contact_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    cityRef: text('city_ref').notNull().default(''),
    cityName: text('city_name').notNull().default(''),
    warehouseRef: text('warehouse_ref').notNull().default(''),
    warehouseName: text('warehouse_name').notNull().default(''),
    codKind: text('cod_kind', { enum: cashOnDeliveryKinds }).notNull().default('cash_on_delivery'),
    // A product without its own weight weighs this much in a parcel.
    defaultWeightKg: numeric('default_weight_kg', { precision: 8, scale: 3 }).notNull().default('1.000'),
    description: text('description').notNull().default('Одяг та спорядження'),
    // Minutes between tracking runs.
    trackingIntervalMinutes: integer('tracking_interval_minutes').notNull().default(30),
    // When the carrier last confirmed the sender's counterparty and contact (checked before the first waybill).
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    // When the last tracking run ended: the next is due an interval later.
    lastTrackingAt: timestamp('last_tracking_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('shipping_settings_single_row', sql`${t.id} = 1`),
    oneOf('shipping_settings_cod_kind_check', t.codKind, cashOnDeliveryKinds),
    check('shipping_settings_interval_check', sql`${t.trackingIntervalMinutes} between 5 and 1440`),
  ],
);

/**
 * A parcel an order travels in, with its waybill. An order has at most one live shipment (a deleted
 * waybill's row stays, `deleted`, for the history). `reference` is the shop's own reference the
 * carrier keeps, unique per waybill asked for: a waybill whose answer was lost is found by it.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    carrier: text('carrier', { enum: carriers }).notNull().default('nova_poshta'),
    reference: text('reference').notNull(),
    // Null until the carrier answers, and for a waybill typed by hand.
    ref: text('ref'),
    number: text('number'),
    byHand: boolean('by_hand').notNull().default(false),
    service: text('service', { enum: shipmentServices }).notNull(),
    payer: text('payer', { enum: deliveryPayers }).notNull().default('recipient'),
    recipientFirstName: text('recipient_first_name').notNull(),
    recipientLastName: text('recipient_last_name').notNull(),
    recipientPhone: text('recipient_phone').notNull(),
    cityRef: text('city_ref'),
    cityName: text('city_name').notNull(),
    warehouseRef: text('warehouse_ref'),
    warehouseName: text('warehouse_name').notNull().default(''),
    weightKg: numeric('weight_kg', { precision: 8, scale: 3 }).notNull(),
    seats: jsonb('seats').$type<SeatRow[]>().notNull().default(sql`'[]'::jsonb`),
    declaredValue: numeric('declared_value', { precision: 12, scale: 2 }).notNull(),
    description: text('description').notNull(),
    codKind: text('cod_kind', { enum: cashOnDeliveryKinds }),
    codAmount: numeric('cod_amount', { precision: 12, scale: 2 }),
    status: text('status', { enum: shipmentStatuses }).notNull().default('created'),
    carrierCode: text('carrier_code'),
    carrierText: text('carrier_text'),
    cost: numeric('cost', { precision: 12, scale: 2 }),
    sendDay: date('send_day', { mode: 'string' }),
    deliveryDay: date('delivery_day', { mode: 'string' }),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }),
    storageUntil: date('storage_until', { mode: 'string' }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    refusedAt: timestamp('refused_at', { withTimezone: true }),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    moneyTransferredAt: timestamp('money_transferred_at', { withTimezone: true }),
    returnNumber: text('return_number'),
    registerRef: text('register_ref'),
    registerNumber: text('register_number'),
    // The storage reminder mail was written (once per arrival).
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    trackedAt: timestamp('tracked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shipments_reference_key').on(t.reference),
    uniqueIndex('shipments_live_order_key').on(t.orderId).where(sql`${t.status} <> 'deleted'`),
    uniqueIndex('shipments_number_key').on(t.carrier, t.number).where(sql`${t.status} <> 'deleted'`),
    index('shipments_status_idx').on(t.status, t.trackedAt),
    oneOf('shipments_carrier_check', t.carrier, carriers),
    oneOf('shipments_service_check', t.service, shipmentServices),
    oneOf('shipments_payer_check', t.payer, deliveryPayers),
    oneOf('shipments_status_check', t.status, shipmentStatuses),
    check('shipments_cod_check', sql`(${t.codKind} is null) = (${t.codAmount} is null)`),
    check('shipments_cod_amount_check', sql`${t.codAmount} is null or ${t.codAmount} > 0`),
    check('shipments_weight_check', sql`${t.weightKg} > 0`),
  ],
);

/** Each change of a shipment's status, as the carrier reported it (or a manager made it). */
export const shipmentEvents = pgTable(
  'shipment_events',
  {
    id: serial('id').primaryKey(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    status: text('status', { enum: shipmentStatuses }).notNull(),
    carrierCode: text('carrier_code'),
    carrierText: text('carrier_text'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('shipment_events_shipment_idx').on(t.shipmentId, t.at),
    oneOf('shipment_events_status_check', t.status, shipmentStatuses),
  ],
);

/**
 * The shop's own Nova Poshta stand-in (without an API key, in the demo and the tests): the documents
 * it was asked to create, with the status a person moves them to on its page. It answers the same JSON
 * protocol as Nova Poshta, so the shop's adapter is the one that talks to the real carrier.
 */
export const carrierSandboxDocuments = pgTable(
  'carrier_sandbox_documents',
  {
    ref: uuid('ref').primaryKey(),
    number: text('number').notNull(),
    // InternetDocument.save's methodProperties as sent.
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull(),
    statusCode: text('status_code').notNull().default('1'),
    registerRef: uuid('register_ref'),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    returnNumber: text('return_number'),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('carrier_sandbox_documents_number_key').on(t.number)],
);

/** The stand-in's registers (ScanSheet). */
export const carrierSandboxRegisters = pgTable('carrier_sandbox_registers', {
  ref: uuid('ref').primaryKey(),
  number: text('number').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
