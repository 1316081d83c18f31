import { avg, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { pgCodes, pgError } from '../../lib/pg-errors.ts';
import { ratings } from './schema.ts';

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
