import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ru from '../../../public/locales/ru.json';
import uk from '../../../public/locales/uk.json';
import type { CartLine } from '../../lib/cart-line';
import { I18nProvider, type Messages, translate } from '../../lib/i18n';
import type { CheckoutValues } from './checkout-payload';
import { CarrierEstimate, EstimateLine, estimateCost } from './estimate-line';
import { estimateRequest } from './shipping-estimate';
import { type EstimateState, estimateDelayMs, forgetEstimates } from './use-shipping-estimate';

// 2026-12-01 is a Tuesday: 2026-12-03 is two working days away.
const today = '2026-12-01';
const nbsp = '\u00A0';

function line(text: EstimateState, { signedIn = true, lng = 'uk' as 'uk' | 'ru' } = {}) {
  render(
    <I18nProvider lng={lng} messages={(lng === 'uk' ? uk : ru) as Messages}>
      <EstimateLine state={text} signedIn={signedIn} today={today} />
    </I18nProvider>,
  );
  return screen.getByTestId('shipping-estimate');
}

const done = (cost: string | null, day: string | null): EstimateState => ({
  phase: 'done',
  estimate: { cost, delivery_day: day },
});

describe('the days of an estimate', () => {
  it('take the plural form of the count in each language', () => {
    const counts = [1, 2, 4, 5, 11, 21, 22];
    const days = (messages: unknown, lng: 'uk' | 'ru') =>
      counts.map((count) => translate(messages as Messages, 'checkout.estimate.days', { count }, lng));
    expect(days(uk, 'uk')).toEqual(['1 день', '2 дні', '4 дні', '5 днів', '11 днів', '21 день', '22 дні']);
    expect(days(ru, 'ru')).toEqual(['1 день', '2 дня', '4 дня', '5 дней', '11 дней', '21 день', '22 дня']);
  });

  it('show the carrier’s price in whole hryvnias unless it has kopiyky', () => {
    expect(estimateCost('85.00')).toBe(`85${nbsp}₴`);
    expect(estimateCost('85.50')).toBe(`85,50${nbsp}₴`);
    expect(estimateCost('1250.00')).toBe(`1\u202F250${nbsp}₴`);
  });
});

describe('the estimate line', () => {
  it('gives the price and the working days to a signed-in shopper', () => {
    expect(line(done('85.00', '2026-12-03')).textContent).toBe(
      `Доставка за тарифами перевізника: ≈${nbsp}85${nbsp}₴, орієнтовно 2 дні`,
    );
  });

  it('speaks Russian on a Russian page', () => {
    expect(line(done('85.00', '2026-12-07'), { lng: 'ru' }).textContent).toBe(
      `Доставка по тарифам перевозчика: ≈${nbsp}85${nbsp}₴, ориентировочно 5 дней`,
    );
  });

  it('gives a guest the days without the price', () => {
    expect(line(done('85.00', '2026-12-02'), { signedIn: false }).textContent).toBe(
      'Доставка за тарифами перевізника, орієнтовно 1 день',
    );
  });

  it('gives what the carrier said when it said only one of the two', () => {
    expect(line(done('85.00', null)).textContent).toBe(`Доставка за тарифами перевізника: ≈${nbsp}85${nbsp}₴`);
  });

  it.each([
    ['nothing asked', { phase: 'idle', estimate: null }],
    ['the carrier silent', done(null, null)],
    ['a guest told only a price', done('85.00', null)],
    ['a failed call', { phase: 'failed', estimate: null }],
  ] as const)('is empty with %s, keeping its place', (name, state) => {
    const p = line(state as EstimateState, { signedIn: name !== 'a guest told only a price' });
    expect(p.textContent).toBe('');
    expect(p.className).toBe('checkout__estimate');
  });

  it('while loading a first answer is empty and busy', () => {
    const empty = line({ phase: 'loading', estimate: null });
    expect(empty.textContent).toBe('');
    expect(empty.getAttribute('aria-busy')).toBe('true');
  });

  it('while loading keeps the last answer for the same city, dimmed', () => {
    const kept = line({ phase: 'loading', estimate: { cost: '85.00', delivery_day: '2026-12-03' } });
    expect(kept.classList.contains('is-loading')).toBe(true);
    expect(kept.textContent).toContain('2 дні');
  });
});

describe('the estimate request', () => {
  const lines: CartLine[] = [
    {
      id: 7,
      slug: 'jacket',
      name: 'Куртка',
      price: '1200.50',
      count: 2,
      category_full_path: 'odyag',
      product_images: [],
      selectedColor: null,
      selectedSize: null,
    },
  ];
  const base = {
    deliveryType: 'branch',
    cityRef: 'c-kyiv',
    paymentMethod: 'cash',
    lines,
    pricesLoading: false,
  } as const;

  it('carries the city, the cart’s total, the payment and the delivery', () => {
    expect(estimateRequest(base)).toEqual({
      cityRef: 'c-kyiv',
      amount: '2401.00',
      paymentMethod: 'cash',
      deliveryType: 'branch',
    });
    expect(estimateRequest({ ...base, deliveryType: 'address', paymentMethod: 'card' })).toMatchObject({
      paymentMethod: 'card',
      deliveryType: 'address',
    });
  });

  it('asks with 0 for a guest’s cart, which has no prices', () => {
    expect(estimateRequest({ ...base, lines: [{ ...lines[0], price: null } as CartLine] })?.amount).toBe('0.00');
  });

  it('asks nothing for pickup, without a picked city, or while prices are read', () => {
    expect(estimateRequest({ ...base, deliveryType: 'self_delivery' })).toBeNull();
    expect(estimateRequest({ ...base, cityRef: null })).toBeNull();
    expect(estimateRequest({ ...base, pricesLoading: true })).toBeNull();
  });
});

describe('the estimate as the form changes', () => {
  const lines: CartLine[] = [
    {
      id: 7,
      slug: 'jacket',
      name: 'Куртка',
      price: '500.00',
      count: 1,
      category_full_path: 'odyag',
      product_images: [],
      selectedColor: null,
      selectedSize: null,
    },
  ];
  type Form = Pick<CheckoutValues, 'delivery_type' | 'city' | 'payment_method'>;
  const kyiv: Form = { delivery_type: 'branch', city: { text: 'Київ', ref: 'c-kyiv' }, payment_method: 'cash' };
  let fetch: ReturnType<typeof vi.fn>;
  let reply: (url: string) => Response;

  const view = (form: Form, signedIn = true) => (
    <I18nProvider lng="uk" messages={uk as Messages}>
      <CarrierEstimate values={form} lines={lines} signedIn={signedIn} pricesLoading={false} />
    </I18nProvider>
  );
  const settle = async (ms = estimateDelayMs) => {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
    });
  };

  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-12-01T09:00:00Z') });
    forgetEstimates();
    reply = () => new Response(JSON.stringify({ cost: '85.00', delivery_day: '2026-12-03' }), { status: 200 });
    fetch = vi.fn(async (url: string, init: RequestInit) => {
      if (init.signal?.aborted) throw new DOMException('aborted', 'AbortError');
      return reply(url);
    });
    vi.stubGlobal('fetch', fetch);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks once the form has been still for a moment, then shows the answer', async () => {
    render(view(kyiv));
    expect(screen.getByTestId('shipping-estimate').getAttribute('aria-busy')).toBe('true');
    await settle(estimateDelayMs - 1);
    expect(fetch).not.toHaveBeenCalled();
    await settle(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    const url = new URL(fetch.mock.calls[0]?.[0] as string, 'http://shop');
    expect(url.pathname).toBe('/api/shipping/estimate/');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      city_ref: 'c-kyiv',
      amount: '500.00',
      payment_method: 'cash',
      delivery_type: 'branch',
    });
    expect(screen.getByTestId('shipping-estimate').textContent).toBe(
      `Доставка за тарифами перевізника: ≈${nbsp}85${nbsp}₴, орієнтовно 2 дні`,
    );
  });

  it('asks again for another city or payment, only for the last of quick changes', async () => {
    const { rerender } = render(view(kyiv));
    await settle();
    rerender(view({ ...kyiv, city: { text: 'Львів', ref: 'c-lviv' } }));
    await settle(100);
    rerender(view({ ...kyiv, city: { text: 'Львів', ref: 'c-lviv' }, payment_method: 'card' }));
    await settle();
    expect(fetch.mock.calls.map(([url]) => new URL(url as string, 'http://shop').search)).toEqual([
      '?city_ref=c-kyiv&amount=500.00&payment_method=cash&delivery_type=branch',
      '?city_ref=c-lviv&amount=500.00&payment_method=card&delivery_type=branch',
    ]);
    // Back to an answer already had: nothing asked.
    rerender(view(kyiv));
    await settle();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('shipping-estimate').textContent).toContain('2 дні');
  });

  it('cancels the call out when the city changes', async () => {
    let pending: AbortSignal | undefined;
    fetch.mockImplementationOnce(
      (_url: string, init: RequestInit) =>
        new Promise((_, fail) => {
          pending = init.signal ?? undefined;
          init.signal?.addEventListener('abort', () => fail(new DOMException('aborted', 'AbortError')));
        }),
    );
    const { rerender } = render(view(kyiv));
    await settle();
    rerender(view({ ...kyiv, city: { text: 'Львів', ref: 'c-lviv' } }));
    expect(pending?.aborted).toBe(true);
  });

  it('shows nothing when the call fails, and asks nothing for pickup', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    reply = () => new Response(JSON.stringify({ detail: 'down' }), { status: 500 });
    const { rerender } = render(view(kyiv));
    await settle();
    expect(screen.getByTestId('shipping-estimate').textContent).toBe('');
    expect(warn).toHaveBeenCalled();
    rerender(view({ ...kyiv, delivery_type: 'self_delivery' }));
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('gives a guest no price', async () => {
    render(view(kyiv, false));
    await settle();
    expect(screen.getByTestId('shipping-estimate').textContent).toBe(
      'Доставка за тарифами перевізника, орієнтовно 2 дні',
    );
  });
});
