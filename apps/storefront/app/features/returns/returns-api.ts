import { orderReceipts, orderReturns, requestReturn } from '@kram/contract/endpoints/shop';
import type { OrderReceipts } from '@kram/contract/fiscal';
import type { OrderReturns, ReturnRequestBody, ReturnView } from '@kram/contract/returns';
import { ApiError, api } from '../../lib/api';
import { type Problem, type ReturnFormErrors, refusalOf, serverFieldErrors } from './return-errors';

/** An order's id as the addresses carry it; anything else names no order, and is not asked about. */
const orderIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isOrderId = (value: string): boolean => orderIdPattern.test(value);

/** No such order: a 404, or an id the server refuses to read (400). */
const noSuchOrder = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * `GET /api/orders/{order_id}/returns/`: what of the order may be returned and its returns so far;
 * null when there is no such order. Whoever holds the order's id may read it (a guest from the mail).
 */
export async function readOrderReturns(orderId: string, signal?: AbortSignal): Promise<OrderReturns | null> {
  if (!isOrderId(orderId)) return null;
  try {
    return await api.call(orderReturns, { params: { order_id: orderId }, signal });
  } catch (error) {
    if (noSuchOrder(error)) return null;
    throw error;
  }
}

/** `GET /api/orders/{order_id}/receipts/`: the order's fiscal receipts; null when there is no such order. */
export async function readOrderReceipts(orderId: string, signal?: AbortSignal): Promise<OrderReceipts | null> {
  if (!isOrderId(orderId)) return null;
  try {
    return await api.call(orderReceipts, { params: { order_id: orderId }, signal });
  } catch (error) {
    if (noSuchOrder(error)) return null;
    throw error;
  }
}

export type SendOutcome =
  | { kind: 'done'; view: ReturnView }
  /** The server refused fields: each under its own field. */
  | { kind: 'invalid'; errors: ReturnFormErrors }
  /** The request as a whole was refused (409, 404, 429) or could not be sent: a banner. */
  | { kind: 'refused'; problem: Problem; status: number | null };

/** `POST /api/orders/{order_id}/returns/`: the new return, or why not in the shopper's words. */
export async function sendReturnRequest(orderId: string, body: ReturnRequestBody): Promise<SendOutcome> {
  try {
    return { kind: 'done', view: await api.call(requestReturn, { params: { order_id: orderId }, body }) };
  } catch (error) {
    if (!(error instanceof ApiError)) {
      console.warn('The return request could not be sent', error);
      return { kind: 'refused', problem: { key: 'returns.errors.failed' }, status: null };
    }
    if (error.status === 400) {
      const errors = serverFieldErrors(error, body);
      if (errors) return { kind: 'invalid', errors };
    }
    return { kind: 'refused', problem: refusalOf(error), status: error.status };
  }
}
