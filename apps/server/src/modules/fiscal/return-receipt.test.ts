import crypto from 'node:crypto';
import { formatMoney, parseMoney } from '@kram/contract/money';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dialectBackends, type TestContext } from '../../../test/helpers.ts';
import { type CatalogProduct, catalogProducts, lineOf, orderPayload } from '../../../test/orders.ts';
import { bearer, freshIp, staffUser, type TestUser } from '../../../test/users.ts';
import { waitFor } from '../../../test/wait-for.ts';
import type { Scheduler } from '../../infra/jobs/scheduler.ts';
import { type FiscalModule, fiscalModule, type Refund } from './index.ts';

describe.each(dialectBackends)('the return receipt of a refund (the returns module’s port), on %s', (backend) => {
  let ctx: TestContext;
  let manager: TestUser;
  let product: CatalogProduct;
  /** The port as the returns module holds it: the fiscal module's API over the same database. */
  let fiscal: Pick<FiscalModule, 'returnReceipt' | 'returnReceiptOf'>;

  const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url: `/api/admin${url}`,
      headers: bearer(manager.access),
      ...(payload ? { payload } : {}),
    });
  const refund = (r: Refund) => ctx.database.db.transaction((tx) => fiscal.returnReceipt(r, tx));
  const row = async (id: string) =>
    (await ctx.database.rows<Record<string, unknown>>(sql`select * from fiscal_receipts where id = ${id}`))[0];

  async function order(payload: Record<string, unknown>, url = '/api/orders/') {
    const res = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { 'x-forwarded-for': freshIp() },
      payload: orderPayload([lineOf(product, 3)], payload),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { order_id: string; payment_url?: string };
  }

  async function paidCardOrder(): Promise<{ orderId: string; sellId: string; sku: string; name: string }> {
    const { order_id, payment_url } = await order({ payment_method: 'card' }, '/api/create-monobank-invoice/');
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/${payment_url?.split('/').pop()}/success`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.statusCode).toBe(303);
    const sellId = await waitFor(async () => {
      const { receipts } = (await ctx.app.inject(`/api/orders/${order_id}/receipts/`)).json();
      return receipts[0]?.status === 'done' ? (receipts[0].id as string) : undefined;
    });
    const [line] = await ctx.database.rows<{ sku: string; name: string }>(
      sql`select sku, name from order_items where order_id = ${order_id}`,
    );
    return { orderId: order_id, sellId, sku: line?.sku ?? '', name: line?.name ?? '' };
  }

  beforeAll(async () => {
    ctx = await createTestContext(backend, { PUBLIC_URL: 'http://shop.test' });
    manager = await staffUser(ctx.app, ctx.database);
    product = (await catalogProducts(ctx.database)).find((p) => p.inStock && p.sizeIds.length > 0) as CatalogProduct;
    const noOrders = { byId: async () => undefined };
    fiscal = fiscalModule({
      database: ctx.database,
      config: ctx.config,
      orders: {
        ...noOrders,
        onPaymentReceived: () => {},
        onStatusChanged: () => {},
        afterPaymentReceived: () => {},
        linkReceiptsWith: () => {},
      },
      products: { productsForPricing: async () => [] },
      audit: { record: async () => {} },
      jobs: { add: () => {} } as unknown as Scheduler,
      notifyManager: async () => {},
      log: ctx.app.log,
    });
  });
  afterAll(() => ctx?.close());

  it('writes a return receipt related to the sell receipt, paid back by card, issued with every good returned', async () => {
    const sold = await paidCardOrder();
    const returnId = crypto.randomUUID();
    const unitPrice = parseMoney(product.price) - 150;
    const id = await refund({
      orderId: sold.orderId,
      returnId,
      lines: [{ code: sold.sku, name: sold.name, unitPrice, quantity: 2 }],
      email: 'buyer@example.com',
    });
    expect(id).toEqual(expect.any(String));
    expect(await row(id as string)).toMatchObject({
      order_id: sold.orderId,
      kind: 'return',
      source: 'refund',
      payment_type: 'card',
      status: 'pending',
      amount: formatMoney(unitPrice * 2),
      related_receipt_id: sold.sellId,
      return_id: returnId,
      dedupe_key: `refund:${returnId}`,
      body: {
        goods: [{ code: sold.sku, name: sold.name, price: unitPrice, quantity: 2000, taxes: [] }],
        discount: null,
        email: 'buyer@example.com',
      },
    });
    // Asked again for the same return (a repeated refund press): the same receipt, nothing more written.
    expect(
      await refund({
        orderId: sold.orderId,
        returnId,
        lines: [{ code: 'x', name: 'x', unitPrice: 1, quantity: 1 }],
        email: null,
      }),
    ).toBe(id);
    expect(await fiscal.returnReceiptOf(returnId)).toBe(id);
    expect(await fiscal.returnReceiptOf(crypto.randomUUID())).toBeUndefined();

    const issued = await admin('POST', `/fiscal/receipts/${id}/retry/`);
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json()).toMatchObject({
      kind: 'return',
      status: 'done',
      source: 'refund',
      return_id: returnId,
      fiscal_code: expect.stringMatching(/^TEST-/),
    });
    const [copy] = await ctx.database.rows<{ body: Record<string, unknown> }>(
      sql`select body from fiscal_sandbox_receipts where id = ${id}`,
    );
    expect(copy?.body).toMatchObject({
      type: 'RETURN',
      related_receipt_id: sold.sellId,
      goods: [{ code: sold.sku, price: unitPrice, quantity: 2000, isReturn: true }],
      payments: [{ type: 'CASHLESS', value: unitPrice * 2 }],
      emails: ['buyer@example.com'],
    });
    const listed = (await admin('GET', `/fiscal/receipts/?kind=return&q=${sold.orderId.slice(-7)}`)).json();
    expect(listed).toMatchObject({ count: 1, results: [{ id, order_id: sold.orderId }] });
  });

  it('waits with a return receipt until its sell receipt is fiscalised', async () => {
    const { order_id } = await order({ payment_method: 'cash', delivery_type: 'self_delivery' });
    const sellId = crypto.randomUUID();
    await ctx.database.db.execute(sql`
      insert into fiscal_receipts (id, order_id, kind, source, payment_type, amount, body, dedupe_key, next_attempt_at)
      values (${sellId}, ${order_id}, 'sell', 'counter', 'cash', 10, '{"goods":[],"discount":null,"email":null}',
        ${`counter:${order_id}`}, now() + interval '1 day')`);
    const id = await refund({
      orderId: order_id,
      returnId: crypto.randomUUID(),
      lines: [{ code: '1', name: 'Куртка', unitPrice: 1000, quantity: 1 }],
      email: null,
    });
    expect(await row(id as string)).toMatchObject({ payment_type: 'cash', related_receipt_id: sellId });
    const tried = await admin('POST', `/fiscal/receipts/${id}/retry/`);
    expect(tried.statusCode).toBe(200);
    expect(tried.json()).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('writes nothing for an order whose receipt was the carrier’s, nor while receipts are off', async () => {
    const { order_id } = await order({ payment_method: 'cash', delivery_type: 'branch' });
    await admin('POST', `/orders/${order_id}/status/`, { status: 'confirmed' });
    await admin('POST', `/orders/${order_id}/status/`, { status: 'shipped' });
    const lines = [{ code: '1', name: 'Куртка', unitPrice: 1000, quantity: 1 }];
    const returnId = crypto.randomUUID();
    expect(await refund({ orderId: order_id, returnId, lines, email: null })).toBeUndefined();
    const rows = await ctx.database.rows<{ status: string }>(
      sql`select status from fiscal_receipts where order_id = ${order_id}`,
    );
    expect(rows).toEqual([{ status: 'by_carrier' }]);

    const sold = await paidCardOrder();
    const settings = { enabled: false, default_tax_code: null, product_taxes: [], shift_close_time: '23:50' };
    const off = await admin('PUT', '/fiscal/settings/', settings);
    expect(off.statusCode).toBe(200);
    try {
      expect(
        await refund({ orderId: sold.orderId, returnId: crypto.randomUUID(), lines, email: null }),
      ).toBeUndefined();
    } finally {
      expect((await admin('PUT', '/fiscal/settings/', { ...settings, enabled: true })).statusCode).toBe(200);
    }
    expect(
      await ctx.database.rows(sql`select id from fiscal_receipts where order_id = ${sold.orderId} and kind = 'return'`),
    ).toEqual([]);
  });
});
