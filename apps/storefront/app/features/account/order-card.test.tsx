import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import ru from '../../../public/locales/ru.json';
import uk from '../../../public/locales/uk.json';
import { I18nProvider, type Messages } from '../../lib/i18n';
import { OrderCard } from './order-card';
import type { OrderWithParcel } from './use-orders';

const order = (changes: Partial<OrderWithParcel> = {}): OrderWithParcel => ({
  order_id: '4f9c2a1e-0000-4000-8000-00000a1b2c3d',
  status: 'shipped',
  payment_method: 'cash',
  delivery_type: 'branch',
  shipping_address: { city: 'Київ', branch: 'Відділення №1' },
  amount: '1250.00',
  discount: '0.00',
  promo_code: null,
  created_at: '2026-11-28T10:00:00Z',
  items: [],
  shipment: null,
  ...changes,
});

function show(value: OrderWithParcel, lng: 'uk' | 'ru' = 'uk') {
  const router = createMemoryRouter([{ path: '/', element: <OrderCard order={value} /> }]);
  render(
    <I18nProvider lng={lng} messages={(lng === 'uk' ? uk : ru) as Messages}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

describe('an order of the history', () => {
  it('shows its parcel: the waybill, its status and until when the branch keeps it', () => {
    show(
      order({
        shipment: {
          number: '20450000000123',
          status: 'at_branch',
          tracking_url: 'https://novaposhta.ua/tracking/?cargo_number=20450000000123',
          delivery_day: '2026-12-01',
          storage_until: '2099-12-04',
        },
      }),
      'ru',
    );
    expect(screen.getByRole('link', { name: /^ТТН 20450000000123/ }).getAttribute('target')).toBe('_blank');
    expect(screen.getByTestId('parcel-status').textContent).toBe('Ждёт в отделении');
    expect(screen.getByTestId('parcel-storage').textContent).toBe('Хранится до 04.12.2099');
  });

  it('shows nothing of a parcel before the order has a waybill', () => {
    show(order({ status: 'confirmed', shipment: null }));
    expect(screen.getByTestId('order-card')).toBeTruthy();
    expect(screen.queryByTestId('parcel')).toBeNull();
    expect(screen.queryByText(/ТТН/)).toBeNull();
  });

  it('shows nothing of a parcel when the answer has no shipment field', () => {
    show(order({ status: 'new' }));
    expect(screen.queryByTestId('parcel')).toBeNull();
  });
});
