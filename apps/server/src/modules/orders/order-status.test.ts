import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dialectBackends, type TestContext } from '../../../test/helpers.ts';
import { type CatalogProduct, catalogProducts, lineOf, orderPayload } from '../../../test/orders.ts';
import { bearer, freshIp, staffUser, type TestUser } from '../../../test/users.ts';

describe.each(dialectBackends)('order status changes on %s', (backend) => {
  let ctx: TestContext;
  let manager: TestUser;
  let product: CatalogProduct;

  const place = async (payload: object, url = '/api/orders/') => {
    const res = await ctx.app.inject({ method: 'POST', url, payload, headers: { 'x-forwarded-for': freshIp() } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { order_id: string; payment_url?: string };
  };
  const status = async (id: string) =>
    (await ctx.database.rows<{ status: string }>(sql`select status from orders where id = ${id}`))[0]?.status;
  /** The back office's move, as a manager makes it. */
  const move = (id: string, to: string, reason?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${id}/status/`,
      headers: bearer(manager.access),
      payload: { status: to, ...(reason ? { reason } : {}) },
    });

  beforeAll(async () => {
    ctx = await createTestContext(backend);
    manager = await staffUser(ctx.app, ctx.database);
    product = (await catalogProducts(ctx.database)).find((p) => p.inStock && p.sizeIds.length > 0) as CatalogProduct;
  });
  afterAll(() => ctx?.close());

  it('walks new → confirmed → paid → shipped → delivered → completed', async () => {
    const { order_id } = await place(orderPayload([lineOf(product)]));
    for (const to of ['confirmed', 'paid', 'shipped', 'delivered', 'completed'] as const) {
      const res = await move(order_id, to);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe(to);
    }
    expect(await status(order_id)).toBe('completed');
    expect((await move(order_id, 'returned')).json().status).toBe('returned');
  });

  it('refuses moves the life of an order does not allow', async () => {
    const { order_id } = await place(orderPayload([lineOf(product)]));
    const refused = await move(order_id, 'delivered');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: 'An order that is new cannot become delivered.',
      code: 'order_status_conflict',
    });
    expect((await move(order_id, 'cancelled', 'The customer changed their mind')).statusCode).toBe(200);
    expect((await move(order_id, 'confirmed')).statusCode).toBe(409);
    expect((await move(crypto.randomUUID(), 'confirmed')).statusCode).toBe(404);
    expect(await status(order_id)).toBe('cancelled');
  });

  it('a payment arriving for a cancelled order is recorded but does not revive it', async () => {
    const { order_id, payment_url } = await place(
      orderPayload([lineOf(product)], { payment_method: 'card' }),
      '/api/create-monobank-invoice/',
    );
    expect((await move(order_id, 'cancelled', 'Out of stock')).statusCode).toBe(200);
    const invoiceId = (payment_url as string).split('/').pop();
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/${invoiceId}/success`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(res.statusCode).toBe(303);
    expect(await status(order_id)).toBe('cancelled');
    const [payment] = await ctx.database.rows<{ status: string }>(
      sql`select status from payments where order_id = ${order_id}`,
    );
    expect(payment?.status).toBe('success');
  });
});
