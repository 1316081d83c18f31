import type { Order } from '@kram/contract/orders';
import { idempotencyKeyHeader } from '@kram/contract/orders';
import type { InvoiceCreated } from '@kram/contract/payments';
import { apiFetch } from '../../lib/api';
import type { OrderPayload } from './checkout-payload';

export type PlaceOutcome =
  | { kind: 'order'; order: Order }
  | { kind: 'invoice'; orderId: string; paymentUrl: string | null }
  /** `message`: a translation key for the error popup; `note`: one more line, when the answer says why. */
  | { kind: 'error'; message: string; note?: string; fields?: Record<string, string[]> };

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

async function readBody(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Field lists of a 400 answer (`{"shipping_address.city": ["…"]}`), when that is what it holds. */
function fieldLists(body: unknown): Record<string, string[]> | undefined {
  if (!isObject(body) || 'detail' in body) return undefined;
  const entries = Object.entries(body).filter(
    (entry): entry is [string, string[]] => Array.isArray(entry[1]) && entry[1].every((m) => typeof m === 'string'),
  );
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** Spec section 8: a failed refresh is error_token_refresh; anything else error_order (card: error_order_card). */
function failure(status: number, body: unknown, card: boolean): PlaceOutcome {
  const message = status === 401 ? 'error_token_refresh' : card ? 'error_order_card' : 'error_order';
  const fields = status === 400 ? fieldLists(body) : undefined;
  let note: string | undefined;
  if (isObject(body) && body.code === 'order_amount_limit') note = 'checkout.amountLimit';
  else if (fields && Object.keys(fields).some((key) => key.startsWith('items'))) note = 'checkout.itemsProblem';
  return { kind: 'error', message, note, fields };
}

/**
 * Cash and matching orders go to POST /api/orders/, card orders to the invoice call with the same
 * payload (spec section 7); both through the one API client (bearer token, one refresh on a 401).
 */
export async function placeOrder(payload: OrderPayload, key: string): Promise<PlaceOutcome> {
  const card = payload.payment_method === 'card';
  let response: Response;
  try {
    response = await apiFetch(card ? '/api/create-monobank-invoice/' : '/api/orders/', {
      method: 'POST',
      body: payload,
      headers: { [idempotencyKeyHeader]: key },
    });
  } catch (error) {
    console.warn('The order could not be sent', error);
    return { kind: 'error', message: card ? 'error_order_card' : 'error_order' };
  }
  const body = await readBody(response);
  if (!response.ok) return failure(response.status, body, card);
  if (card) {
    const invoice = (isObject(body) ? body : {}) as Partial<InvoiceCreated>;
    if (typeof invoice.order_id !== 'string') return failure(502, body, true);
    return {
      kind: 'invoice',
      orderId: invoice.order_id,
      paymentUrl: typeof invoice.payment_url === 'string' && invoice.payment_url ? invoice.payment_url : null,
    };
  }
  return { kind: 'order', order: body as Order };
}
