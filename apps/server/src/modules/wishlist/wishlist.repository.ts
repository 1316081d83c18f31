import { and, desc, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { pgCodes, pgError } from '../../lib/pg-errors.ts';
import { wishlistItems } from './schema.ts';

export function wishlistRepository(database: Database) {
  const { db } = database;
  return {
    /** The user's product ids, most recently added first. */
    async productIds(userId: number): Promise<number[]> {
      const rows = await db
        .select({ productId: wishlistItems.productId })
        .from(wishlistItems)
        .where(eq(wishlistItems.userId, userId))
        .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.productId));
      return rows.map((r) => r.productId);
    },

    async add(userId: number, productId: number): Promise<'added' | 'present' | 'no such product'> {
      try {
        const rows = await db
          .insert(wishlistItems)
          .values({ userId, productId })
          .onConflictDoNothing()
          .returning({ productId: wishlistItems.productId });
        return rows.length === 1 ? 'added' : 'present';
      } catch (error) {
        if (pgError(error)?.code === pgCodes.foreignKeyViolation) return 'no such product';
        throw error;
      }
    },

    async remove(userId: number, productId: number): Promise<void> {
      await db
        .delete(wishlistItems)
        .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
    },

    /** Empties the user's wishlist (an account deleted on request). */
    async clear(userId: number, tx: Executor = db): Promise<void> {
      await tx.delete(wishlistItems).where(eq(wishlistItems.userId, userId));
    },
  };
}

export type WishlistRepository = ReturnType<typeof wishlistRepository>;
