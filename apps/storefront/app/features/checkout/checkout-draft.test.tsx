import { act, fireEvent, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import uk from '../../../public/locales/uk.json';
import type { CartLine } from '../../lib/cart-line';
import { I18nProvider, type Messages } from '../../lib/i18n';
import { checkoutDraftKey, clearCheckoutDraft, readCheckoutDraft } from './checkout-draft';
import { initialCheckoutValues } from './checkout-payload';
import { CheckoutView } from './checkout-view';

const line: CartLine = {
  id: 7,
  slug: 'jacket',
  name: 'Куртка',
  name_ru: 'Куртка',
  price: null,
  count: 1,
  category_full_path: 'odyag',
  product_images: [],
  selectedColor: null,
  selectedSize: { id: 1, name: 'M' },
};

function page(cartReady = true) {
  const router = createMemoryRouter(
    [
      {
        path: '/checkout',
        element: (
          <CheckoutView
            cartReady={cartReady}
            lines={[line]}
            signedIn={false}
            pricesLoading={false}
            cartList={<ul />}
            onPlaced={() => {}}
            failedPayment={null}
          />
        ),
      },
      { path: '/success-order', element: <p>success page</p> },
    ],
    { initialEntries: ['/checkout'] },
  );
  return (
    <I18nProvider lng="uk" messages={uk as Messages}>
      <RouterProvider router={router} />
    </I18nProvider>
  );
}

const input = (id: string) => document.getElementById(id) as HTMLInputElement;

/** A shopper's whole form: names, contacts, courier delivery, card payment, a call back, a comment, the tick. */
function fillCourierCardOrder() {
  fireEvent.change(screen.getByLabelText(/^Ім'я/), { target: { value: 'Олена' } });
  fireEvent.change(screen.getByLabelText(/^Прізвище/), { target: { value: 'Коваль' } });
  fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'olena@example.com' } });
  fireEvent.change(screen.getByLabelText(/^Телефон/), { target: { value: '+38 (067) 123-45-67' } });
  fireEvent.click(screen.getByLabelText(uk.checkout.deliveryAddress));
  fireEvent.change(input('checkout-city'), { target: { value: 'Львів' } });
  fireEvent.change(input('checkout-address'), { target: { value: 'вул. Городоцька, 1' } });
  fireEvent.click(screen.getByLabelText(uk.checkout.paymentCard));
  fireEvent.click(screen.getByLabelText(uk.checkout.callMe));
  fireEvent.change(input('checkout-description'), { target: { value: 'Після 18:00' } });
  fireEvent.click(screen.getByRole('checkbox', { name: /Я приймаю умови/ }));
}

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  clearCheckoutDraft();
});

describe('the checkout form kept for the tab', () => {
  it('comes back whole after leaving the page (a reload, a step back, a declined card), except the tick', () => {
    const first = render(page());
    fillCourierCardOrder();
    expect(input('checkout-agreement').checked).toBe(true);
    first.unmount();

    render(page());
    expect(input('checkout-first_name').value).toBe('Олена');
    expect(input('checkout-last_name').value).toBe('Коваль');
    expect(input('checkout-email').value).toBe('olena@example.com');
    expect(input('checkout-phone').value).toBe('+380671234567');
    expect((screen.getByLabelText(uk.checkout.deliveryAddress) as HTMLInputElement).checked).toBe(true);
    expect(input('checkout-city').value).toBe('Львів');
    expect(input('checkout-address').value).toBe('вул. Городоцька, 1');
    expect((screen.getByLabelText(uk.checkout.paymentCard) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText(uk.checkout.callMe) as HTMLInputElement).checked).toBe(true);
    expect(input('checkout-description').value).toBe('Після 18:00');
    expect(input('checkout-agreement').checked).toBe(false);
    expect(sessionStorage.getItem(checkoutDraftKey)).not.toContain('agreement');
  });

  it('brings back a chosen city and branch with the branch list open for that city', () => {
    sessionStorage.setItem(
      checkoutDraftKey,
      JSON.stringify({
        ...initialCheckoutValues,
        agreement: true,
        delivery_type: 'branch',
        city: { text: 'Київ', ref: 'city-kyiv' },
        branch: { text: 'Відділення №1', ref: 'branch-1' },
      }),
    );
    render(page());
    expect((screen.getByLabelText(uk.checkout.deliveryBranch) as HTMLInputElement).checked).toBe(true);
    expect(input('checkout-city').value).toBe('Київ');
    expect(input('checkout-branch').value).toBe('Відділення №1');
    expect(input('checkout-branch').disabled).toBe(false);
    // A tick found in storage is not the shopper's consent to this order.
    expect(input('checkout-agreement').checked).toBe(false);
  });

  it('is rendered empty by the server and filled after hydration, with no mismatch', async () => {
    const html = renderToString(page(false));
    sessionStorage.setItem(
      checkoutDraftKey,
      JSON.stringify({ ...initialCheckoutValues, first_name: 'Олена', payment_method: 'matching' }),
    );
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    expect(input('checkout-first_name').value).toBe('');
    const recoverable = vi.fn();
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, page(false), { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(input('checkout-first_name').value).toBe('Олена');
    expect((screen.getByLabelText(uk.checkout.paymentMatching) as HTMLInputElement).checked).toBe(true);
    act(() => root?.unmount());
    container.remove();
  });

  it('is forgotten once a cash order is placed', async () => {
    vi.stubGlobal('fetch', async (path: string) =>
      path.startsWith('/api/novaposhta/')
        ? answer(200, path.includes('cities') ? { cities: [] } : { warehouses: [] })
        : answer(201, {
            order_id: '4f9c2a1e-0000-4000-8000-00000a1b2c3d',
            status: 'new',
            payment_method: 'cash',
            delivery_type: 'address',
            shipping_address: { city: 'Одеса', branch: 'вул. Рішельєвська, 1' },
            amount: '10.00',
            discount: '0.00',
            promo_code: null,
            created_at: '2026-11-23T10:00:00Z',
            items: [],
          }),
    );
    render(page());
    fillCourierCardOrder();
    fireEvent.click(screen.getByLabelText(uk.checkout.paymentCash));
    expect(readCheckoutDraft()?.first_name).toBe('Олена');
    await act(async () => {
      fireEvent.click(screen.getByTestId('place-order'));
    });
    expect(screen.getByTestId('checkout-done')).toBeTruthy();
    expect(sessionStorage.getItem(checkoutDraftKey)).toBeNull();
  });

  it('is kept while a card order goes to the payment page, for the shopper whose card is declined', async () => {
    vi.stubGlobal('fetch', async (path: string) =>
      path.startsWith('/api/novaposhta/')
        ? answer(200, path.includes('cities') ? { cities: [] } : { warehouses: [] })
        : answer(201, {
            order_id: '4f9c2a1e-0000-4000-8000-00000a1b2c3d',
            payment_url: 'http://shop.test/payment/sandbox/x',
          }),
    );
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    render(page());
    fillCourierCardOrder();
    await act(async () => {
      fireEvent.click(screen.getByTestId('place-order'));
    });
    expect(assign).toHaveBeenCalledWith('http://shop.test/payment/sandbox/x');
    expect(readCheckoutDraft()).toMatchObject({
      first_name: 'Олена',
      payment_method: 'card',
      delivery_type: 'address',
    });
  });

  it('ignores a kept draft that is not shaped like the form', () => {
    for (const raw of ['not json', '[]', JSON.stringify({ ...initialCheckoutValues, payment_method: 'bitcoin' })]) {
      sessionStorage.setItem(checkoutDraftKey, raw);
      expect(readCheckoutDraft(), raw).toBeNull();
    }
    const { city: _missing, ...partial } = initialCheckoutValues;
    sessionStorage.setItem(checkoutDraftKey, JSON.stringify(partial));
    expect(readCheckoutDraft()).toBeNull();
  });
});
