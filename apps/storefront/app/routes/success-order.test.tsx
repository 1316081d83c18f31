import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import uk from '../../public/locales/uk.json';
import { saveOrderData } from '../features/checkout/order-storage';
import { I18nProvider, type Messages } from '../lib/i18n';
import SuccessOrderPage from './success-order';

const orderId = '4f9c2a1e-0000-4000-8000-00000a1b2c3d';
const parcel = {
  number: '20450000000123',
  status: 'in_transit',
  tracking_url: 'https://novaposhta.ua/tracking/?cargo_number=20450000000123',
  delivery_day: '2026-12-02',
  storage_until: null,
};

function open(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/success-order', element: <SuccessOrderPage /> },
      { path: '/', element: <p>home</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <I18nProvider lng="uk" messages={uk as Messages}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

const answer = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

/** The shop's two answers about an order: its status, and its parcel (null before a waybill). */
const shop = (status: string, shipment: unknown) =>
  vi.fn(async (url: string) =>
    answer(
      url.endsWith('/shipment/')
        ? { order_id: orderId, shipment }
        : { order_id: orderId, status, payment_method: 'card' },
    ),
  );

afterEach(() => vi.unstubAllGlobals());

describe('the success page', () => {
  it('shows the waybill and its status when the order has a parcel', async () => {
    vi.stubGlobal('fetch', shop('shipped', parcel));
    open(`/success-order?order_id=${orderId}`);
    await waitFor(() => expect(screen.getByTestId('parcel')).toBeTruthy());
    expect(screen.getByRole('link', { name: /^ТТН 20450000000123/ })).toBeTruthy();
    expect(screen.getByTestId('parcel-status').textContent).toBe('У дорозі');
  });

  it('shows nothing new for a fresh order, which has no parcel yet', async () => {
    saveOrderData({ order_id: orderId, payment_method: 'card', status: 'awaiting_payment', amount: null, items: [] });
    vi.stubGlobal('fetch', shop('paid', null));
    open(`/success-order?order_id=${orderId}`);
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('Сплачене'));
    expect(screen.queryByTestId('parcel')).toBeNull();
  });

  it('shows the kept order without asking for a parcel when it came back from no payment page', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    saveOrderData({ order_id: orderId, payment_method: 'cash', status: 'new', amount: '100.00', items: [] });
    open('/success-order');
    await waitFor(() => expect(screen.getByTestId('order-details')).toBeTruthy());
    expect(screen.queryByTestId('parcel')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
