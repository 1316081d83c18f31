import crypto from 'node:crypto';
import { formatMoney, parseMoney } from '@kram/contract/money';
import type { Order } from '@kram/contract/orders';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeMonobank, startFakeMonobank } from '../../../test/fake-monobank.ts';
import { createTestContext, dialectBackends, type TestContext } from '../../../test/helpers.ts';
import { type CatalogProduct, catalogProducts, idempotencyKey, lineOf, orderPayload } from '../../../test/orders.ts';
import { type MailCatcher, startMailCatcher } from '../../../test/smtp.ts';
import { bearer, freshIp, signUp } from '../../../test/users.ts';

describe.each(dialectBackends)('Monobank card payments on %s', (backend) => {
  let ctx: TestContext;
  let mono: FakeMonobank;
  let smtp: MailCatcher;
  let products: CatalogProduct[];

  const createInvoice = async (payload: unknown, headers: Record<string, string> = {}) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/create-monobank-invoice/',
      payload: payload as object,
      headers: { 'x-forwarded-for': freshIp(), ...headers },
    });
    return { status: res.statusCode, body: res.json() };
  };
  const webhook = async (body: string, xSign: string | undefined) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/monobank/webhook/',
      payload: body,
      headers: { 'content-type': 'application/json', ...(xSign === undefined ? {} : { 'x-sign': xSign }) },
    });
    return { status: res.statusCode, body: res.json() };
  };
  const state = async (orderId: string) => {
    const [row] = await ctx.database.rows<{
      order_status: string;
      payment_method: string;
      invoice_status: string | null;
      failure_reason: string | null;
      events: number;
    }>(sql`
      select o.status as order_status, o.payment_method, p.status as invoice_status, p.failure_reason,
        (select count(*)::int from payment_events e where e.invoice_id = p.invoice_id) as events
      from orders o left join payments p on p.order_id = o.id where o.id = ${orderId}`);
    return row;
  };
  /** Monobank's webhook body for an invoice it created. */
  const update = (
    invoice: { invoiceId: string; amount: number; reference: string },
    status: string,
    modified: Date,
    extra: Record<string, unknown> = {},
  ) =>
    JSON.stringify({
      invoiceId: invoice.invoiceId,
      status,
      amount: invoice.amount,
      ccy: 980,
      finalAmount: status === 'success' ? invoice.amount : 0,
      createdDate: '2026-01-10T10:00:00Z',
      modifiedDate: modified.toISOString(),
      reference: invoice.reference,
      destination: 'Оплата замовлення',
      paymentInfo: { maskedPan: '444403******1902', paymentSystem: 'visa' },
      ...extra,
    });
  /** A card order with its invoice at the fake Monobank. */
  const cardOrder = async (headers: Record<string, string> = {}) => {
    const product = products[0] as CatalogProduct;
    const res = await createInvoice(orderPayload([lineOf(product, 2)], { payment_method: 'card' }), headers);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const sent = mono.invoices.at(-1);
    if (!sent) throw new Error('no invoice reached Monobank');
    return {
      orderId: res.body.order_id as string,
      invoiceId: sent.invoiceId,
      amount: sent.body.amount,
      reference: sent.body.merchantPaymInfo.reference,
    };
  };

  beforeAll(async () => {
    mono = await startFakeMonobank();
    smtp = await startMailCatcher();
    ctx = await createTestContext(backend, {
      MONOBANK_TOKEN: mono.token,
      MONOBANK_API_URL: mono.url,
      PUBLIC_URL: 'https://shop.example.ua',
      SMTP_URL: smtp.url,
    });
    products = (await catalogProducts(ctx.database)).filter((p) => p.inStock && p.sizeIds.length > 0);
  });
  afterAll(async () => {
    await ctx?.close();
    await mono?.close();
    await smtp?.close();
  });

  it('places the order awaiting payment and creates the invoice the Monobank way', async () => {
    const [a, b] = products as [CatalogProduct, CatalogProduct];
    const user = await signUp(ctx.app);
    const payload = orderPayload([{ ...lineOf(a, 2), price: '1.00' }, lineOf(b)], { payment_method: 'matching' });
    const res = await createInvoice(payload, bearer(user.access));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const sent = mono.invoices.at(-1);
    expect(res.body).toEqual({ payment_url: `https://pay.mbnk.biz/${sent?.invoiceId}`, order_id: expect.any(String) });

    const amount = parseMoney(a.price) * 2 + parseMoney(b.price);
    expect(sent?.token).toBe(mono.token);
    expect(sent?.body).toEqual({
      amount,
      ccy: 980,
      merchantPaymInfo: {
        reference: res.body.order_id,
        destination: `Оплата замовлення #${res.body.order_id.slice(-7)}`,
        basketOrder: [
          expect.objectContaining({ qty: 2, sum: parseMoney(a.price), total: parseMoney(a.price) * 2, unit: 'шт.' }),
          expect.objectContaining({ qty: 1, sum: parseMoney(b.price), total: parseMoney(b.price) }),
        ],
      },
      redirectUrl: `https://shop.example.ua/success-order?order_id=${res.body.order_id}`,
      webHookUrl: 'https://shop.example.ua/api/payments/monobank/webhook/',
    });
    expect(sent?.body.merchantPaymInfo.basketOrder[0]?.name).toEqual(expect.any(String));

    const [order] = (await (
      await ctx.app.inject({ method: 'GET', url: '/api/orders/', headers: bearer(user.access) })
    ).json()) as Order[];
    expect(order).toMatchObject({
      order_id: res.body.order_id,
      status: 'awaiting_payment',
      payment_method: 'card',
      amount: formatMoney(amount),
    });

    // The outbox worker sends it once the order and its mails are committed.
    let mail = smtp.received.find((m) => m.recipients.includes(payload.email as string));
    for (let i = 0; i < 100 && !mail; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      mail = smtp.received.find((m) => m.recipients.includes(payload.email as string));
    }
    expect(mail?.parsed.text).toContain(res.body.payment_url);
  });

  it('returns the buyer of an order placed on a Russian page to the Russian success page', async () => {
    const user = await signUp(ctx.app);
    const res = await createInvoice(
      orderPayload([lineOf(products[0] as CatalogProduct)], { lng: 'ru' }),
      bearer(user.access),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(mono.invoices.at(-1)?.body.redirectUrl).toBe(
      `https://shop.example.ua/ru/success-order?order_id=${res.body.order_id}`,
    );
  });

  it('marks the order paid on a signed success, and ignores the same webhook again', async () => {
    const invoice = await cardOrder();
    const body = update(invoice, 'success', new Date());
    expect(await webhook(body, mono.sign(body))).toEqual({ status: 200, body: { applied: true } });
    expect(await state(invoice.orderId)).toMatchObject({ order_status: 'paid', invoice_status: 'success', events: 1 });

    expect(await webhook(body, mono.sign(body))).toEqual({ status: 200, body: { applied: false } });
    const stale = update(invoice, 'failure', new Date(Date.now() - 60_000));
    expect(await webhook(stale, mono.sign(stale))).toEqual({ status: 200, body: { applied: false } });
    expect(await state(invoice.orderId)).toMatchObject({ order_status: 'paid', invoice_status: 'success', events: 3 });
  });

  it('checks the signature over the raw bytes, as sent', async () => {
    const invoice = await cardOrder();
    // Spacing and key order that JSON.stringify would not reproduce.
    const body = `{ "status" : "processing",\n  "invoiceId": "${invoice.invoiceId}", "amount": ${invoice.amount}, "ccy": 980, "createdDate": "2026-01-10T10:00:00Z", "modifiedDate": "${new Date().toISOString()}", "reference": "${invoice.reference}" }`;
    expect(await webhook(body, mono.sign(body))).toEqual({ status: 200, body: { applied: true } });
    expect(await state(invoice.orderId)).toMatchObject({
      order_status: 'awaiting_payment',
      invoice_status: 'processing',
    });
  });

  it('reads the key again once when Monobank has rotated it', async () => {
    const invoice = await cardOrder();
    mono.rotateKey();
    const fetched = mono.pubkeyRequests;
    const body = update(invoice, 'success', new Date());
    expect(await webhook(body, mono.sign(body))).toEqual({ status: 200, body: { applied: true } });
    expect(mono.pubkeyRequests - fetched).toBe(1);
  });

  it('refuses a forged or missing signature with 400 and changes nothing, without hammering the key', async () => {
    const invoice = await cardOrder();
    const body = update(invoice, 'success', new Date());
    const before = await state(invoice.orderId);
    const forger = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
    const fetched = mono.pubkeyRequests;
    for (let i = 0; i < 3; i++) {
      expect(await webhook(body, mono.sign(body, forger))).toEqual({
        status: 400,
        body: { detail: 'Invalid signature.' },
      });
    }
    // A body altered after signing.
    const signed = mono.sign(body);
    expect((await webhook(body.replace('"success"', '"success" '), signed)).status).toBe(400);
    expect((await webhook(body, undefined)).status).toBe(400);
    expect((await webhook(body, 'not base64!')).status).toBe(400);
    expect((await webhook(body, Buffer.from('garbage').toString('base64'))).status).toBe(400);
    expect(await state(invoice.orderId)).toEqual(before);
    // At most one new read of the key for all those failures.
    expect(mono.pubkeyRequests - fetched).toBeLessThanOrEqual(1);
  });

  it('refuses a wrong amount, another order’s reference, another currency or an unknown invoice', async () => {
    const invoice = await cardOrder();
    const before = await state(invoice.orderId);
    const send = (body: string) => webhook(body, mono.sign(body));
    expect(await send(update({ ...invoice, amount: invoice.amount - 1 }, 'success', new Date()))).toEqual({
      status: 400,
      body: { detail: 'The amount does not match the invoice.' },
    });
    expect(await send(update({ ...invoice, reference: crypto.randomUUID() }, 'success', new Date()))).toEqual({
      status: 400,
      body: { detail: 'The invoice does not belong to this order.' },
    });
    expect(await send(update(invoice, 'success', new Date(), { ccy: 840 }))).toMatchObject({ status: 400 });
    expect(await send(update({ ...invoice, invoiceId: 'p2_unknown' }, 'success', new Date()))).toEqual({
      status: 400,
      body: { detail: 'Unknown invoice.' },
    });
    expect(await send('{"invoiceId": 1}')).toEqual({
      status: 400,
      body: { detail: 'The webhook body is not a Monobank invoice status.' },
    });
    expect(await state(invoice.orderId)).toEqual(before);
  });

  it('records a failure, an expiry and a reversal without marking the order paid', async () => {
    const failed = await cardOrder();
    const body = update(failed, 'failure', new Date(), { failureReason: 'Недостатньо коштів' });
    expect((await webhook(body, mono.sign(body))).status).toBe(200);
    expect(await state(failed.orderId)).toMatchObject({
      order_status: 'awaiting_payment',
      invoice_status: 'failure',
      failure_reason: 'Недостатньо коштів',
    });

    const expired = await cardOrder();
    const late = update(expired, 'expired', new Date());
    expect((await webhook(late, mono.sign(late))).status).toBe(200);
    expect(await state(expired.orderId)).toMatchObject({ order_status: 'awaiting_payment', invoice_status: 'expired' });

    const reversed = await cardOrder();
    const paid = update(reversed, 'success', new Date(Date.now() - 1000));
    const back = update(reversed, 'reversed', new Date());
    await webhook(paid, mono.sign(paid));
    expect((await webhook(back, mono.sign(back))).status).toBe(200);
    expect(await state(reversed.orderId)).toMatchObject({ order_status: 'paid', invoice_status: 'reversed' });
  });

  it('answers 502 when Monobank is down; the same Idempotency-Key then retries only the invoice', async () => {
    const key = idempotencyKey();
    const payload = orderPayload([lineOf(products[1] as CatalogProduct)], { payment_method: 'card' });
    mono.failNext(503);
    ctx.expectErrorLog(/card invoice not created.*503/);
    const down = await createInvoice(payload, { 'idempotency-key': key });
    expect(down).toEqual({
      status: 502,
      body: {
        detail: 'The card payment service is not available. Please try again in a few minutes.',
        request_id: expect.any(String),
      },
    });
    // The order stays, awaiting payment, but nobody is mailed a payment link that does not exist.
    const mails = async () => {
      const [row] = await ctx.database.rows<{ n: number }>(sql`
        select count(*)::int as n from mail_outbox m join orders o on o.id = m.order_id where o.email = ${payload.email}`);
      return row?.n;
    };
    expect(await mails()).toBe(0);
    const retried = await createInvoice(payload, { 'idempotency-key': key });
    expect(retried.status).toBe(201);
    expect(await mails()).toBe(2);
    const again = await createInvoice(payload, { 'idempotency-key': key });
    expect(again.body).toEqual(retried.body);
    const orders = await ctx.database.rows<{ id: string }>(sql`select id from orders where email = ${payload.email}`);
    expect(orders.map((o) => o.id)).toEqual([retried.body.order_id]);
    expect(mono.invoices.filter((i) => i.body.merchantPaymInfo.reference === retried.body.order_id)).toHaveLength(1);
  });

  it('validates the payload as an order does, and has no sandbox', async () => {
    const res = await createInvoice({ ...orderPayload([]), isAgreement: false });
    expect(res).toMatchObject({
      status: 400,
      body: { items: ['validation.items_required'], isAgreement: ['validation.agreement_required'] },
    });
    const page = await ctx.app.inject('/payment/sandbox/sandbox-abc');
    expect(page.statusCode).toBe(404);
  });
});
