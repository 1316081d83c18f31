import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CheckboxCall } from '../checkbox-transport.ts';
import { checkboxSandbox, sandboxRefusals } from './checkbox-sandbox.ts';
import { memorySandboxStore } from './sandbox-store.ts';

const licenseKey = 'key';

/** A stand-in with a signed-in cashier; `open` also opens a shift. */
async function register(open = true) {
  const sandbox = checkboxSandbox(memorySandboxStore(), { licenseKey, pinCode: '4321' });
  const signIn = await sandbox.handle({
    method: 'POST',
    path: '/cashier/signinPinCode',
    headers: { 'X-License-Key': licenseKey },
    body: { pin_code: '4321' },
  });
  const token = (signIn.body as { access_token: string }).access_token;
  const call = (method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}) =>
    sandbox.handle({ method, path, headers: { authorization: `Bearer ${token}`, ...headers }, body } as CheckboxCall);
  if (open) {
    const shift = await call('POST', '/shifts', undefined, { 'x-license-key': licenseKey });
    const id = (shift.body as { id: string }).id;
    await call('GET', `/shifts/${id}`);
    await call('GET', `/shifts/${id}`);
  }
  return { sandbox, call };
}

const receipt = (overrides: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  goods: [
    { good: { code: 'SKU-1', name: 'Куртка', price: 150_000, tax: [] }, quantity: 2000 },
    { good: { code: 'SKU-2', name: 'Шапка', price: 33_333, tax: [1] }, quantity: 1500 },
  ],
  discounts: [{ type: 'DISCOUNT', mode: 'VALUE', value: 10_000, name: 'Промокод X' }],
  // 300 000 + 50 000 (33 333 × 1.5, rounded) − 10 000
  payments: [{ type: 'CASHLESS', value: 340_000, label: 'Картка' }],
  delivery: { emails: ['buyer@example.com'] },
  ...overrides,
});

describe('the shop’s stand-in for Checkbox', () => {
  it('refuses a cashier with a wrong PIN or licence key, and calls without a token', async () => {
    const sandbox = checkboxSandbox(memorySandboxStore(), { licenseKey, pinCode: '4321' });
    const signIn = (key: string, pin: string) =>
      sandbox.handle({
        method: 'POST',
        path: '/cashier/signinPinCode',
        headers: { 'X-License-Key': key },
        body: { pin_code: pin },
      });
    expect(await signIn('other', '4321')).toMatchObject({ status: 403, body: { message: sandboxRefusals.licenseKey } });
    expect(await signIn(licenseKey, '0000')).toMatchObject({ status: 401, body: { message: sandboxRefusals.pin } });
    expect(await sandbox.handle({ method: 'GET', path: '/cashier/me', headers: {} })).toMatchObject({ status: 401 });
    const { call, sandbox: signedIn } = await register(false);
    expect((await call('GET', '/cashier/me')).status).toBe(200);
    signedIn.expireTokens();
    expect((await call('GET', '/cashier/me')).status).toBe(401);
  });

  it('refuses a receipt outside a shift, and opens a shift asynchronously', async () => {
    const { call } = await register(false);
    expect(await call('POST', '/receipts/sell', receipt())).toMatchObject({
      status: 400,
      body: { message: sandboxRefusals.noShift },
    });
    expect((await call('GET', '/cashier/shift')).body).toBeNull();
    const created = await call('POST', '/shifts', undefined, { 'x-license-key': licenseKey });
    expect(created).toMatchObject({ status: 202, body: { status: 'CREATED', serial: 1 } });
    const id = (created.body as { id: string }).id;
    expect((await call('GET', `/shifts/${id}`)).body).toMatchObject({ status: 'OPENING' });
    expect((await call('GET', `/shifts/${id}`)).body).toMatchObject({
      status: 'OPENED',
      opened_at: expect.any(String),
    });
    expect((await call('POST', '/shifts', undefined, { 'x-license-key': licenseKey })).body).toEqual({
      message: sandboxRefusals.shiftOpen,
    });
  });

  it('checks that the goods less the discounts are what is paid, and takes one receipt per id', async () => {
    const { call } = await register();
    const short = await call('POST', '/receipts/sell', receipt({ payments: [{ type: 'CASHLESS', value: 339_999 }] }));
    expect(short).toMatchObject({ status: 400, body: { message: sandboxRefusals.sum } });
    const body = receipt();
    const made = await call('POST', '/receipts/sell', body);
    expect(made).toMatchObject({ status: 201, body: { id: body.id, status: 'CREATED', fiscal_code: null, serial: 1 } });
    expect(await call('POST', '/receipts/sell', body)).toMatchObject({
      status: 400,
      body: { message: sandboxRefusals.duplicate },
    });
    expect((await call('GET', `/receipts/${body.id}`)).body).toMatchObject({ status: 'PENDING', fiscal_code: null });
    expect((await call('GET', `/receipts/${body.id}`)).body).toMatchObject({
      status: 'DONE',
      fiscal_code: expect.stringMatching(/^TEST-\d{10}$/),
      shift: { serial: 1 },
    });
    expect((await call('GET', `/receipts/${crypto.randomUUID()}`)).status).toBe(404);
  });

  it('names every field at fault of a malformed receipt (422), and refuses a return of an unknown receipt', async () => {
    const { call } = await register();
    const bad = await call(
      'POST',
      '/receipts/sell',
      receipt({
        id: 'nope',
        goods: [{ good: { code: '', name: 'X', price: -1 }, quantity: 0 }],
        payments: [{ type: 'BITCOIN', value: 1 }],
      }),
    );
    expect(bad.status).toBe(422);
    const locs = (bad.body as { detail: { loc: unknown[] }[] }).detail.map((d) => d.loc.join('.'));
    expect(locs).toEqual([
      'body.id',
      'body.goods.0.good.code',
      'body.goods.0.good.price',
      'body.goods.0.quantity',
      'body.payments.0.type',
    ]);
    const returned = receipt({
      related_receipt_id: crypto.randomUUID(),
      goods: [{ good: { code: 'A', name: 'A', price: 100 }, quantity: 1000, is_return: true }],
      discounts: [],
      payments: [{ type: 'CASH', value: 100 }],
    });
    expect(await call('POST', '/receipts/sell', returned)).toMatchObject({
      status: 400,
      body: { message: sandboxRefusals.related },
    });
  });

  it('closes the shift with a Z-report of its receipts', async () => {
    const { call } = await register();
    await call('POST', '/receipts/sell', receipt());
    const sold = receipt();
    await call('POST', '/receipts/sell', sold);
    const back = receipt({
      related_receipt_id: sold.id,
      goods: [{ good: { code: 'SKU-1', name: 'Куртка', price: 150_000 }, quantity: 1000, is_return: true }],
      discounts: [],
      payments: [{ type: 'CASHLESS', value: 150_000 }],
    });
    expect((await call('POST', '/receipts/sell', back)).status).toBe(201);
    const closing = await call('POST', '/shifts/close');
    expect(closing.body).toMatchObject({ status: 'CLOSING' });
    const id = (closing.body as { id: string }).id;
    await call('GET', `/shifts/${id}`);
    const closed = await call('GET', `/shifts/${id}`);
    expect(closed.body).toMatchObject({
      status: 'CLOSED',
      z_report: {
        sell_receipts_count: 2,
        return_receipts_count: 1,
        payments: [{ type: 'CASHLESS', sell_sum: 680_000, return_sum: 150_000 }],
      },
    });
    expect((await call('GET', '/cashier/shift')).body).toBeNull();
    expect(await call('POST', '/shifts/close')).toMatchObject({
      status: 400,
      body: { message: sandboxRefusals.noShift },
    });
  });
});
