import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkboxRegister } from './checkbox-register.ts';
import type { CheckboxCall, CheckboxReply, CheckboxTransport } from './checkbox-transport.ts';
import type { ReceiptRequest } from './register.ts';

/** A transport answering from a script, keeping every call it was given. */
function scripted(answer: (call: CheckboxCall, n: number) => CheckboxReply) {
  const calls: CheckboxCall[] = [];
  const transport: CheckboxTransport = {
    async send(call) {
      calls.push(call);
      return answer(call, calls.length);
    },
  };
  return { calls, transport };
}

const signedIn = (n: number): CheckboxReply => ({
  status: 200,
  json: { access_token: `token-${n}`, token_type: 'bearer' },
});

const request: ReceiptRequest = {
  id: crypto.randomUUID(),
  kind: 'return',
  goods: [{ code: 'SKU', name: 'Куртка', price: 1000, quantity: 2000, taxes: [1] }],
  discount: null,
  payment: { type: 'cash', value: 2000 },
  email: 'buyer@example.com',
  relatedReceiptId: crypto.randomUUID(),
};

const options = {
  licenseKey: 'key',
  pinCode: '1234',
  receiptUrl: 'https://check.example',
  pollDelaysMs: [0],
  sleep: async () => {},
};

describe('the Checkbox adapter', () => {
  it('signs in with the licence key and PIN, and again once when a token is refused with 403', async () => {
    const { calls, transport } = scripted((call, n) => {
      if (call.path === '/cashier/signinPinCode') return signedIn(n);
      if (call.headers.Authorization === 'Bearer token-1') return { status: 403, json: { message: 'Invalid token' } };
      return { status: 200, json: { id: 'c1', full_name: 'Олена' } };
    });
    const register = checkboxRegister({ ...options, transport });
    expect(await register.cashierName()).toBe('Олена');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /cashier/signinPinCode',
      'GET /cashier/me',
      'POST /cashier/signinPinCode',
      'GET /cashier/me',
    ]);
    expect(calls[0]?.headers).toMatchObject({ 'X-License-Key': 'key', 'X-Client-Name': 'kram' });
    expect(calls[0]?.body).toEqual({ pin_code: '1234' });
    // The new token is kept.
    await register.cashierName();
    expect(calls).toHaveLength(5);
  });

  it('sends a return receipt with every good returned, a cash payment, the e-mail and the sell receipt', async () => {
    const { calls, transport } = scripted((call, n) =>
      call.path === '/cashier/signinPinCode'
        ? signedIn(n)
        : { status: 201, json: { id: request.id, status: 'CREATED' } },
    );
    const register = checkboxRegister({ ...options, transport });
    expect(await register.issue(request)).toMatchObject({ id: request.id, status: 'CREATED', fiscalCode: null });
    expect(calls[1]?.body).toEqual({
      id: request.id,
      goods: [{ good: { code: 'SKU', name: 'Куртка', price: 1000, tax: [1] }, quantity: 2000, is_return: true }],
      discounts: [],
      payments: [{ type: 'CASH', value: 2000, label: 'Готівка' }],
      delivery: { emails: ['buyer@example.com'] },
      related_receipt_id: request.relatedReceiptId,
    });
  });

  it('tells a refusal for want of a shift from others, in the register’s words', async () => {
    let reply: CheckboxReply = { status: 400, json: { message: 'Зміну не відкрито', code: 'x' } };
    const { transport } = scripted((call, n) => (call.path === '/cashier/signinPinCode' ? signedIn(n) : reply));
    const register = checkboxRegister({ ...options, transport });
    await expect(register.issue(request)).rejects.toMatchObject({ failure: 'no_shift' });
    reply = {
      status: 422,
      json: { message: 'Validation error', detail: [{ loc: ['body', 'goods', 0], msg: 'bad tax', type: 'x' }] },
    };
    await expect(register.issue(request)).rejects.toMatchObject({
      failure: 'refused',
      message: 'The register refused the receipt: Validation error; goods.0: bad tax',
    });
    reply = { status: 404, json: { message: 'Not found' } };
    expect(await register.receipt(request.id)).toBeUndefined();
  });
});
