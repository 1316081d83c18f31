import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseMoney } from '@kram/contract/money';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dialectBackends, type TestContext } from '../../../test/helpers.ts';
import { type CatalogProduct, catalogProducts, lineOf, orderPayload } from '../../../test/orders.ts';
import { freshIp } from '../../../test/users.ts';
import { resolveSandboxKeys, signBody } from './sandbox-keys.ts';

describe.each(dialectBackends)('the card payment sandbox (no MONOBANK_TOKEN) on %s', (backend) => {
  let ctx: TestContext;
  let product: CatalogProduct;

  const newInvoice = async (lng?: 'uk' | 'ru') => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/create-monobank-invoice/',
      payload: orderPayload([lineOf(product, 3)], { payment_method: 'card', ...(lng ? { lng } : {}) }),
      headers: { 'x-forwarded-for': freshIp() },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { payment_url, order_id } = res.json() as { payment_url: string; order_id: string };
    return { url: new URL(payment_url), orderId: order_id, invoiceId: payment_url.split('/').pop() as string };
  };
  const press = (invoiceId: string, outcome: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/${invoiceId}/${outcome}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
  const state = async (orderId: string) =>
    (
      await ctx.database.rows<{ order_status: string; invoice_status: string; events: number }>(sql`
        select o.status as order_status, p.status as invoice_status,
          (select count(*)::int from payment_events e where e.invoice_id = p.invoice_id and e.applied) as events
        from orders o join payments p on p.order_id = o.id where o.id = ${orderId}`)
    )[0];

  beforeAll(async () => {
    ctx = await createTestContext(backend, { PUBLIC_URL: 'http://shop.test:3000' });
    product = (await catalogProducts(ctx.database)).find((p) => p.inStock && p.sizeIds.length > 0) as CatalogProduct;
  });
  afterAll(() => ctx?.close());

  it('opens an invoice on the shop’s own payment page', async () => {
    const invoice = await newInvoice();
    expect(invoice.url.origin).toBe('http://shop.test:3000');
    expect(invoice.url.pathname).toMatch(/^\/payment\/sandbox\/sandbox-[\w-]+$/);
    expect(await state(invoice.orderId)).toEqual({
      order_status: 'awaiting_payment',
      invoice_status: 'created',
      events: 0,
    });
  });

  it('shows the amount with Pay and Decline, in Ukrainian or Russian, with no script', async () => {
    const invoice = await newInvoice();
    const uk = await ctx.app.inject(invoice.url.pathname);
    expect(uk.statusCode).toBe(200);
    expect(uk.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(uk.body).toContain('<html lang="uk">');
    // Written the shop's one way: "2 350,00 ₴" (U+202F between thousands, U+00A0 before the sign).
    const shown = /<p class="amount">(\d{1,3}(?:\u202F\d{3})*),(\d{2})\u00A0₴<\/p>/.exec(uk.body);
    expect(shown, uk.body).not.toBeNull();
    expect(Number(`${shown?.[1]?.replaceAll('\u202F', '')}${shown?.[2]}`)).toBe(parseMoney(product.price) * 3);
    expect(uk.body).toContain(`Оплата замовлення #${invoice.orderId.slice(-7)}`);
    expect(uk.body).toContain(`action="/api/payments/sandbox/${invoice.invoiceId}/success"`);
    expect(uk.body).toContain(`action="/api/payments/sandbox/${invoice.invoiceId}/failure"`);
    expect(uk.body).toContain('>Сплатити<');
    expect(uk.body).not.toContain('<script');
    const csp = uk.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self'");
    const nonce = /style-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(uk.body).toContain(`<style nonce="${nonce}">`);

    const ru = await ctx.app.inject({ url: invoice.url.pathname, headers: { cookie: 'theme=x; lng=ru' } });
    expect(ru.body).toContain('<html lang="ru">');
    expect(ru.body).toContain('>Оплатить<');
    const byHeader = await ctx.app.inject({ url: invoice.url.pathname, headers: { 'accept-language': 'ru,uk;q=0.5' } });
    expect(byHeader.body).toContain('Оплата заказа');

    const missing = await ctx.app.inject('/payment/sandbox/sandbox-nothing-here');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Рахунок не знайдено.');
  });

  it('Pay sends a signed webhook through the webhook endpoint, marks the order paid and returns the buyer', async () => {
    const invoice = await newInvoice();
    const res = await press(invoice.invoiceId, 'success');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/success-order?order_id=${invoice.orderId}`);
    expect(await state(invoice.orderId)).toEqual({ order_status: 'paid', invoice_status: 'success', events: 1 });

    // Pressed again, or Decline after Pay: nothing more happens.
    expect((await press(invoice.invoiceId, 'success')).headers.location).toBe(
      `/success-order?order_id=${invoice.orderId}`,
    );
    expect((await press(invoice.invoiceId, 'failure')).headers.location).toBe(
      `/success-order?order_id=${invoice.orderId}`,
    );
    expect(await state(invoice.orderId)).toEqual({ order_status: 'paid', invoice_status: 'success', events: 1 });
    expect((await ctx.app.inject(invoice.url.pathname)).body).toContain('Цей рахунок уже сплачено.');
  });

  it('returns the buyer of an order placed in Russian to the Russian pages', async () => {
    const paid = await newInvoice('ru');
    expect((await press(paid.invoiceId, 'success')).headers.location).toBe(
      `/ru/success-order?order_id=${paid.orderId}`,
    );
    const declined = await newInvoice('ru');
    expect((await press(declined.invoiceId, 'failure')).headers.location).toBe(
      `/ru/checkout?payment=failed&order_id=${declined.orderId}`,
    );
  });

  it('Decline records the failure and returns the buyer to the checkout', async () => {
    const invoice = await newInvoice();
    const res = await press(invoice.invoiceId, 'failure');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/checkout?payment=failed&order_id=${invoice.orderId}`);
    expect(await state(invoice.orderId)).toEqual({
      order_status: 'awaiting_payment',
      invoice_status: 'failure',
      events: 1,
    });
  });

  it('accepts only webhooks signed with the key kept in DATA_DIR', async () => {
    const invoice = await newInvoice();
    const keyFile = path.join(ctx.config.dataDir, 'payment-sandbox-key.pem');
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    const body = JSON.stringify({
      invoiceId: invoice.invoiceId,
      status: 'success',
      amount: parseMoney(product.price) * 3,
      ccy: 980,
      createdDate: new Date().toISOString(),
      modifiedDate: new Date().toISOString(),
      reference: invoice.orderId,
    });
    const send = (xSign: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/payments/monobank/webhook/',
        headers: { 'content-type': 'application/json', 'x-sign': xSign },
        payload: body,
      });
    const stranger = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
    expect((await send(signBody(body, stranger))).statusCode).toBe(400);
    expect((await state(invoice.orderId))?.order_status).toBe('awaiting_payment');

    // The same key pair is read back, not made anew.
    const kept = resolveSandboxKeys(ctx.config.dataDir);
    expect((await send(signBody(body, kept.privateKey))).statusCode).toBe(200);
    expect((await state(invoice.orderId))?.order_status).toBe('paid');
  });

  it('10 Pay and 10 Decline at once settle the invoice once, and every press answers that outcome', async () => {
    const invoice = await newInvoice();
    const presses = Array.from({ length: 20 }, (_, i) => press(invoice.invoiceId, i % 2 ? 'failure' : 'success'));
    const locations = new Set((await Promise.all(presses)).map((res) => `${res.statusCode} ${res.headers.location}`));
    const settled = await state(invoice.orderId);
    expect(settled?.events).toBe(1);
    if (settled?.invoice_status === 'success') {
      expect(settled.order_status).toBe('paid');
      expect([...locations]).toEqual([`303 /success-order?order_id=${invoice.orderId}`]);
    } else {
      expect(settled).toEqual({ order_status: 'awaiting_payment', invoice_status: 'failure', events: 1 });
      expect([...locations]).toEqual([`303 /checkout?payment=failed&order_id=${invoice.orderId}`]);
    }
    const paidMails = await ctx.database.rows<{ n: number }>(
      sql`select count(*)::int as n from mail_outbox where order_id = ${invoice.orderId} and kind = 'payment_received'`,
    );
    expect(paidMails[0]?.n).toBe(settled?.invoice_status === 'success' ? 1 : 0);
  });

  it('refuses unknown invoices and outcomes', async () => {
    expect((await press('sandbox-unknown', 'success')).statusCode).toBe(404);
    const invoice = await newInvoice();
    expect((await press(invoice.invoiceId, 'refund')).statusCode).toBe(400);
  });
});
