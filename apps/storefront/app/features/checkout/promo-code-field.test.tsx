import { errorCodesHeader, writeErrorCodes } from '@kram/contract/error-codes';
import { promoBelowMinimumMessage, promoMessages } from '@kram/contract/promotions';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import uk from '../../../public/locales/uk.json';
import type { CartLine } from '../../lib/cart-line';
import { I18nProvider, type Messages } from '../../lib/i18n';
import { PromoCodeField } from './promo-code-field';

const line: CartLine = {
  id: 7,
  slug: 'jacket',
  name: 'Куртка',
  name_ru: 'Куртка',
  price: '750.00',
  count: 2,
  category_full_path: 'odyag',
  product_images: [],
  selectedColor: null,
  selectedSize: { id: 1, name: 'M' },
};

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

/** The check's refusal of the code, as the server words it and names it in its header. */
const refusal = (code: string, words: string, params?: Record<string, string>) =>
  answer(
    400,
    { promo_code: [words] },
    {
      [errorCodesHeader]: writeErrorCodes([{ field: 'promo_code', code, ...(params && { params }) }]),
    },
  );

function stubCheck(...answers: Response[]) {
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => answers.shift() ?? answer(500, {}));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The field as the checkout holds it: the applied code is the form's, as `onApplied` sets it. */
function renderField() {
  const onApplied = vi.fn();
  function Checkout({ lines }: { lines: CartLine[] }) {
    const [applied, setApplied] = useState('');
    return (
      <PromoCodeField
        lines={lines}
        applied={applied}
        onApplied={(...args) => {
          onApplied(...args);
          setApplied(args[0]);
        }}
      />
    );
  }
  const page = (lines: CartLine[]) => (
    <I18nProvider lng="uk" messages={uk as Messages}>
      <Checkout lines={lines} />
    </I18nProvider>
  );
  const { rerender } = render(page([line]));
  return { onApplied, changeCart: (lines: CartLine[]) => rerender(page(lines)) };
}

function apply(code: string) {
  fireEvent.change(screen.getByLabelText('Промокод'), { target: { value: code } });
  fireEvent.click(screen.getByTestId('checkout-promo-apply'));
}

const text = (element: Element | null) => element?.textContent?.replace(/\s/gu, ' ');

afterEach(() => vi.unstubAllGlobals());

describe('the promo code at the checkout', () => {
  it('checks a guest’s code against the cart and shows the discount alone, no total', async () => {
    const fetch = stubCheck(answer(200, { code: 'KRAM10', discount: '150.00', amount: null }));
    const { onApplied } = renderField();
    apply(' kram10 ');
    const discount = await screen.findByTestId('checkout-discount');
    expect(text(discount)).toBe('Знижка за промокодом KRAM10−150,00 грн');
    expect(screen.queryByTestId('checkout-discounted-total')).toBeNull();
    expect(screen.queryByText('До сплати зі знижкою')).toBeNull();
    expect(onApplied).toHaveBeenLastCalledWith('KRAM10', '150.00');
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/promo-codes/check/');
    expect(init?.method).toBe('POST');
    // The code goes trimmed; the cart as the order would carry it.
    expect(JSON.parse(String(init?.body))).toEqual({
      code: 'kram10',
      items: [{ product: 7, quantity: 2, size: 1, color: null }],
    });
  });

  it('shows a signed-in shopper the total after the discount', async () => {
    stubCheck(answer(200, { code: 'KRAM10', discount: '150.00', amount: '1350.00' }));
    const { onApplied } = renderField();
    apply('KRAM10');
    expect(text(await screen.findByTestId('checkout-discounted-total'))).toBe('1 350,00 грн');
    expect(screen.getByText('До сплати зі знижкою')).toBeTruthy();
    expect(text(screen.getByTestId('checkout-discount'))).toContain('−150,00 грн');
    expect(onApplied).toHaveBeenLastCalledWith('KRAM10', '150.00');
  });

  it.each([
    ['promo.unknown', promoMessages.unknown, undefined, 'Такого промокоду немає.'],
    ['promo.expired', promoMessages.expired, undefined, 'Термін дії промокоду минув.'],
    [
      'promo.below_minimum',
      promoBelowMinimumMessage('1500.00'),
      { minimum: '1500.00' },
      'Промокод діє для замовлень від 1 500,00 грн.',
    ],
  ])('words the refusal %s in Ukrainian and applies no code', async (code, words, params, shown) => {
    stubCheck(refusal(code, words, params));
    const { onApplied } = renderField();
    apply('KRAM10');
    const error = await screen.findByTestId('checkout-promo-error');
    expect(text(error)).toBe(shown);
    expect(screen.getByLabelText('Промокод').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('checkout-discount')).toBeNull();
    expect(screen.queryByTestId('checkout-promo-remove')).toBeNull();
    expect(onApplied).toHaveBeenLastCalledWith('');
  });

  it('removes an applied code: no discount line, an empty field, and no code for the order', async () => {
    stubCheck(answer(200, { code: 'KRAM10', discount: '150.00', amount: null }));
    const { onApplied } = renderField();
    apply('KRAM10');
    fireEvent.click(await screen.findByTestId('checkout-promo-remove'));
    expect(screen.queryByTestId('checkout-discount')).toBeNull();
    expect(screen.queryByTestId('checkout-promo-remove')).toBeNull();
    expect((screen.getByLabelText('Промокод') as HTMLInputElement).value).toBe('');
    expect(onApplied.mock.calls).toEqual([['KRAM10', '150.00'], ['']]);
  });

  it('applies no code when the field is emptied, without asking the server', async () => {
    const fetch = stubCheck();
    const { onApplied } = renderField();
    apply('   ');
    await waitFor(() => expect(onApplied).toHaveBeenCalledWith(''));
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.queryByTestId('checkout-promo-error')).toBeNull();
  });

  it('prices an applied code again when the cart changes, and passes on the new discount', async () => {
    const fetch = stubCheck(
      answer(200, { code: 'KRAM10', discount: '150.00', amount: null }),
      answer(200, { code: 'KRAM10', discount: '225.00', amount: null }),
    );
    const { onApplied, changeCart } = renderField();
    apply('KRAM10');
    await screen.findByTestId('checkout-discount');
    changeCart([{ ...line, count: 3 }]);
    await waitFor(() => expect(text(screen.getByTestId('checkout-discount'))).toContain('−225,00 грн'));
    expect(JSON.parse(String(fetch.mock.calls[1]?.[1]?.body))).toEqual({
      code: 'KRAM10',
      items: [{ product: 7, quantity: 3, size: 1, color: null }],
    });
    expect(onApplied).toHaveBeenLastCalledWith('KRAM10', '225.00');
  });
});
