import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { type CatalogProduct, catalogProducts, lineOf, orderPayload } from '../../../test/orders.ts';
import { freshIp } from '../../../test/users.ts';
import { paymentMessages } from './payments.service.ts';

/** In production the sandbox payment page would let anyone mark their own card order paid. */
describe('card payment in production without MONOBANK_TOKEN', () => {
  let ctx: TestContext | undefined;
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });

  const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.ua' };
  const cardOrder = async (context: TestContext) => {
    const product = (await catalogProducts(context.database)).find(
      (p) => p.inStock && p.sizeIds.length > 0,
    ) as CatalogProduct;
    return context.app.inject({
      method: 'POST',
      url: '/api/create-monobank-invoice/',
      payload: orderPayload([lineOf(product)], { payment_method: 'card' }),
      headers: { 'x-forwarded-for': freshIp() },
    });
  };
  const orderCount = async (context: TestContext) =>
    (await context.database.rows<{ n: number }>(sql`select count(*)::int as n from orders`))[0]?.n;

  it('refuses card orders with a clear 503 before writing anything, and has no sandbox page', async () => {
    ctx = await createTestContext('pglite', production);
    const before = await orderCount(ctx);
    const res = await cardOrder(ctx);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ detail: paymentMessages.cardOff, request_id: res.headers['x-request-id'] });
    expect(await orderCount(ctx)).toBe(before);
    const pay = await ctx.app.inject({ method: 'POST', url: '/api/payments/sandbox/sandbox-abc/success' });
    expect(pay.statusCode).toBe(404);
    const page = await ctx.app.inject({ method: 'GET', url: '/payment/sandbox/sandbox-abc' });
    expect(page.statusCode).toBe(404);
  });

  it('opens the sandbox only when PAYMENTS_SANDBOX=true names it', async () => {
    ctx = await createTestContext('pglite', { ...production, PAYMENTS_SANDBOX: 'true' });
    const res = await cardOrder(ctx);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().payment_url).toMatch(/^https:\/\/shop\.example\.ua\/payment\/sandbox\//);
  });
});
