import { orders } from '@kram/contract/endpoints/shop';
import type { Order } from '@kram/contract/orders';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api';

export type OrdersState = { status: 'loading' } | { status: 'error' } | { status: 'loaded'; orders: Order[] };

/** The signed-in shopper's orders, newest first (GET /api/orders/); the account area mounts it signed in only. */
export function useOrders(): OrdersState {
  const [state, setState] = useState<OrdersState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    api.call(orders).then(
      (orders) => live && setState({ status: 'loaded', orders }),
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
