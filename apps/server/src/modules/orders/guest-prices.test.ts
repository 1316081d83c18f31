import { maxOrderLines, orderMessages } from '@kram/contract/orders';
import { maxQuantity } from '@kram/contract/quantity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, pgliteOnly, type TestContext } from '../../../test/helpers.ts';
import { type CatalogProduct, catalogProducts, lineOf, orderPayload } from '../../../test/orders.ts';
import { freshIp } from '../../../test/users.ts';

// Decision 015: a guest sees the prices of their own order (what they agreed to pay); nothing else
// they can send makes the shop say a price or a total, and no cart, however large, is a 500.
describe.each(pgliteOnly)('what a guest’s order answers tell of prices on %s', (backend) => {
  let ctx: TestContext;
  let products: CatalogProduct[];
  const place = async (payload: object, url = '/api/orders/') => {
    const res = await ctx.app.inject({ method: 'POST', url, payload, headers: { 'x-forwarded-for': freshIp() } });
    return { status: res.statusCode, body: res.json(), raw: res.body };
  };
  const overLimit = { detail: orderMessages.amountLimit, code: 'order_amount_limit' };

  beforeAll(async () => {
    ctx = await createTestContext(backend);
    products = (await catalogProducts(ctx.database)).filter((p) => p.inStock && p.sizeIds.length > 0);
  });
  afterAll(() => ctx?.close());

  it('refuses the largest cart with the limit alone: no total, no price, no 500', async () => {
    const items = Array.from({ length: maxOrderLines }, (_, i) =>
      lineOf(products[i % products.length] as CatalogProduct, maxQuantity),
    );
    for (const url of ['/api/orders/', '/api/create-monobank-invoice/']) {
      const payment_method = url === '/api/orders/' ? 'cash' : 'card';
      const res = await place(orderPayload(items, { payment_method }), url);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(overLimit);
      for (const p of products) expect(res.raw).not.toContain(p.price);
    }
  });

  it('says nothing of the total when a cart just over the limit is refused', async () => {
    const product = products[0] as CatalogProduct;
    const res = await place(orderPayload([lineOf(product, maxQuantity)]));
    expect(res).toMatchObject({ status: 400, body: overLimit });
    expect(res.raw).not.toMatch(/\d+\.\d\d(?! UAH)/);
  });

  it('answers a line problem before the limit, so a broken cart is no price probe', async () => {
    const product = products[0] as CatalogProduct;
    const res = await place(orderPayload([lineOf(product, maxQuantity), { ...lineOf(product), size: 999999 }]));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ 'items.1.size': [orderMessages.sizeNotOfProduct] });
  });

  it('shows the guest their own order’s prices and total, as the confirmation mail does', async () => {
    const product = products[1] as CatalogProduct;
    const res = await place(orderPayload([lineOf(product, 2)]));
    expect(res.status).toBe(201);
    expect(res.body.items[0].price).toBe(product.price);
    const status = await ctx.app.inject(`/api/orders/${res.body.order_id}/status/`);
    expect(Object.keys(status.json()).sort()).toEqual(['order_id', 'payment_method', 'status']);
  });
});
