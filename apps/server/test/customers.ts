import type { OrderStatus } from '@kram/contract/orders';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client.ts';
import { catalogProducts, lineOf, orderPayload } from './orders.ts';
import { bearer, freshIp, type TestUser } from './users.ts';

/** Places an order as a signed-in shopper through the API (in-stock products of the demo catalogue). */
export async function placeOrderAs(
  app: FastifyInstance,
  database: Database,
  user: TestUser,
  options: { lines?: number; quantity?: number; overrides?: Record<string, unknown> } = {},
): Promise<{ id: string; amount: string }> {
  const products = (await catalogProducts(database)).filter((p) => p.inStock).slice(0, options.lines ?? 1);
  const res = await app.inject({
    method: 'POST',
    url: '/api/orders/',
    headers: { ...bearer(user.access), 'x-forwarded-for': freshIp() },
    payload: orderPayload(
      products.map((p) => lineOf(p, options.quantity ?? 1)),
      {
        first_name: user.profile.first_name,
        last_name: user.profile.last_name,
        email: user.email,
        phone_number: user.telephone,
        ...options.overrides,
      },
    ),
  });
  if (res.statusCode !== 201) throw new Error(`order: ${res.statusCode} ${res.body}`);
  const order = res.json() as { order_id: string; amount: string };
  return { id: order.order_id, amount: order.amount };
}

/** Moves an order straight to a status, as the back office's order screens would over time. */
export async function setOrderStatus(database: Database, orderId: string, status: OrderStatus): Promise<void> {
  await database.db.execute(sql`update orders set status = ${status} where id = ${orderId}`);
}
