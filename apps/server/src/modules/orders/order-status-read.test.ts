import type { OrderStatusView } from '@kram/contract/orders';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, pgliteOnly, type TestContext } from '../../../test/helpers.ts';
import { type CatalogProduct, catalogProducts, lineOf, orderPayload } from '../../../test/orders.ts';
import { bearer, freshIp, signUp } from '../../../test/users.ts';

describe.each(pgliteOnly)('GET /api/orders/{order_id}/status/ on %s', (backend) => {
  let ctx: TestContext;
  let product: CatalogProduct;

  const place = async (payload: object, url = '/api/orders/', headers: Record<string, string> = {}) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'x-forwarded-for': freshIp(), ...headers },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { order_id: string; payment_url?: string };
  };
  const read = async (orderId: string, headers: Record<string, string> = {}) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}/status/`,
      headers: { 'x-forwarded-for': freshIp(), ...headers },
    });
    return { status: res.statusCode, body: res.json() as unknown, headers: res.headers, raw: res.body };
  };
  const press = (paymentUrl: string, outcome: 'success' | 'failure') =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/${paymentUrl.split('/').pop()}/${outcome}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });

  beforeAll(async () => {
    ctx = await createTestContext(backend);
    product = (await catalogProducts(ctx.database)).find((p) => p.inStock && p.sizeIds.length > 0) as CatalogProduct;
    expect(product).toBeDefined();
  });
  afterAll(() => ctx?.close());

  it('answers a guest the order’s id, status and payment method, and nothing else', async () => {
    const payload = orderPayload([lineOf(product, 2)], { phone_number: '+380507654321' });
    const { order_id } = await place(payload);
    const res = await read(order_id);
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual({ order_id, status: 'new', payment_method: 'cash' } satisfies OrderStatusView);
    // No prices, no personal data.
    for (const secret of [payload.email, payload.phone_number, payload.last_name, product.price]) {
      expect(res.raw).not.toContain(secret);
    }
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('reads an id in capitals as the same order', async () => {
    const { order_id } = await place(orderPayload([lineOf(product)], { payment_method: 'matching' }));
    const res = await read(order_id.toUpperCase());
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual({ order_id, status: 'new', payment_method: 'matching' });
  });

  it('answers a signed-in shopper’s order by its id alone, with or without a token', async () => {
    const shopper = await signUp(ctx.app);
    const { order_id } = await place(orderPayload([lineOf(product)]), '/api/orders/', bearer(shopper.access));
    const stranger = await signUp(ctx.app);
    for (const headers of [{}, bearer(shopper.access), bearer(stranger.access)]) {
      const res = await read(order_id, headers);
      expect(res.status, res.raw).toBe(200);
      expect(res.body).toEqual({ order_id, status: 'new', payment_method: 'cash' });
    }
  });

  it('follows a card order from awaiting payment to paid', async () => {
    const paid = await place(
      orderPayload([lineOf(product)], { payment_method: 'card' }),
      '/api/create-monobank-invoice/',
    );
    expect((await read(paid.order_id)).body).toEqual({
      order_id: paid.order_id,
      status: 'awaiting_payment',
      payment_method: 'card',
    });
    expect((await press(paid.payment_url as string, 'success')).statusCode).toBe(303);
    expect((await read(paid.order_id)).body).toEqual({
      order_id: paid.order_id,
      status: 'paid',
      payment_method: 'card',
    });

    const declined = await place(
      orderPayload([lineOf(product)], { payment_method: 'card' }),
      '/api/create-monobank-invoice/',
    );
    expect((await press(declined.payment_url as string, 'failure')).statusCode).toBe(303);
    expect((await read(declined.order_id)).body).toEqual({
      order_id: declined.order_id,
      status: 'awaiting_payment',
      payment_method: 'card',
    });
  });

  it('shows a manager’s change at once', async () => {
    const { order_id } = await place(orderPayload([lineOf(product)]));
    expect((await read(order_id)).body).toMatchObject({ status: 'new' });
    await ctx.database.rows(sql`update orders set status = 'shipped' where id = ${order_id}`);
    expect((await read(order_id)).body).toMatchObject({ status: 'shipped' });
  });

  it('is a 404 for an unknown or malformed id', async () => {
    const ids = [
      '00000000-0000-4000-8000-000000000000',
      crypto.randomUUID(),
      'not-a-uuid',
      '12345',
      `${crypto.randomUUID()}0`,
      "1' or '1'='1",
      'x'.repeat(90),
    ];
    for (const id of ids) {
      const res = await read(encodeURIComponent(id));
      expect(res.status, `${id}: ${res.raw}`).toBe(404);
      expect(res.body).toEqual({ detail: 'No Order matches the given query.' });
    }
  });
});
