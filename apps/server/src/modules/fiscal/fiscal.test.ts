import { parseMoney } from '@kram/contract/money';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dialectBackends, type TestContext } from '../../../test/helpers.ts';
import { type CatalogProduct, catalogProducts, lineOf, orderPayload } from '../../../test/orders.ts';
import { bearer, freshIp, signUp, staffUser, type TestUser } from '../../../test/users.ts';
import { waitFor } from '../../../test/wait-for.ts';

interface PublicReceipt {
  id: string;
  kind: string;
  status: string;
  amount: string;
  fiscal_code: string | null;
  page_url: string | null;
  pdf_url: string | null;
  issued_at: string | null;
}

describe.each(dialectBackends)('fiscal receipts through the shop’s stand-in for Checkbox, on %s', (backend) => {
  let ctx: TestContext;
  let manager: TestUser;
  let products: CatalogProduct[];
  const publicUrl = 'http://shop.test';

  const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url: `/api/admin${url}`,
      headers: bearer(manager.access),
      ...(payload ? { payload } : {}),
    });

  /** A card order paid on the payments sandbox's page. */
  async function paidCardOrder(overrides: Record<string, unknown> = {}, lines = products.slice(0, 2)) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/create-monobank-invoice/',
      headers: { 'x-forwarded-for': freshIp() },
      payload: orderPayload(
        lines.map((p, i) => lineOf(p, i + 1)),
        { payment_method: 'card', ...overrides },
      ),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { payment_url, order_id } = res.json() as { payment_url: string; order_id: string };
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/${payment_url.split('/').pop()}/success`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.statusCode, paid.body).toBe(303);
    return order_id;
  }

  async function placed(overrides: Record<string, unknown>) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/',
      headers: { 'x-forwarded-for': freshIp() },
      payload: orderPayload([lineOf(products[0] as CatalogProduct, 2)], overrides),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().order_id as string;
  }

  const receiptsOf = async (orderId: string) => {
    const res = await ctx.app.inject(`/api/orders/${orderId}/receipts/`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { order_id: string; by_carrier: boolean; receipts: PublicReceipt[] };
  };
  const issued = (orderId: string) =>
    waitFor(async () => {
      const { receipts } = await receiptsOf(orderId);
      return receipts.length > 0 && receipts.every((r) => r.status === 'done') ? receipts : undefined;
    });
  const row = async (id: string) =>
    (
      await ctx.database.rows<Record<string, unknown>>(sql`select * from fiscal_receipts where id = ${id}`)
    )[0] as Record<string, unknown> & { body: Record<string, unknown> };
  const registerCopy = async (id: string) =>
    (
      await ctx.database.rows<{ body: Record<string, unknown>; fiscal_code: string }>(
        sql`select body, fiscal_code from fiscal_sandbox_receipts where id = ${id}`,
      )
    )[0];
  const saveSettings = (change: Record<string, unknown> = {}) =>
    admin('PUT', '/fiscal/settings/', {
      enabled: true,
      default_tax_code: null,
      product_taxes: [],
      shift_close_time: '23:50',
      ...change,
    });

  beforeAll(async () => {
    ctx = await createTestContext(backend, { PUBLIC_URL: publicUrl });
    manager = await staffUser(ctx.app, ctx.database);
    products = (await catalogProducts(ctx.database)).filter((p) => p.inStock && p.sizeIds.length > 0).slice(0, 2);
  });
  afterAll(() => ctx?.close());

  it('issues a paid card order’s sell receipt: goods at full price, the promo code as one discount, card payment', async () => {
    const promo = await admin('POST', '/promo-codes/', {
      code: `FISCAL${backend.toUpperCase()}`,
      kind: 'percent',
      value: '10',
    });
    expect(promo.statusCode, promo.body).toBe(201);
    const orderId = await paidCardOrder({ promo_code: promo.json().code });
    const [receipt] = await issued(orderId);
    const [order] = await ctx.database.rows<{ amount: string; discount: string; email: string }>(
      sql`select amount::text, discount::text, email from orders where id = ${orderId}`,
    );
    const lines = await ctx.database.rows<{ sku: string; price: string; quantity: number; name: string }>(
      sql`select sku, price::text, quantity, name from order_items where order_id = ${orderId} order by position`,
    );
    expect(parseMoney(order?.discount ?? '0')).toBeGreaterThan(0);
    expect(receipt).toMatchObject({
      kind: 'sell',
      status: 'done',
      amount: order?.amount,
      fiscal_code: expect.stringMatching(/^TEST-\d{10}$/),
      page_url: `${publicUrl}/fiscal/sandbox/receipts/${receipt?.id}`,
      pdf_url: `${publicUrl}/receipt/${orderId}/${receipt?.id}/pdf`,
      issued_at: expect.any(String),
    });

    const written = await row(receipt?.id as string);
    expect(written).toMatchObject({ source: 'card_payment', payment_type: 'card', dedupe_key: `payment:${orderId}` });
    expect(written.body).toEqual({
      goods: lines.map((l) => ({
        code: l.sku,
        name: expect.stringContaining(l.name),
        price: parseMoney(l.price),
        quantity: l.quantity * 1000,
        taxes: [],
      })),
      discount: { value: parseMoney(order?.discount ?? ''), name: `Промокод ${promo.json().code}` },
      email: order?.email,
    });

    // What the register got: the same goods, the discount, a card payment of the order's amount, the e-mail.
    const copy = await registerCopy(receipt?.id as string);
    expect(copy?.fiscal_code).toBe(receipt?.fiscal_code);
    expect(copy?.body).toMatchObject({
      type: 'SELL',
      discounts: [{ value: parseMoney(order?.discount ?? ''), name: `Промокод ${promo.json().code}` }],
      payments: [{ type: 'CASHLESS', value: parseMoney(order?.amount ?? '') }],
      emails: [order?.email],
    });
    expect(((copy?.body.goods ?? []) as { code: string }[]).map((g) => g.code)).toEqual(lines.map((l) => l.sku));

    // The payment mail links the receipt; the link leads to the register's page of it.
    const [mail] = await ctx.database.rows<{ text: string }>(
      sql`select text from mail_outbox where order_id = ${orderId} and kind = 'payment_received'`,
    );
    expect(mail?.text).toContain(`Фіскальний чек:\n${publicUrl}/receipt/${orderId}\n`);
    const link = await ctx.app.inject(`/receipt/${orderId}`);
    expect(link.statusCode).toBe(302);
    expect(link.headers.location).toBe(receipt?.page_url);

    const page = await ctx.app.inject(`/fiscal/sandbox/receipts/${receipt?.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(receipt?.fiscal_code);
    expect(page.body).toContain(`Промокод ${promo.json().code}`);
    expect(page.body).not.toContain('<script');
    const nonce = /style-src 'nonce-([^']+)'/.exec(page.headers['content-security-policy'] as string)?.[1];
    expect(page.body).toContain(`<style nonce="${nonce}">`);
    const pdf = await ctx.app.inject(new URL(receipt?.pdf_url as string).pathname);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.toString('latin1')).toContain(receipt?.fiscal_code);

    // Issued in a shift the shop opened, by the cashier the register names.
    const shifts = await admin('GET', '/fiscal/shifts/');
    expect(shifts.json().results[0]).toMatchObject({ status: 'opened', z_report: null });
    const settings = await admin('GET', '/fiscal/settings/');
    expect(settings.json()).toMatchObject({ enabled: true, register: 'sandbox', cashier_name: 'Касир пісочниці' });
    const staffView = await admin('GET', `/orders/${orderId}/receipts/`);
    expect(staffView.json()).toMatchObject({
      by_carrier: false,
      can_issue_counter: false,
      receipts: [{ id: receipt?.id, source: 'card_payment', attempts: 1, last_error: null, overdue: false }],
    });
  });

  it('writes the product’s tax code, else the shop’s default, on each good', async () => {
    const [a, b] = products as [CatalogProduct, CatalogProduct];
    const saved = await saveSettings({ default_tax_code: 1, product_taxes: [{ product_id: a.id, tax_code: 8 }] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().product_taxes).toEqual([
      { product_id: a.id, name: expect.any(String), sku: expect.any(String), tax_code: 8 },
    ]);
    try {
      const orderId = await paidCardOrder({}, [a, b]);
      const [receipt] = await issued(orderId);
      const goods = (await row(receipt?.id as string)).body.goods as { taxes: number[] }[];
      expect(goods.map((g) => g.taxes)).toEqual([[8], [1]]);
    } finally {
      expect((await saveSettings()).statusCode).toBe(200);
    }
  });

  it('records a cash-on-delivery parcel’s receipt as the carrier’s and issues nothing, even with receipts off', async () => {
    const orderId = await placed({ payment_method: 'cash', delivery_type: 'branch' });
    for (const status of ['confirmed', 'shipped']) {
      const moved = await admin('POST', `/orders/${orderId}/status/`, { status });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const receipts = await receiptsOf(orderId);
    expect(receipts).toMatchObject({
      by_carrier: true,
      receipts: [{ kind: 'sell', status: 'by_carrier', page_url: null }],
    });
    const written = await row(receipts.receipts[0]?.id as string);
    expect(written).toMatchObject({ source: 'carrier_cod', payment_type: 'cash', attempts: 0 });
    expect(await registerCopy(written.id as string)).toBeUndefined();
    const link = await ctx.app.inject(`/receipt/${orderId}`);
    expect(link.statusCode).toBe(200);
    expect(link.body).toContain('видає перевізник');

    expect((await saveSettings({ enabled: false })).statusCode).toBe(200);
    try {
      const another = await placed({ payment_method: 'cash', delivery_type: 'address' });
      await admin('POST', `/orders/${another}/status/`, { status: 'confirmed' });
      await admin('POST', `/orders/${another}/status/`, { status: 'shipped' });
      expect((await receiptsOf(another)).by_carrier).toBe(true);
      // Receipts off: a card payment writes no receipt, and its mail has no link.
      const card = await paidCardOrder();
      expect((await receiptsOf(card)).receipts).toEqual([]);
      const [mail] = await ctx.database.rows<{ text: string }>(
        sql`select text from mail_outbox where order_id = ${card} and kind = 'payment_received'`,
      );
      expect(mail?.text).not.toContain('Фіскальний чек');
    } finally {
      expect((await saveSettings()).statusCode).toBe(200);
    }
  });

  it('issues the counter’s receipt of a pickup order paid at the shop, once', async () => {
    const orderId = await placed({ payment_method: 'cash', delivery_type: 'self_delivery' });
    const before = await admin('GET', `/orders/${orderId}/receipts/`);
    expect(before.json()).toMatchObject({ can_issue_counter: true, receipts: [] });

    const res = await admin('POST', `/orders/${orderId}/receipts/`, { payment_type: 'cash' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ source: 'counter', payment_type: 'cash', order_id: orderId, kind: 'sell' });
    const [receipt] = await issued(orderId);
    const copy = await registerCopy(receipt?.id as string);
    expect(copy?.body).toMatchObject({ payments: [{ type: 'CASH', value: parseMoney(receipt?.amount ?? '') }] });

    const again = await admin('POST', `/orders/${orderId}/receipts/`, { payment_type: 'card' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'This order has its receipt already.' });
    expect((await admin('GET', `/orders/${orderId}/receipts/`)).json().can_issue_counter).toBe(false);

    const branch = await placed({ payment_method: 'cash', delivery_type: 'branch' });
    const notCounter = await admin('POST', `/orders/${branch}/receipts/`, { payment_type: 'cash' });
    expect(notCounter.statusCode).toBe(409);
    expect(notCounter.json()).toEqual({
      detail: 'A receipt is issued here only for an order paid at the shop (pickup).',
    });
    const missing = await admin('POST', '/orders/00000000-0000-4000-8000-000000000000/receipts/', {
      payment_type: 'cash',
    });
    expect(missing.statusCode).toBe(404);
    const bad = await admin('POST', `/orders/${branch}/receipts/`, { payment_type: 'crypto' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['payment_type']);

    expect((await saveSettings({ enabled: false })).statusCode).toBe(200);
    try {
      const pickup = await placed({ payment_method: 'matching', delivery_type: 'self_delivery' });
      const off = await admin('POST', `/orders/${pickup}/receipts/`, { payment_type: 'card' });
      expect(off.statusCode).toBe(409);
      expect(off.json()).toEqual({ detail: 'Fiscal receipts are off: turn them on in the fiscal settings first.' });
    } finally {
      expect((await saveSettings()).statusCode).toBe(200);
    }
    const audit = await ctx.database.rows<{ action: string }>(
      sql`select action from audit_log where entity_id = ${receipt?.id}`,
    );
    expect(audit.map((a) => a.action)).toEqual(['fiscal.counter_receipt']);
  });

  it('closes the open shift on demand and keeps its Z-report', async () => {
    await issued(await paidCardOrder());
    const closed = await admin('POST', '/fiscal/shifts/close/');
    expect(closed.statusCode, closed.body).toBe(200);
    const shift = closed.json();
    expect(shift).toMatchObject({ status: 'closed', closed_at: expect.any(String), opened_at: expect.any(String) });
    const [kept] = await ctx.database.rows<{ z_report: Record<string, unknown> }>(
      sql`select z_report from fiscal_shifts where id = ${shift.id}`,
    );
    const sells = await ctx.database.rows<{ amount: string }>(
      sql`select r.amount::text from fiscal_receipts r where r.shift_id = ${shift.id} and r.kind = 'sell'`,
    );
    expect(sells.length).toBeGreaterThan(0);
    expect(kept?.z_report).toMatchObject({ sell_receipts_count: sells.length, payments: expect.any(Array) });
    expect(shift.z_report).toEqual({
      sell_receipts: sells.length,
      return_receipts: 0,
      sell_sum: (sells.reduce((sum, s) => sum + parseMoney(s.amount), 0) / 100).toFixed(2),
      return_sum: '0.00',
    });
    const listed = await admin('GET', '/fiscal/shifts/');
    expect(listed.json().results.find((s: { id: string }) => s.id === shift.id)).toEqual(shift);
    const none = await admin('POST', '/fiscal/shifts/close/');
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ detail: 'No shift is open.' });
    // The next receipt opens a new shift.
    await issued(await paidCardOrder());
    expect((await admin('GET', '/fiscal/shifts/')).json().results[0]).toMatchObject({ status: 'opened' });
  });

  it('refuses settings that break the rules, naming the fields, and audits the change', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ default_tax_code: 0 }, 'default_tax_code', 'A tax code is a whole number from 1 to 99.'],
      [{ default_tax_code: 100 }, 'default_tax_code', 'A tax code is a whole number from 1 to 99.'],
      [{ shift_close_time: '24:00' }, 'shift_close_time', 'The time is HH:MM, from 00:00 to 23:59.'],
      [{ shift_close_time: '7:30' }, 'shift_close_time', 'The time is HH:MM, from 00:00 to 23:59.'],
      [
        { product_taxes: [{ product_id: 999_999, tax_code: 1 }] },
        'product_taxes.0.product_id',
        'No product has this id.',
      ],
      [
        { product_taxes: [{ product_id: products[0]?.id, tax_code: 0 }] },
        'product_taxes.0.tax_code',
        'A tax code is a whole number from 1 to 99.',
      ],
    ];
    for (const [change, field, message] of cases) {
      const res = await saveSettings(change);
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json()[field], `${JSON.stringify(change)}: ${res.body}`).toEqual([message]);
    }
    const twice = await saveSettings({
      product_taxes: [
        { product_id: products[0]?.id, tax_code: 1 },
        { product_id: products[0]?.id, tax_code: 2 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ 'product_taxes.1.product_id': ['This product is listed twice.'] });
    expect((await saveSettings({ forged: true })).statusCode).toBe(400);
    expect((await admin('PUT', '/fiscal/settings/', { enabled: true })).statusCode).toBe(400);

    const saved = await saveSettings({ shift_close_time: null, default_tax_code: 5 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ shift_close_time: null, default_tax_code: 5 });
    const [entry] = await ctx.database.rows<{
      before: { default_tax_code: number };
      after: { default_tax_code: number };
    }>(sql`select before, after from audit_log where action = 'fiscal.settings' order by id desc limit 1`);
    expect(entry?.after.default_tax_code).toBe(5);
    expect((await saveSettings()).statusCode).toBe(200);
  });

  it('answers 404 for an unknown order and says the receipt is being issued while it is', async () => {
    const unknown = await ctx.app.inject('/api/orders/00000000-0000-4000-8000-000000000000/receipts/');
    expect(unknown.statusCode).toBe(404);
    expect((await ctx.app.inject('/api/orders/not-a-uuid/receipts/')).statusCode).toBe(400);
    expect((await ctx.app.inject('/receipt/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await ctx.app.inject('/receipt/nonsense')).statusCode).toBe(404);

    const orderId = await placed({ payment_method: 'cash', delivery_type: 'self_delivery', lng: 'ru' });
    await ctx.database.db.execute(sql`
      insert into fiscal_receipts (id, order_id, kind, source, payment_type, amount, body, dedupe_key, next_attempt_at)
      values (gen_random_uuid(), ${orderId}, 'sell', 'counter', 'cash', 1, '{"goods":[],"discount":null,"email":null}',
        ${`counter:${orderId}`}, now() + interval '1 day')`);
    const page = await ctx.app.inject(`/receipt/${orderId}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="ru">');
    expect(page.body).toContain('Чек формируется');
    expect((await receiptsOf(orderId)).receipts).toMatchObject([
      { status: 'pending', fiscal_code: null, pdf_url: null },
    ]);
    const pdf = await ctx.app.inject(`/receipt/${orderId}/${(await receiptsOf(orderId)).receipts[0]?.id}/pdf`);
    expect(pdf.statusCode).toBe(404);
  });

  it('lets only staff into the back office’s fiscal calls', async () => {
    const calls: [string, string][] = [
      ['GET', '/api/admin/fiscal/settings/'],
      ['PUT', '/api/admin/fiscal/settings/'],
      ['GET', '/api/admin/fiscal/receipts/'],
      ['GET', '/api/admin/fiscal/alerts/'],
      ['POST', '/api/admin/fiscal/shifts/close/'],
    ];
    const shopper = await signUp(ctx.app);
    for (const [method, url] of calls) {
      const payload = method === 'GET' ? undefined : {};
      const anonymous = await ctx.app.inject({ method: method as 'GET', url, payload });
      expect(anonymous.statusCode, url).toBe(401);
      const notStaff = await ctx.app.inject({ method: method as 'GET', url, headers: bearer(shopper.access), payload });
      expect(notStaff.statusCode, url).toBe(403);
    }
  });
});
