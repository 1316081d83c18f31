import { type ErrorCode, errorCodesHeader, writeErrorCodes } from '@kram/contract/error-codes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildOrderPayload, initialCheckoutValues } from './checkout-payload';
import { attemptKeys, newAttemptKey, placeOrder } from './place-order';

const payload = buildOrderPayload(
  { ...initialCheckoutValues, first_name: 'Олена' },
  [
    {
      id: 1,
      slug: 'a',
      name: 'A',
      price: null,
      count: 1,
      category_full_path: 'x',
      product_images: [],
      selectedColor: null,
      selectedSize: null,
    },
  ],
  { lng: 'uk', signedIn: false },
);

const answer = (status: number, body: unknown, codes: ErrorCode[] = []) =>
  new Response(JSON.stringify(body), {
    status,
    headers: {
      'Content-Type': 'application/json',
      ...(codes.length && { [errorCodesHeader]: writeErrorCodes(codes) }),
    },
  });

afterEach(() => vi.unstubAllGlobals());

describe('an order attempt', () => {
  it('keeps its Idempotency-Key while the order is the same, and takes a new one when it changes', () => {
    let n = 0;
    const keyFor = attemptKeys(() => `key-${++n}`);
    expect(keyFor(payload)).toBe('key-1');
    expect(keyFor({ ...payload })).toBe('key-1');
    expect(keyFor({ ...payload, description: 'інше' })).toBe('key-2');
    expect(keyFor({ ...payload, description: 'інше' })).toBe('key-2');
    expect(newAttemptKey()).toMatch(/^[0-9a-f]{32}$/);
    expect(newAttemptKey()).not.toBe(newAttemptKey());
  });

  it('posts a cash order to /api/orders/ with its key', async () => {
    const order = {
      order_id: '4f9c2a1e-0000-4000-8000-00000a1b2c3d',
      status: 'new',
      payment_method: 'cash',
      delivery_type: 'self_delivery',
      shipping_address: { city: 'Київ', branch: 'Самовивіз' },
      amount: '10.00',
      created_at: '2026-11-23T10:00:00Z',
      items: [],
    };
    const fetch = vi.fn(async () => answer(201, order));
    vi.stubGlobal('fetch', fetch);
    const outcome = await placeOrder(payload, 'k-1');
    expect(outcome).toEqual({ kind: 'order', order });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/orders/');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['idempotency-key']).toBe('k-1');
    expect(JSON.parse(init.body as string)).toEqual(payload);
  });

  it('opens a card invoice with the same payload', async () => {
    const orderId = '4f9c2a1e-0000-4000-8000-00000a1b2c3d';
    const fetch = vi.fn(async () => answer(201, { order_id: orderId, payment_url: 'http://shop/payment/sandbox/x' }));
    vi.stubGlobal('fetch', fetch);
    const card = { ...payload, payment_method: 'card' as const };
    expect(await placeOrder(card, 'k-2')).toEqual({
      kind: 'invoice',
      orderId,
      paymentUrl: 'http://shop/payment/sandbox/x',
    });
    expect((fetch.mock.calls[0] as unknown as [string])[0]).toBe('/api/create-monobank-invoice/');
  });

  it('names the error of spec section 8 for each failure', async () => {
    vi.stubGlobal('fetch', async () => answer(500, { detail: 'boom' }));
    expect(await placeOrder(payload, 'k')).toMatchObject({ kind: 'error', message: 'error_order' });
    expect(await placeOrder({ ...payload, payment_method: 'card' }, 'k')).toMatchObject({
      kind: 'error',
      message: 'error_order_card',
    });

    // No token: a 401 is answered as it is; the refresh is api.ts's (tested there).
    vi.stubGlobal('fetch', async () => answer(401, { detail: 'Authentication credentials were not provided.' }));
    expect(await placeOrder(payload, 'k')).toMatchObject({ kind: 'error', message: 'error_token_refresh' });

    vi.stubGlobal('fetch', async () =>
      answer(400, { detail: 'over', code: 'order_amount_limit' }, [{ code: 'order_amount_limit' }]),
    );
    expect(await placeOrder(payload, 'k')).toMatchObject({ message: 'error_order', note: 'checkout.amountLimit' });

    vi.stubGlobal('fetch', async () =>
      answer(400, { 'items.0.product': ['This product is out of stock.'] }, [
        { field: 'items.0.product', code: 'order.out_of_stock' },
      ]),
    );
    expect(await placeOrder(payload, 'k')).toEqual({
      kind: 'error',
      message: 'error_order',
      note: 'checkout.itemsProblem',
      fields: { 'items.0.product': 'order.out_of_stock' },
    });

    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await placeOrder(payload, 'k')).toEqual({ kind: 'error', message: 'error_order' });
  });
});
