import { openShipmentStatuses, type ShipmentStatus, type ShippingFilter } from '@kram/contract/shipping';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Database, type Executor, transactionOf } from '../../db/client.ts';
import { shipmentEvents, shipments, shippingSettings } from './schema.ts';

export type ShipmentRow = typeof shipments.$inferSelect;
export type NewShipment = typeof shipments.$inferInsert;
export type ShipmentEventRow = typeof shipmentEvents.$inferSelect;
export type SettingsRow = typeof shippingSettings.$inferSelect;
export type SettingsChange = Partial<Omit<SettingsRow, 'id' | 'updatedAt'>>;

/** What a tracking answer changes on a shipment. */
export type TrackingChange = Partial<
  Pick<
    ShipmentRow,
    | 'status'
    | 'carrierCode'
    | 'carrierText'
    | 'arrivedAt'
    | 'storageUntil'
    | 'receivedAt'
    | 'refusedAt'
    | 'returnedAt'
    | 'moneyTransferredAt'
    | 'returnNumber'
    | 'reminderSentAt'
  >
>;

/**
 * The order list's shipping filters, as a condition on the order's id: whether its live parcel is in
 * the filter's statuses (for "to ship": that it has none, or only a waybill not handed over yet).
 * `tomorrow` is the Kyiv day after today: storage that ends by then is ending.
 */
export function shippingCondition(filter: ShippingFilter, orderId: AnyPgColumn, tomorrow: string): SQL {
  const parcelIn = (statuses: readonly ShipmentStatus[], extra?: SQL) =>
    sql`exists (select 1 from ${shipments} where ${shipments.orderId} = ${orderId} and ${inArray(shipments.status, [...statuses])}${extra ? sql` and ${extra}` : sql``})`;
  switch (filter) {
    case 'to_ship':
      return sql`not ${parcelIn(['in_transit', 'at_branch', 'received', 'refused', 'returning', 'returned'])}`;
    case 'in_transit':
      return parcelIn(['in_transit']);
    case 'at_branch':
      return parcelIn(['at_branch']);
    case 'storage_ending':
      return parcelIn(['at_branch'], lte(shipments.storageUntil, tomorrow));
    case 'returning':
      return parcelIn(['refused', 'returning']);
  }
}

export function shippingRepository(database: Database) {
  const { db } = database;
  return {
    transaction: transactionOf(database),

    async settings(executor: Executor = db): Promise<SettingsRow> {
      const [row] = await executor.select().from(shippingSettings).where(eq(shippingSettings.id, 1));
      if (row) return row;
      await executor.insert(shippingSettings).values({ id: 1 }).onConflictDoNothing();
      const [created] = await executor.select().from(shippingSettings).where(eq(shippingSettings.id, 1));
      if (!created) throw new Error('shipping_settings has no row');
      return created;
    },

    async saveSettings(change: SettingsChange, executor: Executor = db): Promise<SettingsRow> {
      await this.settings(executor);
      const [row] = await executor
        .update(shippingSettings)
        .set({ ...change, updatedAt: sql`now()` })
        .where(eq(shippingSettings.id, 1))
        .returning();
      if (!row) throw new Error('shipping_settings has no row');
      return row;
    },

    /** The order's live shipment (not deleted), if any. */
    async liveOf(orderId: string, executor: Executor = db): Promise<ShipmentRow | undefined> {
      const [row] = await executor
        .select()
        .from(shipments)
        .where(and(eq(shipments.orderId, orderId), ne(shipments.status, 'deleted')));
      return row;
    },

    /** The live shipments of these orders. */
    async liveOfOrders(orderIds: readonly string[], executor: Executor = db): Promise<ShipmentRow[]> {
      if (orderIds.length === 0) return [];
      return executor
        .select()
        .from(shipments)
        .where(and(inArray(shipments.orderId, [...orderIds]), ne(shipments.status, 'deleted')));
    },

    async byId(id: number, executor: Executor = db): Promise<ShipmentRow | undefined> {
      const [row] = await executor.select().from(shipments).where(eq(shipments.id, id));
      return row;
    },

    /** The shipment locked until `tx` ends: one change of a parcel at a time. */
    async lock(id: number, tx: Executor): Promise<ShipmentRow | undefined> {
      const [row] = await tx.select().from(shipments).where(eq(shipments.id, id)).for('update');
      return row;
    },

    /** Every shipment of an order, newest first (deleted waybills too). */
    async ofOrder(orderId: string, executor: Executor = db): Promise<ShipmentRow[]> {
      return executor
        .select()
        .from(shipments)
        .where(eq(shipments.orderId, orderId))
        .orderBy(desc(shipments.createdAt), desc(shipments.id));
    },

    async insert(row: NewShipment, tx: Executor): Promise<ShipmentRow> {
      const [created] = await tx.insert(shipments).values(row).returning();
      if (!created) throw new Error('insert into shipments returned no row');
      return created;
    },

    async update(id: number, change: Partial<NewShipment>, tx: Executor): Promise<ShipmentRow> {
      const [row] = await tx
        .update(shipments)
        .set({ ...change, updatedAt: sql`now()` })
        .where(eq(shipments.id, id))
        .returning();
      if (!row) throw new Error(`shipment ${id} is gone`);
      return row;
    },

    /** Takes away a shipment the carrier never made (it refused): nothing of it stays. */
    async deletePending(id: number, executor: Executor = db): Promise<void> {
      await executor.delete(shipments).where(and(eq(shipments.id, id), isNull(shipments.number)));
    },

    /** Whether the shop handed waybills over with this register. */
    async registerExists(ref: string, executor: Executor = db): Promise<boolean> {
      const rows = await executor
        .select({ id: shipments.id })
        .from(shipments)
        .where(eq(shipments.registerRef, ref))
        .limit(1);
      return rows.length > 0;
    },

    /** Whether a live shipment has this waybill number. */
    async numberTaken(number: string, executor: Executor = db): Promise<boolean> {
      const rows = await executor
        .select({ id: shipments.id })
        .from(shipments)
        .where(and(eq(shipments.number, number), ne(shipments.status, 'deleted')))
        .limit(1);
      return rows.length > 0;
    },

    async addEvent(
      event: { shipmentId: number; status: ShipmentStatus; carrierCode?: string | null; carrierText?: string | null },
      tx: Executor,
    ): Promise<void> {
      await tx.insert(shipmentEvents).values(event);
    },

    async events(shipmentId: number, executor: Executor = db): Promise<ShipmentEventRow[]> {
      return executor
        .select()
        .from(shipmentEvents)
        .where(eq(shipmentEvents.shipmentId, shipmentId))
        .orderBy(asc(shipmentEvents.at), asc(shipmentEvents.id));
    },

    /**
     * Open shipments with a number, least recently tracked first: what the next tracking run reads.
     * A waybill typed by hand is tracked too once the shop has a carrier to ask; a received parcel
     * only until its cash on delivery has reached the shop.
     */
    async dueForTracking(limit: number, executor: Executor = db): Promise<ShipmentRow[]> {
      return executor
        .select()
        .from(shipments)
        .where(
          and(
            inArray(shipments.status, [...openShipmentStatuses]),
            isNotNull(shipments.number),
            // A received parcel is followed only while its cash on delivery is on its way to the shop.
            sql`not (${shipments.status} = 'received' and (${shipments.codKind} is distinct from 'cash_on_delivery' or ${shipments.moneyTransferredAt} is not null))`,
          ),
        )
        .orderBy(sql`${shipments.trackedAt} asc nulls first`, asc(shipments.id))
        .limit(limit);
    },

    async markTracked(ids: readonly number[], executor: Executor = db): Promise<void> {
      if (ids.length === 0) return;
      await executor
        .update(shipments)
        .set({ trackedAt: sql`now()` })
        .where(inArray(shipments.id, [...ids]));
    },

    /** Parcels at a branch whose storage ends on `day` (tomorrow) and whose reminder is not written yet. */
    async remindersDue(day: string, executor: Executor = db): Promise<ShipmentRow[]> {
      return executor
        .select()
        .from(shipments)
        .where(
          and(eq(shipments.status, 'at_branch'), isNull(shipments.reminderSentAt), eq(shipments.storageUntil, day)),
        );
    },
  };
}

export type ShippingRepository = ReturnType<typeof shippingRepository>;
