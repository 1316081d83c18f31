import { z } from 'zod';
import { badRequestError, detailError, money } from './common.ts';
import { maxOrderLines, orderItemInput, orderMessages, promoCodeInput } from './orders.ts';

/**
 * Promo codes as the checkout sees them: one code per order, typed in any case, checked and priced by
 * the server with the rest of the order. Refusals keep the shop's English words in the body; the
 * `Kram-Error-Codes` header names each by its code (`promo.expired`), which the storefront words.
 */

export { promoCodeInput, promoCodeMaxLength } from './orders.ts';

/** The two kinds of discount: a share of the goods it applies to, or a fixed sum off them. */
export const promoKinds = ['percent', 'fixed'] as const;
export type PromoKind = (typeof promoKinds)[number];

/** Why a code is refused; the field is `promo_code` on the order and on the check alike. */
export const promoMessages = {
  unknown: 'There is no such promo code.',
  expired: 'This promo code has expired.',
  notYetValid: 'This promo code is not valid yet.',
  usedUp: 'This promo code has been used up.',
  alreadyUsed: 'You have already used this promo code as many times as it allows.',
  notForTheseGoods: 'This promo code does not apply to the goods in the cart.',
} as const;

/** The refusal that names a value: the order's minimum (params `minimum`, "1500.00"). */
export const promoCodes = { belowMinimum: 'promo.below_minimum' } as const;
export const promoBelowMinimumMessage = (minimum: string) =>
  `This promo code needs an order of at least ${minimum} UAH.`;

/** `POST /api/promo-codes/check/`: a code and the cart, as the order would carry them. */
export const promoCheckBody = z
  .strictObject({
    code: promoCodeInput.refine((code) => code !== '', { message: promoMessages.unknown }),
    items: z.array(orderItemInput).min(1, 'validation.items_required').max(maxOrderLines, orderMessages.tooManyLines),
  })
  .meta({ id: 'PromoCheckRequest' });
export type PromoCheckBody = z.infer<typeof promoCheckBody>;

/**
 * What the code takes off this cart and what is left to pay.
 */
export const promoCheck = z
  .object({
    code: z.string(),
    discount: money,
    /**
     * The order's total after the discount, as the order would record it; null for guests, who see
     * no prices before they order (the discount alone is theirs to see).
     */
    amount: money.nullable(),
  })
  .meta({ id: 'PromoCheck' });
export type PromoCheck = z.infer<typeof promoCheck>;

export const promoCheckErrors = { 400: badRequestError, 429: detailError } as const;
