import type { Product } from '@kram/contract/catalog';
import type { OrderBody } from '@kram/contract/orders';
import { promoMessages } from '@kram/contract/promotions';
import type { Executor } from '../../db/client.ts';
import type { AcceptedPromo, Buyer, DiscountLine, PromoOutcome } from '../promotions/index.ts';
import type { NewOrderLine } from './orders.repository.ts';

/**
 * Promo codes as orders use them (the promotions module's, handed over at wiring time): the discount
 * a code gives the priced lines, then its use, taken in the order's transaction.
 */
export interface OrderDiscounts {
  quote(code: string, lines: readonly DiscountLine[], buyer: Buyer): Promise<PromoOutcome>;
  /** Refuses (and so rolls the order back) when the code was used up since it was quoted. */
  redeem(promo: AcceptedPromo, orderId: string, tx: Executor): Promise<void>;
}

/** Without a promotions module every code is unknown to the shop. */
export const noDiscounts: OrderDiscounts = {
  quote: async () => ({ ok: false, refusal: promoMessages.unknown }),
  redeem: async () => {},
};

/**
 * The code's discount on the order's priced lines, for this buyer; undefined when the order names no
 * code. Whether a product is on promotion is read from the catalogue the lines were priced from.
 */
export async function orderDiscount(
  discounts: OrderDiscounts,
  input: OrderBody,
  lines: readonly NewOrderLine[],
  products: readonly Product[],
  userId: number | null,
): Promise<PromoOutcome | undefined> {
  if (!input.promo_code) return undefined;
  const onPromo = new Set(products.filter((p) => p.is_on_promo).map((p) => p.id));
  const discountLines = lines.map((line) => ({
    productId: line.productId ?? null,
    price: line.price,
    quantity: line.quantity,
    categoryPath: line.categoryPath,
    onPromo: line.productId != null && onPromo.has(line.productId),
  }));
  return discounts.quote(input.promo_code, discountLines, { userId, email: input.email, phone: input.phone_number });
}
