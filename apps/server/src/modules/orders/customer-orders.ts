import {
  type AdminCustomerOrder,
  customerCodes,
  customerMessages,
  customerPageOrders,
  settledOrderStatuses,
  unspentOrderStatuses,
} from '@kram/contract/admin-customers';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import type { OutboxRepository } from '../../infra/mail/outbox.repository.ts';
import { Conflict, said } from '../../lib/domain-errors.ts';
import type { AccountEraser, CustomerOrders } from '../accounts/index.ts';
import { orderErasureRepository } from './order-erasure.repository.ts';
import { orderItems, orders } from './schema.ts';

const unspent = sql.join(
  unspentOrderStatuses.map((status) => sql`${status}`),
  sql`, `,
);

/**
 * What the back office's customers list shows of each account's orders (accounts' `CustomerOrders`).
 * The subqueries use aliases: inside them an unqualified `id` would be the order's.
 */
export function customerOrders(database: Database): CustomerOrders {
  const { db } = database;
  return {
    countOf: (userId: SQL) => sql<number>`(select count(*)::int from ${orders} o where o.user_id = ${userId})`,
    spentOf: (userId: SQL) => sql<string>`(select coalesce(sum(o.amount), 0)::numeric(14, 2)::text from ${orders} o
      where o.user_id = ${userId} and o.status not in (${unspent}))`,

    /** The customer's newest orders, with how many pieces each holds. */
    async newest(userId: number): Promise<AdminCustomerOrder[]> {
      const rows = await db
        .select({
          id: orders.id,
          status: orders.status,
          amount: orders.amount,
          paymentMethod: orders.paymentMethod,
          deliveryType: orders.deliveryType,
          itemsCount: sql<number>`(select coalesce(sum(i.quantity), 0)::int from ${orderItems} i
            where i.order_id = ${orders}.id)`,
          createdAt: orders.createdAt,
        })
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(customerPageOrders);
      return rows.map((order) => ({
        id: order.id,
        status: order.status,
        amount: order.amount,
        payment_method: order.paymentMethod,
        delivery_type: order.deliveryType,
        items_count: order.itemsCount,
        created_at: order.createdAt.toISOString(),
      }));
    },
  };
}

/**
 * The orders' part in deleting an account on request (registered with `accounts.onErase`): refused
 * while an order is neither completed, cancelled nor returned (the shop still has to reach the buyer);
 * otherwise the orders stay for the shop's accounts without the buyer's personal data, and their
 * mails still waiting in the outbox go. The audit entry notes how many orders were kept.
 */
export function orderEraser(database: Database, outbox: Pick<OutboxRepository, 'forgetOrders'>): AccountEraser {
  const repo = orderErasureRepository(database);
  return async (tx: Executor, userId: number) => {
    const inProgress = await repo.countOtherThan(userId, settledOrderStatuses, tx);
    if (inProgress > 0) {
      throw new Conflict(
        said('customer.orders_in_progress', customerMessages.ordersInProgress(inProgress), { count: inProgress }),
        customerCodes.ordersInProgress,
      );
    }
    const orderIds = await repo.blankPersonalData(userId, tx);
    await outbox.forgetOrders(orderIds, tx);
    return { orders_kept: orderIds.length };
  };
}
