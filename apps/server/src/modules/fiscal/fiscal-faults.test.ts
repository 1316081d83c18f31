import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseMoney } from '@kram/contract/money';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeCheckbox, startFakeCheckbox } from '../../../test/fake-checkbox.ts';
import { createTestContext, dialectBackends, type TestContext } from '../../../test/helpers.ts';
import { type CatalogProduct, catalogProducts, lineOf, orderPayload } from '../../../test/orders.ts';
import { bearer, freshIp, staffUser, type TestUser } from '../../../test/users.ts';
import { waitFor } from '../../../test/wait-for.ts';

interface ReceiptRow {
  id: string;
  status: string;
  attempts: number;
  last_error: string | null;
  fiscal_code: string | null;
  retry_in_s: number;
  alerted: boolean;
}

describe.each(dialectBackends)('fiscal receipts through Checkbox’s protocol, with its faults, on %s', (backend) => {
  let ctx: TestContext;
  let checkbox: FakeCheckbox;
  let telegram: http.Server;
  const chat: string[] = [];
  let manager: TestUser;
  let product: CatalogProduct;

  const admin = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url: `/api/admin${url}`,
      headers: bearer(manager.access),
      ...(payload ? { payload } : {}),
    });

  async function paidCardOrder(): Promise<string> {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/create-monobank-invoice/',
      headers: { 'x-forwarded-for': freshIp() },
      payload: orderPayload([lineOf(product, 2)], { payment_method: 'card' }),
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

  const receiptOf = async (orderId: string): Promise<ReceiptRow | undefined> =>
    (
      await ctx.database.rows<ReceiptRow>(sql`
        select id, status, attempts, last_error, fiscal_code, alerted_at is not null as alerted,
          extract(epoch from next_attempt_at - updated_at)::int as retry_in_s
        from fiscal_receipts where order_id = ${orderId}`)
    )[0];
  const settled = (orderId: string, done: (r: ReceiptRow) => boolean) =>
    waitFor(async () => {
      const row = await receiptOf(orderId);
      return row && done(row) ? row : undefined;
    });
  /** The calls the register got since `from`, as `METHOD path status`. */
  const callsSince = (from: number) => checkbox.calls.slice(from).map((c) => `${c.method} ${c.path} ${c.status}`);
  const heldAtRegister = (id: string) => checkbox.receipts().filter((r) => r.id === id).length;

  beforeAll(async () => {
    checkbox = await startFakeCheckbox();
    telegram = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => {
        raw += c;
      });
      req.on('end', () => {
        chat.push(JSON.parse(raw).text);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true,"result":{}}');
      });
    });
    await new Promise<void>((resolve) => telegram.listen(0, '127.0.0.1', resolve));
    ctx = await createTestContext(backend, {
      PUBLIC_URL: 'https://shop.example.ua',
      CHECKBOX_LICENSE_KEY: checkbox.licenseKey,
      CHECKBOX_CASHIER_PIN: checkbox.pinCode,
      CHECKBOX_API_URL: checkbox.url,
      CHECKBOX_RECEIPT_URL: 'https://check.example.ua',
      TELEGRAM_BOT_TOKEN: '123456:test-token',
      TELEGRAM_CHAT_ID: '-100500',
      TELEGRAM_API_URL: `http://127.0.0.1:${(telegram.address() as AddressInfo).port}`,
    });
    manager = await staffUser(ctx.app, ctx.database);
    product = (await catalogProducts(ctx.database)).find((p) => p.inStock && p.sizeIds.length > 0) as CatalogProduct;
  });
  afterAll(async () => {
    await ctx?.close();
    await checkbox?.close();
    await new Promise<void>((resolve) => (telegram ? telegram.close(() => resolve()) : resolve()));
  });

  it('signs the cashier in and opens a shift before the first receipt', async () => {
    const orderId = await paidCardOrder();
    const receipt = await settled(orderId, (r) => r.status === 'done');
    const calls = callsSince(0);
    expect(calls.slice(0, 3)).toEqual([
      'POST /cashier/signinPinCode 200',
      'GET /cashier/shift 200',
      'POST /shifts 202',
    ]);
    expect(calls.indexOf('POST /shifts 202')).toBeLessThan(calls.indexOf('POST /receipts/sell 201'));
    expect(calls).toContain(`GET /receipts/${receipt.id} 200`);
    expect(receipt).toMatchObject({ attempts: 1, last_error: null, fiscal_code: expect.stringMatching(/^TEST-/) });
    expect(heldAtRegister(receipt.id)).toBe(1);
    const [held] = checkbox.receipts().filter((r) => r.id === receipt.id);
    expect(held?.body.payments).toEqual([{ type: 'CASHLESS', value: parseMoney(product.price) * 2, label: 'Картка' }]);

    const { receipts } = (await ctx.app.inject(`/api/orders/${orderId}/receipts/`)).json();
    expect(receipts[0].page_url).toBe(`https://check.example.ua/${receipt.id}`);
    const pdf = await ctx.app.inject(new URL(receipts[0].pdf_url).pathname);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const shifts = (await admin('GET', '/fiscal/shifts/')).json();
    expect(shifts).toMatchObject({ count: 1, results: [{ status: 'opened', serial: 1 }] });
    expect((await admin('GET', '/fiscal/settings/')).json()).toMatchObject({
      register: 'checkbox',
      cashier_name: 'Олена Касирка',
    });
  });

  it('signs in again once when the register refuses its token, and issues one receipt', async () => {
    checkbox.expireToken();
    const from = checkbox.calls.length;
    const orderId = await paidCardOrder();
    const receipt = await settled(orderId, (r) => r.status === 'done');
    const calls = callsSince(from);
    // The refused call is made again once, after one sign-in; the register holds one receipt.
    expect(calls.filter((c) => c.endsWith(' 401'))).toEqual(['POST /receipts/sell 401']);
    expect(
      calls.slice(calls.indexOf('POST /receipts/sell 401') + 1, calls.indexOf('POST /receipts/sell 201') + 1),
    ).toEqual(['POST /cashier/signinPinCode 200', 'POST /receipts/sell 201']);
    expect(heldAtRegister(receipt.id)).toBe(1);
  });

  it('opens another shift when the register closed its shift by itself', async () => {
    checkbox.closeShiftBehindTheShop();
    const from = checkbox.calls.length;
    const orderId = await paidCardOrder();
    const receipt = await settled(orderId, (r) => r.status === 'done');
    const calls = callsSince(from);
    const refused = calls.indexOf('POST /receipts/sell 400');
    expect(refused).toBeGreaterThanOrEqual(0);
    expect(calls.indexOf('POST /shifts 202')).toBeGreaterThan(refused);
    expect(calls.indexOf('POST /receipts/sell 201')).toBeGreaterThan(calls.indexOf('POST /shifts 202'));
    expect(checkbox.sellPosts.get(receipt.id)).toBe(2);
    expect(heldAtRegister(receipt.id)).toBe(1);
    const shifts = (await admin('GET', '/fiscal/shifts/')).json();
    expect(shifts.results.map((s: { status: string }) => s.status)).toEqual(['opened', 'closed']);
  });

  it('records the register’s refusal, tries again later, and tells the manager once an hour has passed', async () => {
    checkbox.refuseNextReceipt('Невідомий код податку');
    const orderId = await paidCardOrder();
    const refused = await settled(orderId, (r) => r.attempts === 1 && r.last_error !== null);
    expect(refused.status).toBe('pending');
    expect(refused.last_error).toContain('Невідомий код податку');
    expect(refused.retry_in_s).toBeGreaterThanOrEqual(59);
    expect(refused.retry_in_s).toBeLessThanOrEqual(61);
    expect(heldAtRegister(refused.id)).toBe(0);
    const view = await admin('GET', `/fiscal/receipts/${refused.id}/`);
    expect(view.json()).toMatchObject({ status: 'pending', attempts: 1, overdue: false, fiscal_code: null });
    expect(view.json().last_error).toContain('Невідомий код податку');

    // An hour later it is refused again: the manager's chat hears of it, once.
    checkbox.refuseNextReceipt('Невідомий код податку');
    await ctx.database.db.execute(sql`
      update fiscal_receipts set created_at = now() - interval '61 minutes', next_attempt_at = now() - interval '1 second'
      where id = ${refused.id}`);
    const late = await settled(orderId, (r) => r.attempts === 2 && r.alerted);
    expect(late.status).toBe('pending');
    expect(late.retry_in_s).toBeGreaterThanOrEqual(119);
    const alerts = () =>
      chat.filter((m) => m.startsWith('Фіскальні чеки не видано') && m.includes(`#${orderId.slice(-7)}`));
    await waitFor(async () => (alerts().length > 0 ? true : undefined));
    expect(alerts()).toHaveLength(1);
    expect(alerts()[0]).toContain('Невідомий код податку');
    expect((await admin('GET', '/fiscal/alerts/')).json()).toEqual({ overdue: 1, oldest_due_at: expect.any(String) });
    const overdue = (await admin('GET', '/fiscal/receipts/?overdue=true')).json();
    expect(overdue).toMatchObject({ count: 1, results: [{ id: refused.id, overdue: true, attempts: 2 }] });

    checkbox.refuseNextReceipt('Невідомий код податку');
    await ctx.database.db.execute(sql`update fiscal_receipts set next_attempt_at = now() where id = ${refused.id}`);
    await settled(orderId, (r) => r.attempts === 3);
    expect(alerts()).toHaveLength(1);

    const retried = await admin('POST', `/fiscal/receipts/${refused.id}/retry/`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'done', attempts: 4, last_error: null, overdue: false });
    expect((await admin('GET', '/fiscal/alerts/')).json()).toEqual({ overdue: 0, oldest_due_at: null });
    const again = await admin('POST', `/fiscal/receipts/${refused.id}/retry/`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'This receipt is issued already.' });
    expect((await admin('POST', '/fiscal/receipts/00000000-0000-4000-8000-000000000000/retry/')).statusCode).toBe(404);
    expect((await admin('POST', '/fiscal/receipts/42/retry/')).statusCode).toBe(400);
  });

  for (const how of ['drop', '504'] as const) {
    it(`looks a receipt up before sending it again when its answer was lost (${how}), and never makes two`, async () => {
      checkbox.loseNextReceiptAnswer(how);
      const orderId = await paidCardOrder();
      const lost = await settled(orderId, (r) => r.attempts === 1 && r.last_error !== null);
      expect(lost.status).toBe('issuing');
      expect(lost.last_error).toContain('did not answer');
      expect(heldAtRegister(lost.id)).toBe(1);

      const from = checkbox.calls.length;
      const retried = await admin('POST', `/fiscal/receipts/${lost.id}/retry/`);
      expect(retried.statusCode, retried.body).toBe(200);
      expect(retried.json()).toMatchObject({
        status: 'done',
        attempts: 2,
        fiscal_code: expect.stringMatching(/^TEST-/),
      });
      expect(callsSince(from)[0]).toBe(`GET /receipts/${lost.id} 200`);
      expect(checkbox.sellPosts.get(lost.id)).toBe(1);
      expect(heldAtRegister(lost.id)).toBe(1);
    });
  }

  it('closes the shift with the register’s Z-report', async () => {
    const from = checkbox.calls.length;
    const closed = await admin('POST', '/fiscal/shifts/close/');
    expect(closed.statusCode, closed.body).toBe(200);
    expect(callsSince(from)).toContain('POST /shifts/close 200');
    const shift = closed.json();
    const held = checkbox.receipts().filter((r) => r.body.shift_id === shift.id);
    expect(held.length).toBeGreaterThan(0);
    expect(shift.z_report).toEqual({
      sell_receipts: held.length,
      return_receipts: 0,
      sell_sum: (held.reduce((sum, r) => sum + Number(r.body.total_sum), 0) / 100).toFixed(2),
      return_sum: '0.00',
    });
    const [kept] = await ctx.database.rows<{ z_report: Record<string, unknown> }>(
      sql`select z_report from fiscal_shifts where id = ${shift.id}`,
    );
    expect(kept?.z_report).toMatchObject({ sell_receipts_count: held.length, return_receipts_count: 0 });
  });
});

describe('fiscal receipts without a register (no licence key, no stand-in)', () => {
  let ctx: TestContext;
  let manager: TestUser;

  beforeAll(async () => {
    ctx = await createTestContext('pglite', { FISCAL_SANDBOX: 'false' });
    manager = await staffUser(ctx.app, ctx.database);
  });
  afterAll(() => ctx?.close());

  it('writes no receipt, and says no register is configured', async () => {
    const product = (await catalogProducts(ctx.database)).find(
      (p) => p.inStock && p.sizeIds.length > 0,
    ) as CatalogProduct;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/',
      headers: { 'x-forwarded-for': freshIp() },
      payload: orderPayload([lineOf(product)], { payment_method: 'cash', delivery_type: 'self_delivery' }),
    });
    const orderId = res.json().order_id as string;
    const settings = await ctx.app.inject({ url: '/api/admin/fiscal/settings/', headers: bearer(manager.access) });
    expect(settings.json()).toMatchObject({ enabled: true, register: null, cashier_name: null });
    const counter = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/receipts/`,
      headers: bearer(manager.access),
      payload: { payment_type: 'cash' },
    });
    expect(counter.statusCode).toBe(409);
    expect(counter.json()).toEqual({
      detail: 'No cash register is configured: set CHECKBOX_LICENSE_KEY and CHECKBOX_CASHIER_PIN.',
    });
    const close = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/fiscal/shifts/close/',
      headers: bearer(manager.access),
    });
    expect(close.statusCode).toBe(409);
    expect((await ctx.app.inject(`/api/orders/${orderId}/receipts/`)).json()).toEqual({
      order_id: orderId,
      by_carrier: false,
      receipts: [],
    });
  });
});
