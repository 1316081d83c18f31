import { z } from 'zod';
import { badRequestError, detailError } from './common.ts';
import { email } from './validation.ts';

/**
 * Stock as the storefront sees it: whether each variant (a product in one size and one colour) can be
 * bought, "tell me when it is back" for one that cannot, and the refusal of an order that asks for
 * more than is left.
 */

/** Where an order's units stand: promised, gone with the parcel, given back before leaving, come back. */
export const stockReservationStates = ['reserved', 'sold', 'released', 'returned'] as const;
export type StockReservationState = (typeof stockReservationStates)[number];

/** What moved a variant's stock. */
export const stockMovementKinds = ['received', 'reserved', 'sold', 'released', 'returned', 'corrected'] as const;
export type StockMovementKind = (typeof stockMovementKinds)[number];

export const stockMessages = {
  alertAvailable: 'This variant is in stock: it can be ordered now.',
  alertVariant: 'This product has no such size or colour.',
  alertSizeRequired: 'Choose a size.',
  alertMissing: 'No such subscription.',
  productMissing: 'No such product.',
} as const;

/** Codes of messages that name values (the storefront words them in its own language). */
export const stockCodes = {
  /** An order asks for more than is left: params `line`, `product`, `size`, `color`, `left`. */
  notEnough: 'stock.not_enough',
} as const;

/** The refusal's detail: the shop's words, naming the product and its size and colour. */
export function notEnoughStockText(product: string, size: string | null, color: string | null, left: number): string {
  const variant = [size ? `size ${size}` : null, color ? `colour ${color}` : null].filter(Boolean).join(', ');
  const what = variant ? `"${product}" (${variant})` : `"${product}"`;
  return left === 0 ? `${what} is sold out.` : `Only ${left} of ${what} left.`;
}

const id = z
  .number()
  .int()
  .min(1)
  .max(2 ** 31 - 1);

/** `POST /api/stock-alerts/`: mail me once when this variant is back. */
export const stockAlertBody = z
  .strictObject({
    product: id,
    size: id.nullable().default(null),
    color: id.nullable().default(null),
    email,
  })
  .meta({ id: 'StockAlertBody' });
export type StockAlertBody = z.infer<typeof stockAlertBody>;

export const stockAlertCreated = z.object({ detail: z.string() }).meta({ id: 'StockAlertCreated' });

/** The unsubscribe link's token: 24 random bytes, base64url. */
export const stockAlertParams = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{32}$/, 'Not a subscription token.'),
});

export const stockAlertErrors = { 400: badRequestError, 404: detailError, 429: detailError };
