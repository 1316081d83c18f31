import type { AdminFeedbackListQuery, AdminRatingListQuery } from '@kram/contract/admin-inbox';
import type { Language } from '@kram/contract/languages';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { likePattern } from '../../lib/like-pattern.ts';
import { users } from '../accounts/schema.ts';
import { products } from '../catalog/schema.ts';
import { feedbackMessages } from '../feedback/schema.ts';
import { ratings } from '../ratings/schema.ts';

const feedbackColumns = {
  id: feedbackMessages.id,
  name: feedbackMessages.name,
  phoneNumber: feedbackMessages.phoneNumber,
  email: feedbackMessages.email,
  message: feedbackMessages.message,
  language: feedbackMessages.language,
  createdAt: feedbackMessages.createdAt,
  handledAt: feedbackMessages.handledAt,
  handledBy: feedbackMessages.handledBy,
  handledByEmail: users.email,
};
export interface FeedbackRecord {
  id: number;
  name: string;
  phoneNumber: string;
  email: string;
  message: string;
  language: Language;
  createdAt: Date;
  handledAt: Date | null;
  handledBy: number | null;
  handledByEmail: string | null;
}

const feedbackSorts = {
  created_at: feedbackMessages.createdAt,
  handled_at: feedbackMessages.handledAt,
  name: feedbackMessages.name,
  email: feedbackMessages.email,
} as const;

const ratingColumns = {
  productId: ratings.productId,
  productName: products.name,
  productNameRu: products.nameRu,
  productSlug: products.slug,
  userId: ratings.userId,
  userEmail: users.email,
  rating: ratings.rating,
  createdAt: ratings.createdAt,
  updatedAt: ratings.updatedAt,
};
export interface RatingRecord {
  productId: number;
  productName: string;
  productNameRu: string;
  productSlug: string;
  userId: number;
  userEmail: string;
  rating: number;
  createdAt: Date;
  updatedAt: Date;
}

const ratingSorts = { updated_at: ratings.updatedAt, created_at: ratings.createdAt, rating: ratings.rating } as const;

const page = (query: { page: number; page_size: number }) => ({
  limit: query.page_size,
  offset: (query.page - 1) * query.page_size,
});

/** The contact-form messages and the shoppers' ratings, as the back office reads them. */
export function adminInboxRepository(database: Database) {
  const { db } = database;
  const feedbackSelect = (executor: Executor) =>
    executor.select(feedbackColumns).from(feedbackMessages).leftJoin(users, eq(users.id, feedbackMessages.handledBy));

  return {
    transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    async feedback(query: AdminFeedbackListQuery): Promise<{ count: number; rows: FeedbackRecord[] }> {
      const where = and(
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
      // Unsorted, the messages nobody has handled come first.
      const orderBy = query.sort
        ? [query.order === 'desc' ? desc(feedbackSorts[query.sort]) : asc(feedbackSorts[query.sort])]
        : [asc(sql`${feedbackMessages.handledAt} is not null`), desc(feedbackMessages.createdAt)];
      const [total] = await db.select({ n: count() }).from(feedbackMessages).where(where);
      const { limit, offset } = page(query);
      const rows = await feedbackSelect(db)
        .where(where)
        .orderBy(...orderBy, desc(feedbackMessages.id))
        .limit(limit)
        .offset(offset);
      return { count: total?.n ?? 0, rows };
    },

    async feedbackById(id: number, executor: Executor = db): Promise<FeedbackRecord | undefined> {
      const [row] = await feedbackSelect(executor).where(eq(feedbackMessages.id, id));
      return row;
    },

    /** Holds the messages until the transaction ends, so two members of staff marking one do it one after the other. */
    async lockFeedback(tx: Executor, ids: readonly number[]): Promise<void> {
      await tx
        .select({ id: feedbackMessages.id })
        .from(feedbackMessages)
        .where(inArray(feedbackMessages.id, [...ids]))
        .orderBy(asc(feedbackMessages.id))
        .for('update');
    },

    /** The messages among `ids` that exist, by id. */
    feedbackByIds(ids: readonly number[], executor: Executor = db): Promise<FeedbackRecord[]> {
      return feedbackSelect(executor)
        .where(inArray(feedbackMessages.id, [...ids]))
        .orderBy(asc(feedbackMessages.id));
    },

    async setHandled(tx: Executor, ids: readonly number[], by: number | null): Promise<void> {
      if (ids.length === 0) return;
      await tx
        .update(feedbackMessages)
        .set({ handledAt: by === null ? null : sql`now()`, handledBy: by })
        .where(inArray(feedbackMessages.id, [...ids]));
    },

    async ratings(query: AdminRatingListQuery): Promise<{ count: number; rows: RatingRecord[] }> {
      const where = and(
        ...([
          query.product_id ? eq(ratings.productId, query.product_id) : undefined,
          query.user_id ? eq(ratings.userId, query.user_id) : undefined,
          query.rating ? eq(ratings.rating, query.rating) : undefined,
          query.q
            ? or(
                ilike(products.name, likePattern(query.q)),
                ilike(products.nameRu, likePattern(query.q)),
                ilike(products.slug, likePattern(query.q)),
                ilike(users.email, likePattern(query.q)),
              )
            : undefined,
        ] satisfies (SQL | undefined)[]),
      );
      const column = ratingSorts[query.sort ?? 'updated_at'];
      const direction = query.sort ? query.order : 'desc';
      const [total] = await db
        .select({ n: count() })
        .from(ratings)
        .innerJoin(products, eq(products.id, ratings.productId))
        .innerJoin(users, eq(users.id, ratings.userId))
        .where(where);
      const { limit, offset } = page(query);
      const rows = await db
        .select(ratingColumns)
        .from(ratings)
        .innerJoin(products, eq(products.id, ratings.productId))
        .innerJoin(users, eq(users.id, ratings.userId))
        .where(where)
        .orderBy(direction === 'asc' ? asc(column) : desc(column), asc(ratings.productId), asc(ratings.userId))
        .limit(limit)
        .offset(offset);
      return { count: total?.n ?? 0, rows };
    },
  };
}

export type AdminInboxRepository = ReturnType<typeof adminInboxRepository>;
