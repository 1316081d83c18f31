import { invoiceStatuses } from '@kram/contract/payments';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeMonobank, startFakeMonobank } from '../../../test/fake-monobank.ts';
import { createTestContext, dialectBackends, type TestContext } from '../../../test/helpers.ts';
import { type CatalogProduct, catalogProducts, lineOf, orderPayload } from '../../../test/orders.ts';
import { freshIp } from '../../../test/users.ts';
import { invoiceTransitions } from './invoice-status.ts';

describe('the invoice status rules', () => {
  it('only go forward: stages in order, settled invoices stay, a success may only be reversed', () => {
    expect(Object.keys(invoiceTransitions).sort()).toEqual([...invoiceStatuses].sort());
    expect(invoiceTransitions).toEqual({
      created: ['processing', 'hold', 'success', 'failure', 'expired'],
      processing: ['hold', 'success', 'failure', 'expired'],
      hold: ['success', 'failure', 'expired'],
      success: ['reversed'],
      failure: [],
      expired: [],
      reversed: [],
    });
  });
});

describe.each(dialectBackends)('webhooks out of order on %s', (backend) => {
  let ctx: TestContext;
  let mono: FakeMonobank;
  let product: CatalogProduct;

  const cardOrder = async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/create-monobank-invoice/',
      payload: orderPayload([lineOf(product)], { payment_method: 'card' }),
      headers: { 'x-forwarded-for': freshIp() },
    });
    expect(res.statusCode, res.body).toBe(201);
    const sent = mono.invoices.at(-1);
    if (!sent) throw new Error('no invoice reached Monobank');
    return { orderId: res.json().order_id as string, invoiceId: sent.invoiceId, amount: sent.body.amount };
  };
  /** Sends Monobank's webhook for `status`, `at` seconds after a fixed start; answers `applied`. */
  const send = async (invoice: { orderId: string; invoiceId: string; amount: number }, status: string, at: number) => {
    const body = JSON.stringify({
      invoiceId: invoice.invoiceId,
      status,
      amount: invoice.amount,
      ccy: 980,
      createdDate: '2026-01-10T10:00:00Z',
      modifiedDate: new Date(Date.UTC(2026, 0, 10, 10, 0, at)).toISOString(),
      reference: invoice.orderId,
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/monobank/webhook/',
      payload: body,
      headers: { 'content-type': 'application/json', 'x-sign': mono.sign(body) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { applied: boolean }).applied;
  };
  const state = async (orderId: string) =>
    (
      await ctx.database.rows<{ order_status: string; invoice_status: string; paid_mails: number }>(sql`
        select o.status as order_status, p.status as invoice_status,
          (select count(*)::int from mail_outbox m where m.order_id = o.id and m.kind = 'payment_received')
            as paid_mails
        from orders o join payments p on p.order_id = o.id where o.id = ${orderId}`)
    )[0];

  beforeAll(async () => {
    mono = await startFakeMonobank();
    ctx = await createTestContext(backend, { MONOBANK_TOKEN: mono.token, MONOBANK_API_URL: mono.url });
    product = (await catalogProducts(ctx.database)).find((p) => p.inStock && p.sizeIds.length > 0) as CatalogProduct;
  });
  afterAll(async () => {
    await ctx?.close();
    await mono?.close();
  });

  it('a failure after a success, even a newer one, leaves the invoice paid', async () => {
    const invoice = await cardOrder();
    expect(await send(invoice, 'success', 10)).toBe(true);
    expect(await send(invoice, 'failure', 20)).toBe(false);
    expect(await send(invoice, 'expired', 30)).toBe(false);
    expect(await state(invoice.orderId)).toEqual({ order_status: 'paid', invoice_status: 'success', paid_mails: 1 });
  });

  it('an earlier stage arriving after a success changes nothing', async () => {
    const invoice = await cardOrder();
    expect(await send(invoice, 'success', 10)).toBe(true);
    expect(await send(invoice, 'processing', 20)).toBe(false);
    expect(await send(invoice, 'hold', 5)).toBe(false);
    expect(await state(invoice.orderId)).toMatchObject({ order_status: 'paid', invoice_status: 'success' });
  });

  it('stages go forward only, and an older update never overwrites a newer one', async () => {
    const invoice = await cardOrder();
    expect(await send(invoice, 'hold', 10)).toBe(true);
    expect(await send(invoice, 'processing', 20)).toBe(false);
    expect(await send(invoice, 'success', 5)).toBe(false);
    expect(await state(invoice.orderId)).toMatchObject({ order_status: 'awaiting_payment', invoice_status: 'hold' });
    expect(await send(invoice, 'success', 30)).toBe(true);
    expect(await state(invoice.orderId)).toMatchObject({ order_status: 'paid', invoice_status: 'success' });
  });

  it('a reversal applies only after a success, and a failed invoice is not paid later', async () => {
    const unpaid = await cardOrder();
    expect(await send(unpaid, 'reversed', 10)).toBe(false);
    expect(await state(unpaid.orderId)).toMatchObject({ invoice_status: 'created' });

    const failed = await cardOrder();
    expect(await send(failed, 'failure', 10)).toBe(true);
    expect(await send(failed, 'success', 20)).toBe(false);
    expect(await state(failed.orderId)).toEqual({
      order_status: 'awaiting_payment',
      invoice_status: 'failure',
      paid_mails: 0,
    });

    const refunded = await cardOrder();
    expect(await send(refunded, 'success', 10)).toBe(true);
    expect(await send(refunded, 'reversed', 20)).toBe(true);
    expect(await send(refunded, 'success', 30)).toBe(false);
    expect(await state(refunded.orderId)).toEqual({ order_status: 'paid', invoice_status: 'reversed', paid_mails: 1 });
  });

  it('records every update, applied or not', async () => {
    const invoice = await cardOrder();
    await send(invoice, 'success', 10);
    await send(invoice, 'failure', 20);
    const events = await ctx.database.rows<{ status: string; applied: boolean }>(
      sql`select status, applied from payment_events where invoice_id = ${invoice.invoiceId} order by id`,
    );
    expect(events).toEqual([
      { status: 'success', applied: true },
      { status: 'failure', applied: false },
    ]);
  });
});
