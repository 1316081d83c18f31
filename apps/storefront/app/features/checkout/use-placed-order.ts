import type { OrderParcel, OrderStatus, PaymentMethod } from '@kram/contract/orders';
import { useEffect, useRef, useState } from 'react';
import { readOrderParcel, readOrderStatus } from './order-status';
import { type StoredOrder, takeOrderData } from './order-storage';

export type PlacedOrder =
  | { phase: 'loading' }
  /** Nothing to show: the page sends the shopper home (spec "Success page"). */
  | { phase: 'none' }
  | { phase: 'missing' }
  | {
      phase: 'shown';
      orderId: string;
      status: OrderStatus;
      paymentMethod: PaymentMethod;
      /** What this browser kept of the order; null when the shopper came back elsewhere. */
      order: StoredOrder | null;
      statusFailed: boolean;
      /** The order's parcel, once it has a waybill (a fresh order has none yet). */
      shipment: OrderParcel | null;
    };

/** A card payment's webhook may land a moment after the shopper is back: ask a few more times. */
const recheckMs = 3000;
const rechecks = 10;

/**
 * The order the success page shows: the one kept under `orderData` (read once and removed), and,
 * for a shopper back from the card payment page (`?order_id=`), its status as the shop has it now.
 */
export function usePlacedOrder(orderIdParam: string | null): PlacedOrder {
  const [state, setState] = useState<PlacedOrder>({ phase: 'loading' });
  const taken = useRef<StoredOrder | null | undefined>(undefined);

  useEffect(() => {
    // Read once, even when the effect runs again (React's development double run).
    if (taken.current === undefined) taken.current = takeOrderData();
    const stored = taken.current;
    if (!orderIdParam) {
      setState(
        stored
          ? {
              phase: 'shown',
              orderId: stored.order_id,
              status: stored.status,
              paymentMethod: stored.payment_method,
              order: stored,
              statusFailed: false,
              shipment: null,
            }
          : { phase: 'none' },
      );
      return;
    }
    const order = stored?.order_id.toLowerCase() === orderIdParam.toLowerCase() ? stored : null;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async (left: number) => {
      try {
        const [found, shipment] = await Promise.all([
          readOrderStatus(orderIdParam, controller.signal),
          readOrderParcel(orderIdParam, controller.signal),
        ]);
        if (controller.signal.aborted) return;
        if (!found) {
          setState({ phase: 'missing' });
          return;
        }
        setState({
          phase: 'shown',
          orderId: found.order_id,
          status: found.status,
          paymentMethod: found.payment_method,
          order,
          statusFailed: false,
          shipment,
        });
        if (found.status === 'awaiting_payment' && left > 0) timer = setTimeout(() => ask(left - 1), recheckMs);
      } catch (error) {
        if (controller.signal.aborted) return;
        console.warn('The order status could not be read', error);
        setState(
          order
            ? {
                phase: 'shown',
                orderId: order.order_id,
                status: order.status,
                paymentMethod: order.payment_method,
                order,
                statusFailed: true,
                shipment: null,
              }
            : { phase: 'missing' },
        );
      }
    };
    void ask(rechecks);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [orderIdParam]);

  return state;
}
