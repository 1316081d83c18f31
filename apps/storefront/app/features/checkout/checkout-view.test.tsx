import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import uk from '../../../public/locales/uk.json';
import type { CartLine } from '../../lib/cart-line';
import { I18nProvider, type Messages } from '../../lib/i18n';
import { checkoutDraftKey } from './checkout-draft';
import { initialCheckoutValues } from './checkout-payload';
import { CheckoutView, successRedirectMs } from './checkout-view';
import { placeOrder } from './place-order';
import { estimateDelayMs } from './use-shipping-estimate';

// The real call, which a test may replace for one outcome no answer the contract allows can give.
vi.mock('./place-order', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./place-order')>();
  return { ...actual, placeOrder: vi.fn(actual.placeOrder) };
});

const line: CartLine = {
  id: 7,
  slug: 'jacket',
  name: 'Куртка',
  name_ru: 'Куртка',
  price: null,
  count: 2,
  category_full_path: 'odyag',
  product_images: [],
  selectedColor: null,
  selectedSize: { id: 1, name: 'M' },
};

function renderCheckout(onPlaced = vi.fn()) {
  const router = createMemoryRouter(
    [
      {
        path: '/checkout',
        element: (
          <CheckoutView
            cartReady
            lines={[line]}
            signedIn={false}
            pricesLoading={false}
            cartList={<ul />}
            onPlaced={onPlaced}
            failedPayment={null}
          />
        ),
      },
      { path: '/success-order', element: <p>success page</p> },
    ],
    { initialEntries: ['/checkout'] },
  );
  render(
    <I18nProvider lng="uk" messages={uk as Messages}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return { router, onPlaced };
}

/** Everything a pickup order needs, typed as a shopper would. */
function fillPickupOrder(payment: string) {
  fireEvent.change(screen.getByLabelText(/^Ім'я/), { target: { value: ' Олена ' } });
  fireEvent.change(screen.getByLabelText(/^Прізвище/), { target: { value: 'Коваль' } });
  fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'olena@example.com' } });
  fireEvent.change(screen.getByLabelText(/^Телефон/), { target: { value: '+38 (067) 123-45-67' } });
  fireEvent.click(screen.getByLabelText('Самовивіз з магазину'));
  fireEvent.click(screen.getByLabelText(payment));
  fireEvent.click(screen.getByRole('checkbox', { name: /Я приймаю умови/ }));
}

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the checkout form', () => {
  it('stores a cash order under orderData, empties the cart and shows the success page a second later', async () => {
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
    const { router, onPlaced } = renderCheckout();
    fillPickupOrder('Готівкою або карткою при отриманні');
    await act(async () => {
      fireEvent.click(screen.getByTestId('place-order'));
    });
    const body = JSON.parse((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as string);
    expect(body).toMatchObject({ first_name: 'Олена', phone_number: '+380671234567', delivery_type: 'self_delivery' });
    expect(JSON.parse(localStorage.getItem('orderData') as string)).toEqual(order);
    expect(onPlaced).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('checkout-done').textContent).toContain('Замовлення прийнято');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(successRedirectMs - 50);
    });
    expect(router.state.location.pathname).toBe('/checkout');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(router.state.location.pathname).toBe('/success-order');
  });

  it('does nothing beyond logging when the card invoice has no payment address', async () => {
    // The contract promises the address, so no stubbed answer can leave it out: the outcome is set here.
    vi.mocked(placeOrder).mockResolvedValueOnce({
      kind: 'invoice',
      orderId: '4f9c2a1e-0000-4000-8000-00000a1b2c3d',
      paymentUrl: null,
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { router, onPlaced } = renderCheckout();
    fillPickupOrder('Карткою онлайн (Visa, Mastercard)');
    expect(screen.getByTestId('place-order').textContent).toBe('Перейти до оплати');
    await act(async () => {
      fireEvent.click(screen.getByTestId('place-order'));
    });
    expect(warn).toHaveBeenCalledWith('The card invoice came without a payment URL', expect.any(String));
    expect(onPlaced).not.toHaveBeenCalled();
    expect(localStorage.getItem('orderData')).toBeNull();
    expect(router.state.location.pathname).toBe('/checkout');
    expect(screen.getByTestId('checkout-form')).toBeTruthy();
  });

  it('sends nothing while the form has errors, and names them under the fields', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderCheckout();
    await act(async () => {
      fireEvent.click(screen.getByTestId('place-order'));
    });
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.getByTestId('checkout-city-error').textContent).toBe('Вкажіть місто');
    expect(screen.getByTestId('checkout-agreement-error').textContent).toBe('Потрібна ваша згода з умовами');
    // Correcting a field takes its error away at once.
    fireEvent.change(screen.getByLabelText(/^Ім'я/), { target: { value: 'Олена' } });
    expect(screen.queryByTestId('checkout-first_name-error')).toBeNull();
    expect(screen.getByTestId('checkout-last_name-error')).toBeTruthy();
  });

  it('tells a guest the carrier’s days under the delivery choice, and nothing for pickup', async () => {
    sessionStorage.setItem(
      checkoutDraftKey,
      JSON.stringify({
        ...initialCheckoutValues,
        agreement: undefined,
        city: { text: 'Київ', ref: 'c-kyiv' },
      }),
    );
    const fetch = vi.fn(async () => answer(200, { cost: '85.00', delivery_day: '2099-12-03' }));
    vi.stubGlobal('fetch', fetch);
    renderCheckout();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(estimateDelayMs);
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    const estimate = screen.getByTestId('shipping-estimate');
    expect(estimate.textContent).toMatch(/^Доставка за тарифами перевізника, орієнтовно \d+ (день|дні|днів)$/);
    expect(estimate.textContent).not.toContain('₴');
    // The order's own delivery line stays as it is.
    expect(screen.getByTestId('checkout-delivery').textContent).toBe('0 грн');
    fireEvent.click(screen.getByLabelText('Самовивіз з магазину'));
    expect(screen.queryByTestId('shipping-estimate')).toBeNull();
  });
});
