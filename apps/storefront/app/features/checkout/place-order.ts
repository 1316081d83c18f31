import { createCardInvoice, placeOrder as placeOrderCall } from '@kram/contract/endpoints/shop';
import type { Language } from '@kram/contract/language';
import type { Order } from '@kram/contract/orders';
import { idempotencyKeyHeader } from '@kram/contract/orders';
import { stockCodes } from '@kram/contract/stock';
import { ApiError, api } from '../../lib/api';
import { type CartLine, isOrderable } from '../../lib/cart-line';
import { localizedName, type Translate } from '../../lib/i18n';
import type { OrderPayload } from './checkout-payload';

/**
 * An order line the shop cannot fill: `line` is its index among the order's items, `left` the units
 * left (0: none, or the product is off sale). The names are the shop's, for a line the cart no longer
 * has; empty when the answer gave none.
 */
export interface StockShortage {
  line: number;
  left: number;
  product: string;
  size: string;
  color: string;
}

export type PlaceOutcome =
  | { kind: 'order'; order: Order }
  | { kind: 'invoice'; orderId: string; paymentUrl: string | null }
  /** `message`: a translation key for the error popup; `note`: one more line, when the answer says why. */
  /** `fields`: the code of each refused field's first message (`{"shipping_address.city": "validation.…"}`). */
  /** `shortages`: lines refused for stock (409 `stock.not_enough`, or a product off sale). */
  | { kind: 'error'; message: string; note?: string; fields?: Record<string, string>; shortages?: StockShortage[] };

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

const text = (value: string | number | undefined) => (typeof value === 'string' ? value : '');

/** The lines an answer refuses for stock: each 409 `stock.not_enough`, and each product off sale. */
function shortagesOf(error: ApiError): StockShortage[] {
  const found: StockShortage[] = [];
  for (const { field, code, params } of error.codes) {
    if (error.status === 409 && code === stockCodes.notEnough && params) {
      const line = Number(params.line);
      const left = Number(params.left);
      if (!Number.isInteger(line) || line < 0 || !Number.isInteger(left)) continue;
      found.push({
        line,
        left: Math.max(0, left),
        product: text(params.product),
        size: text(params.size),
        color: text(params.color),
      });
    }
    const offSale =
      error.status === 400 && code === 'order.out_of_stock' && /^items\.(\d+)\.product$/.exec(field ?? '');
    if (offSale) found.push({ line: Number(offSale[1]), left: 0, product: '', size: '', color: '' });
  }
  return found;
}

/** Spec section 8: a failed refresh is error_token_refresh; anything else error_order (card: error_order_card). */
function failure(error: ApiError, card: boolean): PlaceOutcome {
  const message = error.status === 401 ? 'error_token_refresh' : card ? 'error_order_card' : 'error_order';
  const fields = fieldCodes(error);
  const shortages = shortagesOf(error);
  let note: string | undefined;
  if (error.codes.some((entry) => entry.field === undefined && entry.code === 'order_amount_limit')) {
    note = 'checkout.amountLimit';
  } else if (fields && Object.keys(fields).some((key) => key.startsWith('items'))) note = 'checkout.itemsProblem';
  return { kind: 'error', message, note, fields, ...(shortages.length > 0 && { shortages }) };
}

/** The cart line an order line came from: the order carries the lines that can be ordered, in order. */
export function shortLine(lines: readonly CartLine[], shortage: StockShortage): CartLine | undefined {
  return lines.filter(isOrderable)[shortage.line];
}

/**
 * A shortage in the shopper's words: "Залишилось лише 2 шт. «Куртка», розмір 43." or, with none
 * left, that the product in that size and colour is no longer in stock. Names come from the cart's
 * line, in the page's language; the answer's are the fallback.
 */
export function shortageText(t: Translate, lng: Language, shortage: StockShortage, line: CartLine | undefined): string {
  const product = line ? localizedName(lng, line) : shortage.product;
  const size = line ? (line.selectedSize?.name ?? '') : shortage.size;
  const chosen = line?.selectedColor;
  const color = line ? (chosen ? localizedName(lng, chosen) : '') : shortage.color;
  const form = size && color ? 'sizeColor' : size ? 'size' : color ? 'color' : 'product';
  const what = t(`stock.shortage.${form}`, { product, size, color });
  return shortage.left > 0
    ? t('stock.shortage.left', { count: shortage.left, what })
    : t('stock.shortage.soldOut', { what });
}

/** The error popup's text: the failure, then why (each short line named, or the note). */
export function failureText(
  t: Translate,
  lng: Language,
  outcome: Extract<PlaceOutcome, { kind: 'error' }>,
  lines: readonly CartLine[],
): string {
  const why = outcome.shortages?.length
    ? outcome.shortages.map((shortage) => shortageText(t, lng, shortage, shortLine(lines, shortage)))
    : outcome.note
      ? [t(outcome.note)]
      : [];
  return [t(outcome.message), ...why].join(' ');
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
