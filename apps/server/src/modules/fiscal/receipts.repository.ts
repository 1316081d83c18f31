import type { adminReceiptsQuery } from '@kram/contract/admin-fiscal';
import { and, asc, desc, eq, getTableColumns, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, type Executor, transactionOf } from '../../db/client.ts';
import { likePattern } from '../../lib/like-pattern.ts';
import { fiscalReceipts } from './schema.ts';

export type ReceiptRow = typeof fiscalReceipts.$inferSelect;
export type NewReceipt = Omit<typeof fiscalReceipts.$inferInsert, 'createdAt' | 'updatedAt'>;
/** A row as the back office reads it: with whether it is overdue by the database's clock. */
export type ListedReceipt = ReceiptRow & { overdue: boolean };
export type ReceiptListQuery = z.output<typeof adminReceiptsQuery>;

/** Not issued an hour after it was first due: the dashboard counts it, the manager's chat hears of it. */
const overdueSql = sql<boolean>`(${fiscalReceipts.status} in ('pending', 'issuing') and ${fiscalReceipts.createdAt} <= now() - interval '1 hour')`;
const unissued = inArray(fiscalReceipts.status, ['pending', 'issuing']);

/** The fiscal receipts, which are also the outbox the worker issues them from. */
export function receiptsRepository(database: Database) {
  const { db } = database;
  const listed = { ...getTableColumns(fiscalReceipts), overdue: overdueSql };

  return {
    transaction: transactionOf(database),

    /** Writes the receipt unless one with its dedupe key exists; undefined then. */
    async insert(receipt: NewReceipt, tx: Executor = db): Promise<ReceiptRow | undefined> {
      const [row] = await tx.insert(fiscalReceipts).values(receipt).onConflictDoNothing().returning();
      return row;
    },

    async byDedupeKey(key: string, tx: Executor = db): Promise<ReceiptRow | undefined> {
      const [row] = await tx.select().from(fiscalReceipts).where(eq(fiscalReceipts.dedupeKey, key));
      return row;
    },

    async byId(id: string, tx: Executor = db): Promise<ListedReceipt | undefined> {
      const [row] = await tx.select(listed).from(fiscalReceipts).where(eq(fiscalReceipts.id, id));
      return row;
    },

    /** An order's receipts, oldest first. */
    async ofOrder(orderId: string, tx: Executor = db): Promise<ListedReceipt[]> {
      const rows = await tx
        .select(listed)
        .from(fiscalReceipts)
        .where(eq(fiscalReceipts.orderId, orderId))
        .orderBy(asc(fiscalReceipts.createdAt), asc(fiscalReceipts.id));
      return rows;
    },

    /** The order's sell receipt the shop issues (or has issued): not a carrier's record. */
    async sellOf(orderId: string, tx: Executor = db): Promise<ReceiptRow | undefined> {
      const [row] = await tx
        .select()
        .from(fiscalReceipts)
        .where(
          and(
            eq(fiscalReceipts.orderId, orderId),
            eq(fiscalReceipts.kind, 'sell'),
            ne(fiscalReceipts.status, 'by_carrier'),
          ),
        )
        .orderBy(desc(fiscalReceipts.createdAt))
        .limit(1);
      return row;
    },

    /**
     * Takes the receipt due first, if any: its attempt is counted and its next one set `leaseMs` away,
     * so another worker (another process) leaves it alone meanwhile, and a worker that dies with it
     * leaves it to be tried again then. A return receipt waits until its sell receipt is fiscalised.
     */
    async claimNext(leaseMs: (attempts: number) => number): Promise<ReceiptRow | undefined> {
      return db.transaction(async (tx) => {
        const result = (await tx.execute(sql`
          select r.id, r.attempts from fiscal_receipts r
          where r.status in ('pending', 'issuing') and r.next_attempt_at <= now()
            and (r.kind = 'sell' or exists (
              select 1 from fiscal_receipts s where s.id = r.related_receipt_id and s.status = 'done'))
          order by r.next_attempt_at, r.created_at
          limit 1
          for update of r skip locked`)) as unknown as { rows: { id: string; attempts: number }[] };
        const due = result.rows[0];
        if (!due) return undefined;
        const attempts = Number(due.attempts) + 1;
        const [row] = await tx
          .update(fiscalReceipts)
          .set({
            attempts,
            nextAttemptAt: sql`now() + make_interval(secs => ${leaseMs(attempts) / 1000})`,
            updatedAt: sql`now()`,
          })
          .where(eq(fiscalReceipts.id, due.id))
          .returning();
        return row;
      });
    },

    /** About to be sent: from now on the register may have it, so a later attempt looks it up first. */
    async markIssuing(id: string): Promise<void> {
      await db
        .update(fiscalReceipts)
        .set({ status: 'issuing', updatedAt: sql`now()` })
        .where(and(eq(fiscalReceipts.id, id), unissued));
    },

    async markDone(id: string, done: { fiscalCode: string | null; serial: number | null; shiftId: string | null }) {
      await db
        .update(fiscalReceipts)
        .set({ status: 'done', ...done, lastError: null, issuedAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(fiscalReceipts.id, id), unissued));
    },

    /**
     * An attempt that did not end in a fiscal receipt: why, and when to try again; sooner when someone
     * asked for it to be tried now while the attempt was under way.
     */
    async markFailed(id: string, failed: { status: 'pending' | 'issuing'; error: string; retryInMs: number }) {
      await db
        .update(fiscalReceipts)
        .set({
          status: failed.status,
          lastError: failed.error.slice(0, 2000),
          nextAttemptAt: sql`least(${fiscalReceipts.nextAttemptAt}, now() + make_interval(secs => ${failed.retryInMs / 1000}))`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(fiscalReceipts.id, id), unissued));
    },

    /** Due now; false when it is issued already (or by the carrier). */
    async dueNow(id: string): Promise<boolean> {
      const rows = await db
        .update(fiscalReceipts)
        .set({ nextAttemptAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(fiscalReceipts.id, id), unissued))
        .returning({ id: fiscalReceipts.id });
      return rows.length === 1;
    },

    /**
     * Overdue receipts the manager's chat has not heard of, oldest first, marked as told in the same
     * statement: of two processes looking at once, one tells.
     */
    async claimAlerts(limit: number): Promise<ReceiptRow[]> {
      const due = db
        .select({ id: fiscalReceipts.id })
        .from(fiscalReceipts)
        .where(and(overdueSql, sql`${fiscalReceipts.alertedAt} is null`))
        .orderBy(asc(fiscalReceipts.createdAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      const rows = await db
        .update(fiscalReceipts)
        .set({ alertedAt: sql`now()` })
        .where(and(inArray(fiscalReceipts.id, due), sql`${fiscalReceipts.alertedAt} is null`))
        .returning();
      return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    },

    async alerts(): Promise<{ overdue: number; oldestDueAt: Date | null }> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${fiscalReceipts.createdAt})` })
        .from(fiscalReceipts)
        .where(overdueSql);
      return { overdue: row?.n ?? 0, oldestDueAt: row?.oldest ? new Date(row.oldest) : null };
    },

    async list(query: ReceiptListQuery): Promise<{ count: number; rows: ListedReceipt[] }> {
      const q = query.q?.replace(/^#/, '');
      const conditions: (SQL | undefined)[] = [
        query.status ? eq(fiscalReceipts.status, query.status) : undefined,
        query.kind ? eq(fiscalReceipts.kind, query.kind) : undefined,
        query.overdue === undefined ? undefined : query.overdue ? overdueSql : sql`not ${overdueSql}`,
        q
          ? or(
              ilike(sql`${fiscalReceipts.orderId}::text`, likePattern(q)),
              ilike(fiscalReceipts.fiscalCode, likePattern(q)),
              ilike(sql`${fiscalReceipts.id}::text`, likePattern(q)),
            )
          : undefined,
      ];
      const where = and(...conditions);
      const column = query.sort === 'status' ? fiscalReceipts.status : fiscalReceipts.createdAt;
      const order = query.sort ? query.order : 'desc';
      const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(fiscalReceipts).where(where);
      const rows = await db
        .select(listed)
        .from(fiscalReceipts)
        .where(where)
        .orderBy(order === 'desc' ? desc(column) : asc(column), desc(fiscalReceipts.createdAt), asc(fiscalReceipts.id))
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size);
      return { count: total?.n ?? 0, rows };
    },
  };
}

export type ReceiptsRepository = ReturnType<typeof receiptsRepository>;
