import { normalizeEmail } from '@kram/contract/email-identity';
import { formatMoney, type Kopiyky, parseMoney } from '@kram/contract/money';
import { promoBelowMinimumMessage, promoCodes, promoMessages } from '@kram/contract/promotions';
import { type Said, said } from '../../lib/domain-errors.ts';
import { kyivDateTime } from '../../lib/kyiv-time.ts';

/** A promo code with everything its rules read. */
export interface PromoCodeRules {
  id: number;
  code: string;
  kind: 'percent' | 'fixed';
  /** "10.00": percent or hryvnias. */
  value: string;
  minTotal: string | null;
  startsAt: Date | null;
  endsAt: Date | null;
  maxUses: number | null;
  used: number;
  maxUsesPerCustomer: number | null;
  excludePromo: boolean;
  active: boolean;
  /** The paths of the categories it is limited to (their goods and those under them). */
  categoryPaths: readonly string[];
  productIds: readonly number[];
}

/** An order line as a discount reads it: priced by the server. */
export interface DiscountLine {
  productId: number | null;
  /** The unit price, "1250.00". */
  price: string;
  quantity: number;
  /** The product's category path when ordered. */
  categoryPath: string;
  /** Whether the product is on promotion (a sale price). */
  onPromo: boolean;
}

/** Who is buying: the keys a code's uses per customer are counted under. */
export interface Buyer {
  userId: number | null;
  email: string;
  phone: string;
}

export type PromoQuote =
  | { ok: true; code: PromoCodeRules; discount: Kopiyky; subtotal: Kopiyky }
  | { ok: false; refusal: string | Said };

/**
 * Every key a buyer's uses are counted under: the account when signed in, and always the e-mail and
 * the telephone, so neither signing in nor changing one of the two opens a code used up per customer.
 */
export const customerKeys = (buyer: Buyer): string[] =>
  [
    ...(buyer.userId === null ? [] : [`user:${buyer.userId}`]),
    `email:${normalizeEmail(buyer.email)}`,
    `phone:${buyer.phone.replace(/[^\d+]/g, '')}`,
  ].sort();

/** Whether a line's goods are ones the code applies to. */
function applies(code: PromoCodeRules, line: DiscountLine): boolean {
  if (code.excludePromo && line.onPromo) return false;
  const limited = code.categoryPaths.length > 0 || code.productIds.length > 0;
  if (!limited) return true;
  if (line.productId !== null && code.productIds.includes(line.productId)) return true;
  return code.categoryPaths.some((path) => line.categoryPath === path || line.categoryPath.startsWith(`${path}/`));
}

/**
 * What a code takes off these lines at `now`, or why it is refused. The refusals come in the order a
 * shopper can act on them: a code that is unknown or switched off, not valid yet, expired, used up,
 * then the cart (below the minimum, no goods it applies to). The minimum is the lines' whole sum; the
 * discount is taken from the goods it applies to only: a share of them (rounded to the kopiyka), or
 * the fixed sum, never more than they cost.
 */
export function quoteDiscount(code: PromoCodeRules | undefined, lines: readonly DiscountLine[], now: Date): PromoQuote {
  if (!code?.active) return { ok: false, refusal: promoMessages.unknown };
  if (code.startsAt && now < code.startsAt) return { ok: false, refusal: promoMessages.notYetValid };
  if (code.endsAt && now >= code.endsAt) return { ok: false, refusal: promoMessages.expired };
  if (code.maxUses !== null && code.used >= code.maxUses) return { ok: false, refusal: promoMessages.usedUp };
  let subtotal = 0;
  let eligible = 0;
  for (const line of lines) {
    const sum = parseMoney(line.price) * line.quantity;
    subtotal += sum;
    if (applies(code, line)) eligible += sum;
  }
  if (code.minTotal !== null && subtotal < parseMoney(code.minTotal)) {
    const minimum = formatMoney(parseMoney(code.minTotal));
    return { ok: false, refusal: said(promoCodes.belowMinimum, promoBelowMinimumMessage(minimum), { minimum }) };
  }
  if (eligible === 0) return { ok: false, refusal: promoMessages.notForTheseGoods };
  const value = parseMoney(code.value);
  // value is hundredths of a percent here: 10.00 % of 1999 kopiyky is 199.9, rounded to 200.
  const discount = code.kind === 'percent' ? Math.round((eligible * value) / 10_000) : Math.min(value, eligible);
  return { ok: true, code, discount, subtotal };
}

/**
 * An instant from what staff typed: with an offset as it says, without one as Kyiv's wall clock
 * (`2026-11-23T09:00` is nine in the morning in Kyiv, summer or winter).
 */
export function instantOf(value: string): Date {
  if (/[zZ]|[+-]\d{2}:?\d{2}$/.test(value)) return new Date(value);
  const [date = '', time = '00:00'] = value.split('T');
  const wall = `${date} ${time.slice(0, 5)}`;
  const asUtc = Date.parse(`${date}T${time.length === 5 ? `${time}:00` : time}Z`);
  // Kyiv is UTC+2 in winter and UTC+3 in summer; the offset whose instant reads back as the wall clock.
  for (const hours of [3, 2]) {
    const candidate = new Date(asUtc - hours * 3_600_000);
    if (kyivDateTime(candidate) === wall) return candidate;
  }
  // A wall-clock time skipped when clocks go forward: read as winter time.
  return new Date(asUtc - 2 * 3_600_000);
}
