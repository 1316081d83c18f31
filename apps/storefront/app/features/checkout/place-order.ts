import { createCardInvoice, placeOrder as placeOrderCall } from '@kram/contract/endpoints/shop';
import type { Order } from '@kram/contract/orders';
import { idempotencyKeyHeader } from '@kram/contract/orders';
import { ApiError, api } from '../../lib/api';
import type { OrderPayload } from './checkout-payload';

export type PlaceOutcome =
  | { kind: 'order'; order: Order }
  | { kind: 'invoice'; orderId: string; paymentUrl: string | null }
  /** `message`: a translation key for the error popup; `note`: one more line, when the answer says why. */
  /** `fields`: the code of each refused field's first message (`{"shipping_address.city": "validation.…"}`). */
  | { kind: 'error'; message: string; note?: string; fields?: Record<string, string> };

/** A key nobody else will send: 128 random bits (crypto.randomUUID needs a secure context; this does not). */
export function newAttemptKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * One Idempotency-Key per checkout attempt: the same order sent again (a double click, a retry after
 * a lost answer) goes with the same key and the server answers the order it placed; a changed order
 * is a new attempt with a new key.
 */
export function attemptKeys(make: () => string = newAttemptKey) {
  let last: { body: string; key: string } | null = null;
  return (payload: OrderPayload): string => {
    const body = JSON.stringify(payload);
    if (last?.body !== body) last = { body, key: make() };
    return last.key;
  };
}

/** The code of each refused field's first message, when a 400 names any. */
function fieldCodes(error: ApiError): Record<string, string> | undefined {
  if (error.status !== 400) return undefined;
  const fields: Record<string, string> = {};
  for (const { field, code } of error.codes) if (field !== undefined) fields[field] ??= code;
  return Object.keys(fields).length > 0 ? fields : undefined;
}

/** Spec section 8: a failed refresh is error_token_refresh; anything else error_order (card: error_order_card). */
function failure(error: ApiError, card: boolean): PlaceOutcome {
  const message = error.status === 401 ? 'error_token_refresh' : card ? 'error_order_card' : 'error_order';
  const fields = fieldCodes(error);
  let note: string | undefined;
  if (error.codes.some((entry) => entry.field === undefined && entry.code === 'order_amount_limit')) {
    note = 'checkout.amountLimit';
  } else if (fields && Object.keys(fields).some((key) => key.startsWith('items'))) note = 'checkout.itemsProblem';
  return { kind: 'error', message, note, fields };
}

/**
 * Cash and matching orders go to POST /api/orders/, card orders to the invoice call with the same
 * payload (spec section 7); both through the one API client (bearer token, one refresh on a 401).
 */
export async function placeOrder(payload: OrderPayload, key: string): Promise<PlaceOutcome> {
  const card = payload.payment_method === 'card';
  const request = { body: payload, headers: { [idempotencyKeyHeader]: key } };
  try {
    if (!card) return { kind: 'order', order: await api.call(placeOrderCall, request) };
    const invoice = await api.call(createCardInvoice, request);
    // The contract promises a payment address; without one the checkout only logs (spec section 4).
    return { kind: 'invoice', orderId: invoice.order_id, paymentUrl: invoice.payment_url || null };
  } catch (error) {
    if (error instanceof ApiError) return failure(error, card);
    console.warn('The order could not be sent', error);
    return { kind: 'error', message: card ? 'error_order_card' : 'error_order' };
  }
}
