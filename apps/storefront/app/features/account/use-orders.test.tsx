import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useOrders } from './use-orders';

const orderA = '4f9c2a1e-0000-4000-8000-00000000000a';
const orderB = '4f9c2a1e-0000-4000-8000-00000000000b';
const order = (order_id: string) => ({
  order_id,
  status: 'shipped',
  payment_method: 'cash',
  delivery_type: 'branch',
  shipping_address: { city: 'Київ', branch: 'Відділення №1' },
  amount: '1250.00',
  discount: '0.00',
  promo_code: null,
  created_at: '2026-11-28T10:00:00Z',
  items: [],
});
const parcel = {
  number: '20450000000123',
  status: 'in_transit',
  tracking_url: 'https://novaposhta.ua/tracking/?cargo_number=20450000000123',
  delivery_day: '2026-12-01',
  storage_until: null,
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('the order history with its parcels', () => {
  it('gives each order the parcel the shop names for it, and none to the others', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/shipments/') ? json({ shipments: { [orderB]: parcel } }) : json([order(orderA), order(orderB)]),
      ),
    );
    const { result } = renderHook(() => useOrders());
    await waitFor(() => expect(result.current.status).toBe('loaded'));
    const loaded = result.current as Extract<ReturnType<typeof useOrders>, { status: 'loaded' }>;
    expect(loaded.orders.map((o) => [o.order_id, o.shipment?.number ?? null])).toEqual([
      [orderA, null],
      [orderB, '20450000000123'],
    ]);
  });

  it('shows the orders when their parcels cannot be read', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/shipments/') ? json({ detail: 'Service unavailable.' }, 503) : json([order(orderA)]),
      ),
    );
    const { result } = renderHook(() => useOrders());
    await waitFor(() => expect(result.current.status).toBe('loaded'));
    const loaded = result.current as Extract<ReturnType<typeof useOrders>, { status: 'loaded' }>;
    expect(loaded.orders[0]?.shipment).toBeNull();
  });
});
