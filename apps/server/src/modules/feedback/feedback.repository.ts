import type { AdminFeedbackListQuery } from '@kram/contract/admin-inbox';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type Database, type Executor, transactionOf } from '../../db/client.ts';
import { likePattern } from '../../lib/like-pattern.ts';
import { onePage } from '../../lib/list-page.ts';
import { feedbackMessages } from './schema.ts';

export type NewFeedback = typeof feedbackMessages.$inferInsert;
export type FeedbackRow = typeof feedbackMessages.$inferSelect;

const sorts = {
  created_at: feedbackMessages.createdAt,
  handled_at: feedbackMessages.handledAt,
  name: feedbackMessages.name,
  email: feedbackMessages.email,
} as const;

function matching(query: AdminFeedbackListQuery): SQL | undefined {
  return and(
    ...([
      query.handled === undefined
        ? undefined
        : query.handled
          ? isNotNull(feedbackMessages.handledAt)
          : isNull(feedbackMessages.handledAt),
      query.q
        ? or(
            ilike(feedbackMessages.name, likePattern(query.q)),
            ilike(feedbackMessages.email, likePattern(query.q)),
            ilike(feedbackMessages.message, likePattern(query.q)),
          )
        : undefined,
      query.id ? inArray(feedbackMessages.id, query.id) : undefined,
    ] satisfies (SQL | undefined)[]),
  );
}

export function feedbackRepository(database: Database) {
  const { db } = database;
  return {
    transaction: transactionOf(database),

    async create(feedback: NewFeedback, executor: Executor = db): Promise<number> {
      const [row] = await executor.insert(feedbackMessages).values(feedback).returning({ id: feedbackMessages.id });
      if (!row) throw new Error('insert into feedback_messages returned no row');
      return row.id;
    },

    /** A page of messages; unsorted, the ones nobody has handled come first, newest first. */
    async list(query: AdminFeedbackListQuery): Promise<{ count: number; rows: FeedbackRow[] }> {
      const where = matching(query);
      const orderBy = query.sort
        ? [query.order === 'desc' ? desc(sorts[query.sort]) : asc(sorts[query.sort])]
        : [asc(sql`${feedbackMessages.handledAt} is not null`), desc(feedbackMessages.createdAt)];
      const [total] = await db.select({ n: count() }).from(feedbackMessages).where(where);
      const rows = await onePage(
        db.select().from(feedbackMessages).where(where).$dynamic(),
        [...orderBy, desc(feedbackMessages.id)],
        query,
      );
      return { count: total?.n ?? 0, rows };
    },

    /** The messages among `ids` that exist, by id. */
    byIds(ids: readonly number[], executor: Executor = db): Promise<FeedbackRow[]> {
      return executor
        .select()
        .from(feedbackMessages)
        .where(inArray(feedbackMessages.id, [...ids]))
        .orderBy(asc(feedbackMessages.id));
    },

    /** Holds the messages until the transaction ends, so two members of staff marking one do it one after the other. */
    async lock(tx: Executor, ids: readonly number[]): Promise<void> {
      await tx
        .select({ id: feedbackMessages.id })
        .from(feedbackMessages)
        .where(inArray(feedbackMessages.id, [...ids]))
        .orderBy(asc(feedbackMessages.id))
        .for('update');
    },

    async setHandled(tx: Executor, ids: readonly number[], by: number | null): Promise<void> {
      if (ids.length === 0) return;
      await tx
        .update(feedbackMessages)
        .set({ handledAt: by === null ? null : sql`now()`, handledBy: by })
        .where(inArray(feedbackMessages.id, [...ids]));
    },

    /** How many messages nobody has handled yet. */
    async unhandledCount(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(feedbackMessages).where(isNull(feedbackMessages.handledAt));
      return row?.n ?? 0;
    },

    async byId(id: number): Promise<FeedbackRow | undefined> {
      const [row] = await db.select().from(feedbackMessages).where(eq(feedbackMessages.id, id));
      return row;
    },
  };
}

export type FeedbackRepository = ReturnType<typeof feedbackRepository>;
