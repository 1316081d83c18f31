import type { AdminOrder } from '@kram/contract/admin-orders';
import type { OrderShipping } from '@kram/contract/admin-shipping';
import { shippingMessages } from '@kram/contract/admin-shipping';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18nProvider } from '../../i18n/i18n-provider.ts';
import { storageKeys } from '../../session.ts';
import { aShipment } from '../../test-fixtures.ts';
import { kyivDay } from './shipping-format.ts';
import { ShippingPanel } from './shipping-panel.tsx';

const orderId = '0b6f2a44-91c3-4e2b-8d51-3c9a7e1f2d40';
const order = {
  id: orderId,
  city_ref: 'db5c88f0-391c-11dd-90d9-001a92567626',
  branch_ref: '1ec09d88-e1c2-11e3-8c4a-0050568002cf',
  updated_at: '2026-11-23T10:00:00Z',
} as AdminOrder;

function stubApi(shipping: OrderShipping) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) =>
    url === `/api/admin/orders/${orderId}/shipping/`
      ? new Response(JSON.stringify(init?.method === 'POST' ? aShipment() : shipping), {
          status: init?.method === 'POST' ? 201 : 200,
          headers: { 'content-type': 'application/json' },
        })
      : new Response(new Blob(['%PDF-1.4']), { status: 200, headers: { 'content-type': 'application/pdf' } }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderPanel(language: 'uk' | 'ru') {
  render(
    <AdminContext i18nProvider={createI18nProvider(language)}>
      <ShippingPanel order={order} />
    </AdminContext>,
  );
}

describe('an order’s shipping panel', () => {
  afterEach(() => cleanup());

  it('shows the waybill: its number as a link, its status, storage ending today highlighted, its history', async () => {
    const today = kyivDay(new Date());
    stubApi({
      shipment: aShipment({
        status: 'at_branch',
        carrier_text: 'Прибув у відділення',
        storage_until: today,
        arrived_at: '2026-11-20T09:00:00Z',
        editable: false,
        deletable: false,
        history: [
          { status: 'created', carrier_code: null, carrier_text: null, at: '2026-11-18T10:00:00Z' },
          { status: 'at_branch', carrier_code: '7', carrier_text: 'Прибув у відділення', at: '2026-11-20T09:00:00Z' },
        ],
      }),
      draft: null,
      blocked: null,
      carrier_connected: true,
    });
    renderPanel('ru');
    const link = await screen.findByTestId('shipment-number');
    expect(link.getAttribute('href')).toBe('https://novaposhta.ua/tracking/?cargo_number=20450000000001');
    expect(screen.getByTestId('shipment-status').textContent).toBe('Ждёт в отделении');
    const [y, m, d] = today.split('-');
    expect(
      within(screen.getByTestId('shipment-storage')).getByText(`до ${d}.${m}.${y} — хранение истекает`),
    ).toBeTruthy();
    const history = within(screen.getByTestId('shipment-history')).getAllByRole('listitem');
    expect(history.map((item) => item.textContent)).toEqual([
      'Ждёт в отделении20.11.26, 11:00 · Прибув у відділення',
      'Накладная создана18.11.26, 12:00',
    ]);
    // No longer the carrier's to change.
    expect(screen.queryByTestId('shipment-edit')).toBeNull();
    expect(screen.queryByTestId('shipment-delete')).toBeNull();
  });

  it('opens the waybill’s A4 label, fetched with the bearer token', async () => {
    window.localStorage.setItem(storageKeys.access, 'token-1');
    const fetch = stubApi({ shipment: aShipment(), draft: null, blocked: null, carrier_connected: true });
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:label');
    renderPanel('uk');
    fireEvent.click(await screen.findByTestId('shipment-label-a4'));
    await waitFor(() => expect(tab.location.href).toBe('blob:label'));
    expect(fetch).toHaveBeenCalledWith(
      `/api/admin/shipping/labels.pdf?order_id=${orderId}&format=a4`,
      expect.objectContaining({ method: 'GET', headers: expect.objectContaining({ Authorization: 'Bearer token-1' }) }),
    );
  });

  it('asks again for a waybill whose answer was lost, with what the shipment holds', async () => {
    const cityRef = 'e221d64c-391c-11dd-90d9-001a92567626';
    const branchRef = '7b422fc5-e1b8-11e3-8c4a-0050568002cf';
    const fetch = stubApi({
      shipment: aShipment({
        number: null,
        tracking_url: null,
        editable: false,
        deletable: true,
        cost: null,
        city_ref: cityRef,
        city_name: 'Львів',
        warehouse_ref: branchRef,
        warehouse_name: 'Відділення №5',
      }),
      draft: null,
      blocked: null,
      carrier_connected: true,
    });
    renderPanel('uk');
    expect((await screen.findByTestId('shipment')).textContent).toContain('Номер ще не отримано');
    expect(screen.getByTestId('shipment-pending').textContent).toBe(
      'Нова пошта не відповіла, але накладна могла бути створена. Спробуйте ще раз: ту саму накладну буде знайдено, а не створено вдруге.',
    );
    fireEvent.click(screen.getByTestId('shipment-ask-again'));
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const [, init] = fetch.mock.calls.find(([, i]) => i?.method === 'POST') ?? [];
    // The waybill's own city and branch, not the order's.
    expect(JSON.parse(String(init?.body))).toMatchObject({
      recipient_first_name: 'Олена',
      recipient_last_name: 'Коваль',
      city_ref: cityRef,
      city_name: 'Львів',
      warehouse_ref: branchRef,
      warehouse_name: 'Відділення №5',
      seats: [{ weight_kg: 1.25, length_cm: 30, width_cm: 20, height_cm: 10 }],
      cash_on_delivery: '2150.00',
      send_day: '2026-11-23',
    });
    expect(screen.getByTestId('shipment-delete')).toBeTruthy();
  });

  it('offers to change and delete as the waybill allows', async () => {
    stubApi({
      shipment: aShipment({ by_hand: true, editable: false, deletable: true, tracking_url: null }),
      draft: null,
      blocked: null,
      carrier_connected: true,
    });
    renderPanel('ru');
    await screen.findByTestId('shipment');
    expect(screen.queryByTestId('shipment-edit')).toBeNull();
    expect(screen.getByTestId('shipment-delete').textContent).toBe('Удалить накладную');
    expect(screen.queryByTestId('shipment-pending')).toBeNull();
    cleanup();
    stubApi({
      shipment: aShipment({
        service: 'address',
        warehouse_ref: null,
        warehouse_name: '',
        address: 'вул. Хрещатик, 1, кв. 5',
        editable: true,
        deletable: false,
      }),
      draft: null,
      blocked: null,
      carrier_connected: true,
    });
    renderPanel('uk');
    const shipment = await screen.findByTestId('shipment');
    expect(shipment.textContent).toContain('Адреса (кур’єр): Київ, вул. Хрещатик, 1, кв. 5');
    expect(shipment.textContent).toContain('Коваль Олена, +380671234567');
    expect(screen.queryByTestId('shipment-delete')).toBeNull();
    fireEvent.click(screen.getByTestId('shipment-edit'));
    expect((screen.getByTestId('waybill-address') as HTMLInputElement).value).toBe('вул. Хрещатик, 1, кв. 5');
  });

  it('tells why an order cannot have a waybill yet, in the manager’s language', async () => {
    stubApi({ shipment: null, draft: null, blocked: shippingMessages.notShippable, carrier_connected: true });
    renderPanel('uk');
    expect((await screen.findByTestId('shipping-blocked')).textContent).toBe(
      'Накладну створюють лише для підтвердженого або сплаченого замовлення з доставкою Новою поштою.',
    );
  });
});
