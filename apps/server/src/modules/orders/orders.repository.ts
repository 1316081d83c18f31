import { shopTimeZone } from '@kram/contract/admin-dashboard';
import type { OrderStatus } from '@kram/contract/orders';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Database, type Executor, transactionOf } from '../../db/client.ts';
import { idempotencyKeys, orderItems, orderNotes, orders } from './schema.ts';

export type NewOrder = typeof orders.$inferInsert;
export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderItems.$inferSelect;
/** An order line as priced, before it belongs to an order. */
export type NewOrderLine = Omit<typeof orderItems.$inferInsert, 'id' | 'orderId' | 'position'>;
export type OrderRecord = OrderRow & { lines: OrderLineRow[] };
export type OrderNoteRow = typeof orderNotes.$inferSelect;

/** One Kyiv day's orders that still stand: how many, and their amount. */
export interface DayTotal {
  /** `2026-11-23` */
  date: string;
  orders: number;
  amount: string;
}

export interface IdempotencyClaim {
  scope: string;
  key: string;
  fingerprint: string;
}

export type CreateOutcome =
  | { outcome: 'created'; order: OrderRecord }
  /** The key was used before (possibly by a submission still in flight, which this one waited for). */
  | { outcome: 'replayed'; orderId: string | null; fingerprint: string };

/**
 * When the buyer has the goods, for the 14 days of the return terms. `delivered` sets it when it is not
 * set; `completed` sets it anew: a parcel is `delivered` when it reaches the branch, and `completed` when
 * the buyer takes it (or its cash is handed over), so the later reading never shortens the buyer's days.
 */
const receivedAt = (to: OrderStatus) =>
  to === 'completed'
    ? { receivedAt: sql`now()` }
    : to === 'delivered'
      ? { receivedAt: sql`coalesce(${orders.receivedAt}, now())` }
      : {};

/** An order's amount after its lines changed, and the time it changed. */
const setAmount = (tx: Executor, orderId: string, amount: string) =>
  tx.update(orders).set({ amount, updatedAt: sql`now()` }).where(eq(orders.id, orderId));

export function ordersRepository(database: Database) {
  const { db } = database;

  async function load(ids: string[], executor: Executor = db): Promise<OrderRecord[]> {
    if (ids.length === 0) return [];
    const [rows, lines] = await Promise.all([
      executor.select().from(orders).where(inArray(orders.id, ids)),
      executor
        .select()
        .from(orderItems)
        .where(inArray(orderItems.orderId, ids))
        .orderBy(asc(orderItems.orderId), asc(orderItems.position)),
    ]);
    const byOrder = new Map<string, OrderLineRow[]>();
    for (const line of lines) byOrder.set(line.orderId, [...(byOrder.get(line.orderId) ?? []), line]);
    const byId = new Map(rows.map((r): [string, OrderRecord] => [r.id, { ...r, lines: byOrder.get(r.id) ?? [] }]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  return {
    transaction: transactionOf(database),

    /** The order a key placed, if the key was seen (read before pricing, so replays skip that work). */
    async claimed(scope: string, key: string): Promise<{ fingerprint: string; orderId: string | null } | undefined> {
      const [row] = await db
        .select({ fingerprint: idempotencyKeys.fingerprint, orderId: idempotencyKeys.orderId })
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
      return row;
    },

    /**
     * Writes the order and its lines in one transaction. With a claim, the key is inserted first: a
     * concurrent submission with the same key waits on it (PostgreSQL's unique index; PGlite runs one
     * transaction at a time) and then finds the key taken, so exactly one order is written. `alongside`
     * writes in the same transaction (the order's mails): if it fails, no order is written.
     */
    async create(
      order: NewOrder,
      lines: NewOrderLine[],
      claim?: IdempotencyClaim,
      alongside?: (order: OrderRecord, tx: Executor) => Promise<void>,
    ): Promise<CreateOutcome> {
      return db.transaction(async (tx) => {
        if (claim) {
          const inserted = await tx
            .insert(idempotencyKeys)
            .values({ scope: claim.scope, key: claim.key, fingerprint: claim.fingerprint })
            .onConflictDoNothing()
            .returning({ key: idempotencyKeys.key });
          if (inserted.length === 0) {
            const [seen] = await tx
              .select({ fingerprint: idempotencyKeys.fingerprint, orderId: idempotencyKeys.orderId })
              .from(idempotencyKeys)
              .where(and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.key, claim.key)));
            return { outcome: 'replayed', orderId: seen?.orderId ?? null, fingerprint: seen?.fingerprint ?? '' };
          }
        }
        const [row] = await tx.insert(orders).values(order).returning();
        if (!row) throw new Error('insert into orders returned no row');
        const written = await tx
          .insert(orderItems)
          .values(lines.map((line, position) => ({ ...line, orderId: row.id, position })))
          .returning();
        if (claim) {
          await tx
            .update(idempotencyKeys)
            .set({ orderId: row.id })
            .where(and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.key, claim.key)));
        }
        const created: OrderRecord = { ...row, lines: written };
        if (alongside) await alongside(created, tx);
        return { outcome: 'created', order: created };
      });
    },

    async byId(id: string, executor?: Executor): Promise<OrderRecord | undefined> {
      return (await load([id], executor))[0];
    },

    /** Orders with their lines, in the order of `ids`. */
    async byIds(ids: string[], executor?: Executor): Promise<OrderRecord[]> {
      return load(ids, executor);
    },

    /** An order's status and payment method alone (the guest's status read). */
    async statusById(id: string, executor: Executor = db) {
      const [row] = await executor
        .select({ id: orders.id, status: orders.status, paymentMethod: orders.paymentMethod })
        .from(orders)
        .where(eq(orders.id, id));
      return row;
    },

    /** How many orders are in each status (statuses without orders are absent), in one grouped read. */
    async countByStatus(): Promise<{ status: OrderStatus; count: number }[]> {
      return db.select({ status: orders.status, count: count() }).from(orders).groupBy(orders.status);
    },

    /**
     * Orders placed from the first day to the last (Kyiv days, both included) that still stand (not
     * cancelled or returned), by day; days without any are absent. The range is turned into instants
     * once, so the scan uses the index on created_at.
     */
    async dailyTotals(from: string, to: string): Promise<DayTotal[]> {
      return database.rows<DayTotal>(sql`
        select to_char(o.created_at at time zone ${shopTimeZone}, 'YYYY-MM-DD') as date,
          count(*)::int as orders, sum(o.amount)::text as amount
        from orders o
        where o.created_at >= (${from}::date::timestamp at time zone ${shopTimeZone})
          and o.created_at < ((${to}::date + 1)::timestamp at time zone ${shopTimeZone})
          and o.status not in ('cancelled', 'returned')
        group by 1
        order by 1`);
    },

    /** A user's orders, newest first. */
    async forUser(userId: number, limit: number): Promise<OrderRecord[]> {
      const rows = await db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(limit);
      return load(rows.map((r) => r.id));
    },

    /** The order, locked until `tx` ends: changes to one order apply one at a time. */
    async lock(id: string, tx: Executor): Promise<OrderRecord | undefined> {
      const [row] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, id)).for('update');
      return row ? (await load([row.id], tx))[0] : undefined;
    },

    /**
     * Moves an order to `to` if it is in one of `from`; false when it was not. `cancelReason` is
     * written with the move (a cancellation's), or left as it was. A move to delivered or completed
     * records when the buyer received the goods (`receivedAt` above).
     */
    async setStatus(
      id: string,
      from: readonly OrderStatus[],
      to: OrderStatus,
      executor: Executor = db,
      cancelReason?: string,
    ) {
      if (from.length === 0) return false;
      const rows = await executor
        .update(orders)
        .set({
          status: to,
          updatedAt: sql`now()`,
          ...(cancelReason === undefined ? {} : { cancelReason }),
          ...receivedAt(to),
        })
        .where(and(eq(orders.id, id), inArray(orders.status, [...from])))
        .returning({ id: orders.id });
      return rows.length === 1;
    },

    /** A line's new unit price and the order's new amount, together. */
    async setLinePrice(orderId: string, lineId: number, price: string, amount: string, tx: Executor) {
      await tx
        .update(orderItems)
        .set({ price })
        .where(and(eq(orderItems.id, lineId), eq(orderItems.orderId, orderId)));
      await setAmount(tx, orderId, amount);
    },

    /** Removes a line and sets the order's new amount, together. */
    async removeLine(orderId: string, lineId: number, amount: string, tx: Executor) {
      await tx.delete(orderItems).where(and(eq(orderItems.id, lineId), eq(orderItems.orderId, orderId)));
      await setAmount(tx, orderId, amount);
    },

    async addNote(orderId: string, authorId: number, text: string, tx: Executor): Promise<OrderNoteRow> {
      const [row] = await tx.insert(orderNotes).values({ orderId, authorId, text }).returning();
      if (!row) throw new Error('insert into order_notes returned no row');
      return row;
    },

    /** An order's notes, oldest first. */
    async notes(orderId: string, executor: Executor = db): Promise<OrderNoteRow[]> {
      return executor
        .select()
        .from(orderNotes)
        .where(eq(orderNotes.orderId, orderId))
        .orderBy(asc(orderNotes.createdAt), asc(orderNotes.id));
    },
  };
}

export type OrdersRepository = ReturnType<typeof ordersRepository>;
