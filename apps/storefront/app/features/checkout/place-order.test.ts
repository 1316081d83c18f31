import { type ErrorCode, errorCodesHeader, writeErrorCodes } from '@kram/contract/error-codes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ru from '../../../public/locales/ru.json';
import uk from '../../../public/locales/uk.json';
import type { CartLine } from '../../lib/cart-line';
import { type Messages, type Translate, translate } from '../../lib/i18n';
import { buildOrderPayload, initialCheckoutValues } from './checkout-payload';
import { attemptKeys, failureText, newAttemptKey, placeOrder, shortageText, shortLine } from './place-order';

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
      discount: '0.00',
      promo_code: null,
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
      // The line the shop no longer sells, so the checkout can mark it.
      shortages: [{ line: 0, left: 0, product: '', size: '', color: '' }],
    });

    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await placeOrder(payload, 'k')).toEqual({ kind: 'error', message: 'error_order' });
  });
});

const tUk: Translate = (key, values) => translate(uk as Messages, key, values, 'uk');
const tRu: Translate = (key, values) => translate(ru as Messages, key, values, 'ru');

const cartLine = (over: Partial<CartLine> = {}): CartLine => ({
  id: 7,
  slug: 'kurtka',
  name: 'Куртка',
  name_ru: 'Куртка ру',
  price: null,
  count: 3,
  category_full_path: 'odyag',
  product_images: [],
  selectedColor: null,
  selectedSize: { id: 43, name: '43' },
  ...over,
});

describe('an order refused for stock', () => {
  const notEnough = (params: Record<string, string | number>) =>
    answer(409, { detail: 'Only 2 of "Куртка" (size 43) left.', code: 'stock.not_enough' }, [
      { code: 'stock.not_enough', params },
    ]);

  it('names each short line with the units left, for a cash order and a card invoice alike', async () => {
    vi.stubGlobal('fetch', async () => notEnough({ line: 0, product: 'Куртка', size: '43', color: '', left: 2 }));
    const shortage = { line: 0, left: 2, product: 'Куртка', size: '43', color: '' };
    expect(await placeOrder(payload, 'k')).toEqual({
      kind: 'error',
      message: 'error_order',
      fields: undefined,
      note: undefined,
      shortages: [shortage],
    });
    expect(await placeOrder({ ...payload, payment_method: 'card' }, 'k')).toMatchObject({
      message: 'error_order_card',
      shortages: [shortage],
    });
    // A malformed entry is no shortage: the popup says what it always said.
    vi.stubGlobal('fetch', async () => notEnough({ line: 'x', left: 2 }));
    expect(await placeOrder(payload, 'k')).not.toHaveProperty('shortages');
  });

  it('says how many are left, or that none are, in Ukrainian and Russian', () => {
    const line = cartLine({ selectedColor: { id: 3, name: 'Олива', name_ru: 'Оливковый' } });
    const two = { line: 0, left: 2, product: 'Куртка', size: '43', color: 'Олива' };
    expect(shortageText(tUk, 'uk', two, cartLine())).toBe('Залишилось лише 2 шт. «Куртка», розмір 43.');
    expect(shortageText(tUk, 'uk', two, line)).toBe('Залишилось лише 2 шт. «Куртка», розмір 43, колір Олива.');
    expect(shortageText(tRu, 'ru', two, line)).toBe('Осталось всего 2 шт. «Куртка ру», размер 43, цвет Оливковый.');
    const none = { ...two, left: 0 };
    expect(shortageText(tUk, 'uk', none, cartLine())).toBe('«Куртка», розмір 43: більше немає в наявності.');
    expect(shortageText(tRu, 'ru', none, cartLine())).toBe('«Куртка ру», размер 43: больше нет в наличии.');
    // Without the cart's line, the answer's own names; a product without size or colour by its name.
    expect(shortageText(tUk, 'uk', { ...none, size: '', color: 'Чорний' }, undefined)).toBe(
      '«Куртка», колір Чорний: більше немає в наявності.',
    );
    expect(shortageText(tRu, 'ru', { ...none, size: '', color: '' }, cartLine({ selectedSize: null }))).toBe(
      '«Куртка ру»: больше нет в наличии.',
    );
  });

  it('finds the cart line of an order line among the lines that can be ordered', () => {
    const lines = [cartLine({ id: 1, available: false }), cartLine({ id: 2 }), cartLine({ id: 3 })];
    expect(shortLine(lines, { line: 1, left: 0, product: '', size: '', color: '' })?.id).toBe(3);
    expect(shortLine(lines, { line: 5, left: 0, product: '', size: '', color: '' })).toBeUndefined();
  });

  it('puts the failure and the reasons into the popup', () => {
    const lines = [cartLine()];
    const outcome = {
      kind: 'error' as const,
      message: 'error_order',
      shortages: [{ line: 0, left: 1, product: 'Куртка', size: '43', color: '' }],
    };
    expect(failureText(tUk, 'uk', outcome, lines)).toBe(
      'Не вдалося оформити замовлення. Спробуйте ще раз або зателефонуйте нам. Залишилось лише 1 шт. «Куртка», розмір 43.',
    );
    expect(failureText(tRu, 'ru', { kind: 'error', message: 'error_order', note: 'checkout.amountLimit' }, lines)).toBe(
      `${ru.error_order} ${ru.checkout.amountLimit}`,
    );
  });
});
