import { orderShipment, orderStatus } from '@kram/contract/endpoints/shop';
import type { OrderParcel, OrderStatusView } from '@kram/contract/orders';
import { ApiError, api } from '../../lib/api';

/** One order's status (GET /api/orders/{order_id}/status/); null when there is no such order. */
export async function readOrderStatus(orderId: string, signal?: AbortSignal): Promise<OrderStatusView | null> {
  try {
    return await api.call(orderStatus, { params: { order_id: orderId }, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * One order's parcel (GET /api/orders/{order_id}/shipment/); null before a waybill, and when it cannot
 * be read (the page shows the order without it).
 */
export async function readOrderParcel(orderId: string, signal?: AbortSignal): Promise<OrderParcel | null> {
  try {
    return (await api.call(orderShipment, { params: { order_id: orderId }, signal })).shipment;
  } catch (error) {
    if (signal?.aborted) throw error;
    console.warn('The order’s parcel could not be read', error);
    return null;
  }
}
