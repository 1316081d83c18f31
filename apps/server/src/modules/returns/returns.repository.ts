import type { ReturnStatus } from '@kram/contract/returns';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Database, type Executor, transactionOf } from '../../db/client.ts';
import { ordered } from '../../lib/list-page.ts';
import { returnLines, returnRequests } from './schema.ts';

export type ReturnRow = typeof returnRequests.$inferSelect;
export type ReturnLineRow = typeof returnLines.$inferSelect;
export type ReturnRecord = ReturnRow & { lines: ReturnLineRow[] };
export type NewReturn = Omit<typeof returnRequests.$inferInsert, 'createdAt' | 'updatedAt' | 'steps'>;
export type ReturnChange = Partial<
  Pick<
    ReturnRow,
    | 'status'
    | 'refusalReason'
    | 'refusalNote'
    | 'bankStatus'
    | 'bankAnswer'
    | 'refundReference'
    | 'receivedAt'
    | 'refundDueAt'
    | 'refundedAt'
  >
>;

/** The back office's list: its filters and sort, and the search over the returns' orders (the orders module's). */
export interface ReturnFilter {
  status?: ReturnStatus;
  overdue?: boolean;
  orderId?: string;
  /** Keeps the rows whose order the search finds, given the column of their order's id. */
  orderSearch?: (orderId: AnyPgColumn) => SQL;
  sort?: 'created_at' | 'status' | 'refund_due_at';
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

/** Goods received back and not refunded by the day the terms give. */
const overdue = sql`(${returnRequests.status} = 'received' and ${returnRequests.refundDueAt} < now())`;

/** Statuses sort in the order of a return's life. */
const statusRank = sql`array_position(array['requested', 'accepted', 'refused', 'received', 'refunded']::text[], ${returnRequests.status})`;

export function returnsRepository(database: Database) {
  const { db } = database;

  /** The returns with their lines, in the order of `ids`. */
  async function load(ids: string[], executor: Executor = db): Promise<ReturnRecord[]> {
    if (ids.length === 0) return [];
    const [rows, lines] = await Promise.all([
      executor.select().from(returnRequests).where(inArray(returnRequests.id, ids)),
      executor
        .select()
        .from(returnLines)
        .where(inArray(returnLines.returnId, ids))
        .orderBy(asc(returnLines.returnId), asc(returnLines.position)),
    ]);
    const byReturn = new Map<string, ReturnLineRow[]>();
    for (const line of lines) byReturn.set(line.returnId, [...(byReturn.get(line.returnId) ?? []), line]);
    const byId = new Map(rows.map((r): [string, ReturnRecord] => [r.id, { ...r, lines: byReturn.get(r.id) ?? [] }]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  return {
    transaction: transactionOf(database),

    /**
     * Writes a return and its lines, its first step `requested`. Its time is the clock's at the write
     * (not the transaction's start), so an order's returns, written one at a time under the order's
     * lock, are in the order they were asked for.
     */
    async create(
      request: NewReturn,
      lines: readonly Omit<ReturnLineRow, 'returnId'>[],
      tx: Executor,
    ): Promise<ReturnRecord> {
      const [inserted] = await tx
        .insert(returnRequests)
        .values({ ...request, createdAt: sql`clock_timestamp()`, updatedAt: sql`clock_timestamp()` })
        .returning({ id: returnRequests.id, createdAt: returnRequests.createdAt });
      if (!inserted) throw new Error('insert into return_requests returned no row');
      const steps = [{ status: 'requested', at: inserted.createdAt.toISOString() }];
      const [row] = await tx
        .update(returnRequests)
        .set({ steps })
        .where(eq(returnRequests.id, inserted.id))
        .returning();
      if (!row) throw new Error('update of return_requests returned no row');
      const written = await tx
        .insert(returnLines)
        .values(lines.map((line) => ({ ...line, returnId: row.id })))
        .returning();
      return { ...row, lines: written };
    },

    async byId(id: string, executor?: Executor): Promise<ReturnRecord | undefined> {
      return (await load([id], executor))[0];
    },

    /** The return, locked until `tx` ends: its steps apply one at a time. */
    async lock(id: string, tx: Executor): Promise<ReturnRecord | undefined> {
      const [row] = await tx
        .select({ id: returnRequests.id })
        .from(returnRequests)
        .where(eq(returnRequests.id, id))
        .for('update');
      return row ? (await load([row.id], tx))[0] : undefined;
    },

    /** An order's returns with their lines, oldest first (the order they were asked for in). */
    async ofOrder(orderId: string, executor: Executor = db): Promise<ReturnRecord[]> {
      const rows = await executor
        .select({ id: returnRequests.id })
        .from(returnRequests)
        .where(eq(returnRequests.orderId, orderId))
        .orderBy(asc(returnRequests.createdAt), asc(returnRequests.id));
      return load(
        rows.map((r) => r.id),
        executor,
      );
    },

    /** Changes the return's fields; a step taken (a new status, at its time) is appended to its history. */
    async update(id: string, change: ReturnChange, tx: Executor, step?: { status: ReturnStatus; at: Date }) {
      const steps = step
        ? sql`${returnRequests.steps} || ${JSON.stringify([{ status: step.status, at: step.at.toISOString() }])}::jsonb`
        : undefined;
      await tx
        .update(returnRequests)
        .set({ ...change, updatedAt: sql`now()`, ...(steps ? { steps } : {}) })
        .where(eq(returnRequests.id, id));
    },

    /** One page of the back office's list, with how many rows the filters keep. */
    async list(filter: ReturnFilter): Promise<{ count: number; rows: ReturnRecord[] }> {
      const condition = and(
        filter.status ? eq(returnRequests.status, filter.status) : undefined,
        filter.overdue === true ? overdue : filter.overdue === false ? sql`not ${overdue}` : undefined,
        filter.orderId ? eq(returnRequests.orderId, filter.orderId) : undefined,
        filter.orderSearch ? filter.orderSearch(returnRequests.orderId) : undefined,
      );
      // Newest first unless a sort is asked for; the id last, so pages neither repeat nor skip a row.
      const direction = filter.sort ? filter.order : 'desc';
      const by: SQL[] =
        filter.sort === 'status'
          ? [ordered(statusRank, direction), desc(returnRequests.createdAt)]
          : filter.sort === 'refund_due_at'
            ? [sql`${returnRequests.refundDueAt} ${sql.raw(direction)} nulls last`, desc(returnRequests.createdAt)]
            : [ordered(returnRequests.createdAt, direction)];
      const [total] = await db.select({ n: count() }).from(returnRequests).where(condition);
      const rows = await db
        .select({ id: returnRequests.id })
        .from(returnRequests)
        .where(condition)
        .orderBy(...by, ordered(returnRequests.id, direction))
        .limit(filter.pageSize)
        .offset((filter.page - 1) * filter.pageSize);
      return {
        count: total?.n ?? 0,
        rows: await load(rows.map((r) => r.id)),
      };
    },

    /** The dashboard's counts: requests waiting, refunds due, refunds overdue and their sum. */
    async alerts(): Promise<{ requested: number; received: number; overdue: number; overdueSum: string }> {
      const [row] = await db
        .select({
          requested: sql<number>`(count(*) filter (where ${returnRequests.status} = 'requested'))::int`,
          received: sql<number>`(count(*) filter (where ${returnRequests.status} = 'received'))::int`,
          overdue: sql<number>`(count(*) filter (where ${overdue}))::int`,
          overdueSum: sql<string>`coalesce(sum(${returnRequests.refundAmount}) filter (where ${overdue}), 0)::numeric(14, 2)::text`,
        })
        .from(returnRequests)
        .where(inArray(returnRequests.status, ['requested', 'received']));
      return {
        requested: row?.requested ?? 0,
        received: row?.received ?? 0,
        overdue: row?.overdue ?? 0,
        overdueSum: row?.overdueSum ?? '0.00',
      };
    },
  };
}

export type ReturnsRepository = ReturnType<typeof returnsRepository>;
