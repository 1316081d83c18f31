import { checkPromoCode } from '@kram/contract/endpoints/shop';
import { formatAmount, moneyPattern } from '@kram/contract/money';
import type { PromoCheck } from '@kram/contract/promotions';
import { ApiError, api } from '../../lib/api';
import type { CartLine } from '../../lib/cart-line';
import { isOrderable } from '../../lib/cart-line';

/** Refusals of a promo code the shop words, by their code (`promo.expired` → `checkout.promo.expired`). */
const refusals = new Set([
  'promo.unknown',
  'promo.expired',
  'promo.not_yet_valid',
  'promo.used_up',
  'promo.already_used',
  'promo.below_minimum',
  'promo.not_for_these_goods',
]);

/** The translation key of a promo code's refusal, or undefined for a code that is not one. */
export const promoRefusalKey = (code: string | undefined): string | undefined =>
  code !== undefined && refusals.has(code) ? `checkout.${code}` : undefined;

/** The same, under the form's field after the order was refused (no values: the minimum is not repeated). */
export const promoFieldKey = (code: string | undefined): string | undefined =>
  code === 'promo.below_minimum' ? 'checkout.promo.below_minimum_any' : promoRefusalKey(code);

/** The amounts a refusal names ("1500.00") as the shop writes money ("1 500,00"); the text adds "грн". */
const amountsAsRead = (params: Record<string, string | number>) =>
  Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      typeof value === 'string' && moneyPattern.test(value) ? formatAmount(value) : value,
    ]),
  );

export type PromoState =
  | { kind: 'none' }
  | { kind: 'checking' }
  | { kind: 'applied'; check: PromoCheck }
  | { kind: 'refused'; key: string; values?: Record<string, string | number> };

/**
 * `POST /api/promo-codes/check/` for the cart's lines: the discount (and, signed in, the new total),
 * or the refusal's translation key and values. A failure that is no refusal (the network, a limit)
 * reads as `checkout.promo.failed`.
 */
export async function checkPromo(code: string, lines: readonly CartLine[], signal?: AbortSignal): Promise<PromoState> {
  const items = lines.filter(isOrderable).map((line) => ({
    product: line.id,
    quantity: line.count,
    size: line.selectedSize?.id ?? null,
    color: line.selectedColor?.id ?? null,
  }));
  try {
    return { kind: 'applied', check: await api.call(checkPromoCode, { body: { code, items }, signal }) };
  } catch (error) {
    if (error instanceof ApiError) {
      const refusal = error.codes.find((c) => c.field === 'promo_code');
      const key = promoRefusalKey(refusal?.code);
      if (key) return { kind: 'refused', key, ...(refusal?.params && { values: amountsAsRead(refusal.params) }) };
    }
    if (signal?.aborted) return { kind: 'none' };
    return { kind: 'refused', key: 'checkout.promo.failed' };
  }
}
