import type { AdminRatingListQuery } from '@kram/contract/admin-inbox';
import { and, asc, avg, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { onePage, ordered } from '../../lib/list-page.ts';
import { pgCodes, pgError } from '../../lib/pg-errors.ts';
import { ratings } from './schema.ts';

export type RatingRow = typeof ratings.$inferSelect;

/** Ratings of any of `productIds` or by any of `userIds`: what a text search found in the products and shoppers. */
export interface RatingSubjects {
  productIds: readonly number[];
  userIds: readonly number[];
}

const sorts = { updated_at: ratings.updatedAt, created_at: ratings.createdAt, rating: ratings.rating } as const;

export function ratingsRepository(database: Database) {
  const { db } = database;
  /** The mean rating to two places (null while the product has none) and how many rated it. */
  async function summary(productId: number): Promise<{ average: number | null; count: number }> {
    const [row] = await db
      .select({ value: sql<string | null>`round(${avg(ratings.rating)}, 2)`, count: count() })
      .from(ratings)
      .where(eq(ratings.productId, productId));
    return { average: row?.value == null ? null : Number(row.value), count: row?.count ?? 0 };
  }
  return {
    summary,

    /** A page of ratings, last changed first unless sorted; `subjects` narrows them to what a search found. */
    async list(query: AdminRatingListQuery, subjects?: RatingSubjects): Promise<{ count: number; rows: RatingRow[] }> {
      const where = and(
        ...([
          query.product_id ? eq(ratings.productId, query.product_id) : undefined,
          query.user_id ? eq(ratings.userId, query.user_id) : undefined,
          query.rating ? eq(ratings.rating, query.rating) : undefined,
          subjects
            ? or(
                subjects.productIds.length ? inArray(ratings.productId, [...subjects.productIds]) : sql`false`,
                subjects.userIds.length ? inArray(ratings.userId, [...subjects.userIds]) : sql`false`,
              )
            : undefined,
        ] satisfies (SQL | undefined)[]),
      );
      const column = sorts[query.sort ?? 'updated_at'];
      const direction = query.sort ? query.order : 'desc';
      const [total] = await db.select({ n: count() }).from(ratings).where(where);
      const rows = await onePage(
        db.select().from(ratings).where(where).$dynamic(),
        [ordered(column, direction), asc(ratings.productId), asc(ratings.userId)],
        query,
      );
      return { count: total?.n ?? 0, rows };
    },

    /** The mean rating to two places, null while the product has none. */
    async average(productId: number): Promise<number | null> {
      return (await summary(productId)).average;
    },

    /** One rating per shopper and product: a second one replaces the first. */
    async save(userId: number, productId: number, rating: number): Promise<'saved' | 'no such product'> {
      try {
        await db
          .insert(ratings)
          .values({ userId, productId, rating })
          .onConflictDoUpdate({
            target: [ratings.userId, ratings.productId],
            set: { rating, updatedAt: sql`now()` },
          });
        return 'saved';
      } catch (error) {
        if (pgError(error)?.code === pgCodes.foreignKeyViolation) return 'no such product';
        throw error;
      }
    },
  };
}

export type RatingsRepository = ReturnType<typeof ratingsRepository>;
