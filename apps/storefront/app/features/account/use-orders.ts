import { orderShipments, orders } from '@kram/contract/endpoints/shop';
import type { Order, OrderParcel } from '@kram/contract/orders';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api';

/** An order of the history with its parcel, once it has a waybill. */
export type OrderWithParcel = Order & { shipment: OrderParcel | null };

export type OrdersState = { status: 'loading' } | { status: 'error' } | { status: 'loaded'; orders: OrderWithParcel[] };

/**
 * The signed-in shopper's orders, newest first (GET /api/orders/), each with its parcel (GET
 * /api/orders/shipments/, read alongside); the account area mounts it signed in only. The orders show
 * even when the parcels cannot be read.
 */
export function useOrders(): OrdersState {
  const [state, setState] = useState<OrdersState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    const parcels = api.call(orderShipments).then(
      (answer) => answer.shipments,
      (error) => {
        console.warn('error fetching parcels', error);
        return {} as Record<string, OrderParcel>;
      },
    );
    api.call(orders).then(
      async (list) => {
        const byOrder = await parcels;
        if (live) {
          setState({
            status: 'loaded',
            orders: list.map((order) => ({ ...order, shipment: byOrder[order.order_id] ?? null })),
          });
        }
      },
      (error) => {
        console.warn('error fetching orders', error);
        if (live) setState({ status: 'error' });
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
