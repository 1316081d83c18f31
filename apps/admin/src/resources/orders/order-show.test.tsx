import type { AdminOrder, AdminOrderSummary } from '@kram/contract/admin-orders';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Admin, type DataProvider, DataTable, List, Resource } from 'react-admin';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18nProvider } from '../../i18n/i18n-provider.ts';
import { aReturn } from '../returns/returns-test-kit.ts';
import { orderNumber } from './order-format.ts';
import { isWholeOrder, OrderShow } from './order-show.tsx';

const summary: AdminOrderSummary = {
  id: '0b6f2a44-91c3-4e2b-8d51-3c9a7e1f2d40',
  status: 'new',
  payment_method: 'cash',
  delivery_type: 'self_delivery',
  first_name: 'Олена',
  last_name: 'Коваль',
  email: 'olena@example.com',
  phone_number: '+380671234567',
  city: '',
  amount: '2150.00',
  discount: '0.00',
  promo_code: null,
  lines: 1,
  user_id: null,
  created_at: '2026-03-10T10:00:00Z',
  shipment: null,
};

const whole: AdminOrder = {
  ...summary,
  language: 'uk',
  branch: '',
  city_ref: null,
  branch_ref: null,
  need_call_back: false,
  comment: '',
  cancel_reason: null,
  updated_at: '2026-03-10T10:00:00Z',
  items: [
    {
      id: 1,
      product: 7,
      sku: 'VRT-1',
      name: 'Куртка Вартовий',
      name_ru: 'Куртка Часовой',
      slug: 'kurtka-vartovyi',
      category_full_path: 'odyag/kurtky',
      image: null,
      size: null,
      color: null,
      quantity: 1,
      price: '2150.00',
      total: '2150.00',
    },
  ],
  invoice: null,
  notes: [],
  next_statuses: ['confirmed', 'cancelled'],
  lines_editable: true,
  history: [],
};

/**
 * The orders' list as a row that opens the order, as on the orders screen. (The screen's own list is
 * not used: react-admin's search input warns about a prop MUI 9 no longer takes, which fails any test.)
 */
function Orders() {
  return (
    <List>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="id" render={(order: AdminOrderSummary) => orderNumber(order.id)} />
        <DataTable.Col source="status" />
      </DataTable>
    </List>
  );
}

/** The order's own panels' calls: its receipts (a pickup order paid at the counter), and one return. */
function stubPanels() {
  const fetch = vi.fn(async (url: string) => {
    const body = url.startsWith(`/api/admin/orders/${summary.id}/receipts/`)
      ? { order_id: summary.id, by_carrier: false, can_issue_counter: true, receipts: [] }
      : url.startsWith('/api/admin/returns/?')
        ? { count: 1, results: [aReturn({ order_id: summary.id })] }
        : { detail: 'Not found.' };
    return new Response(JSON.stringify(body), {
      status: 'detail' in body ? 404 : 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The orders' list and page on a data provider whose answer for the one order comes when the test says. */
function renderOrders() {
  stubPanels();
  let answer: (order: AdminOrder) => void = () => {};
  const getOne = vi.fn(
    () =>
      new Promise<{ data: AdminOrder }>((resolve) => {
        answer = (order) => resolve({ data: order });
      }),
  );
  const dataProvider = {
    getList: async () => ({ data: [summary], total: 1 }),
    getOne,
  } as unknown as DataProvider;
  render(
    <MemoryRouter initialEntries={['/orders']}>
      <Admin dataProvider={dataProvider} i18nProvider={createI18nProvider('uk')} disableTelemetry>
        <Resource name="orders" list={Orders} show={OrderShow} />
      </Admin>
    </MemoryRouter>,
  );
  return { getOne, answer: (order: AdminOrder) => answer(order) };
}

describe('an order opened from the orders list', () => {
  afterEach(() => cleanup());

  it('shows the list’s row as the heading until the whole order arrives, then its lines and moves', async () => {
    const { getOne, answer } = renderOrders();
    fireEvent.click(await screen.findByText('#e1f2d40'));

    // The list's row stands in for the order: its number and status at once, nothing that needs lines.
    const heading = await screen.findByRole('heading', { level: 1, name: 'Замовлення #e1f2d40' });
    expect(heading).toBeTruthy();
    expect(screen.getByTestId('order-loading')).toBeTruthy();
    expect(screen.queryByTestId('order-lines')).toBeNull();
    expect(getOne).toHaveBeenCalledWith('orders', expect.objectContaining({ id: summary.id }));

    answer(whole);
    const lines = await screen.findByTestId('order-lines');
    expect(within(lines).getByText('Куртка Вартовий')).toBeTruthy();
    expect(screen.getByTestId('order-to-confirmed')).toBeTruthy();
    expect(screen.queryByTestId('order-loading')).toBeNull();
    expect(screen.queryByText('Щось пішло не так')).toBeNull();
    // A pickup order paid at the counter gets its receipt here; its return is a link away.
    expect(await screen.findByTestId('receipt-issue')).toBeTruthy();
    expect((await screen.findByTestId('order-returns-link')).textContent).toBe('Повернення за цим замовленням: 1');
  });

  it('tells a list’s row from the whole order', () => {
    expect(isWholeOrder(summary)).toBe(false);
    expect(isWholeOrder(whole)).toBe(true);
  });
});
