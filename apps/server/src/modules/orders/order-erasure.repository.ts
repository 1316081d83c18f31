import type { OrderStatus } from '@kram/contract/orders';
import { and, count, eq, notInArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { orders } from './schema.ts';

/**
 * The orders of an account deleted on its owner's request: whether any is still in progress, and
 * taking the buyer's personal data out of them while the shop keeps them for its accounts.
 */
export function orderErasureRepository(database: Database) {
  const { db } = database;
  return {
    /** How many of the user's orders are in none of the `settled` statuses. */
    async countOtherThan(userId: number, settled: readonly OrderStatus[], executor: Executor = db): Promise<number> {
      const [row] = await executor
        .select({ n: count() })
        .from(orders)
        .where(and(eq(orders.userId, userId), notInArray(orders.status, [...settled])));
      return row?.n ?? 0;
    },

    /**
     * Empties the buyer's fields of every order of the user: names, e-mail, telephone, comment, and
     * the street address of a courier order. Lines, amounts, statuses, dates, the city and a carrier
     * branch (a public place, not the buyer's) stay. Answers the orders' ids.
     */
    async blankPersonalData(userId: number, executor: Executor = db): Promise<string[]> {
      const rows = await executor
        .update(orders)
        .set({
          firstName: '',
          lastName: '',
          email: '',
          phoneNumber: '',
          comment: '',
          branch: sql`case when ${orders.deliveryType} = 'address' then '' else ${orders.branch} end`,
          updatedAt: sql`now()`,
        })
        .where(eq(orders.userId, userId))
        .returning({ id: orders.id });
      return rows.map((r) => r.id);
    },
  };
}

export type OrderErasureRepository = ReturnType<typeof orderErasureRepository>;
