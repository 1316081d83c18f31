import { orderStatus } from '@kram/contract/endpoints/shop';
import type { OrderStatusView } from '@kram/contract/orders';
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
