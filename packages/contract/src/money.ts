/**
 * Money, the shop's one way of handling it: integer kopiyky in code, decimal strings with two places
 * ("1234.50") at the edges (database, JSON, screen). A binary float never holds a sum. No
 * dependencies, so the storefront's browser bundle, the server and the search index share it.
 */
export type Kopiyky = number;

/** How money travels in JSON: digits, a point, two digits. */
export const moneyPattern = /^\d+\.\d{2}$/;

const decimal = /^(\d{1,10})(?:\.(\d{1,2}))?$/;

export class MoneyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MoneyError';
  }
}

/** "1234.5" or "1234.50" → 123450. Throws on anything else, so a bad price cannot slip into a total. */
export function parseMoney(value: string): Kopiyky {
  const m = decimal.exec(value.trim());
  if (!m) throw new MoneyError(`not an amount of money: ${JSON.stringify(value)}`);
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** 123450 → "1234.50". Throws on a fraction of a kopiyka or a negative amount. */
export function formatMoney(kopiyky: Kopiyky): string {
  if (!Number.isSafeInteger(kopiyky) || kopiyky < 0) throw new MoneyError(`not an amount in kopiyky: ${kopiyky}`);
  return `${Math.floor(kopiyky / 100)}.${String(kopiyky % 100).padStart(2, '0')}`;
}

/** Between groups of thousands: a narrow no-break space (U+202F), as Ukrainian and Russian write them. */
export const thousandsSeparator = '\u202F';

/** Before the currency sign: a no-break space (U+00A0), so the sign never wraps away from its amount. */
export const currencySpace = '\u00A0';

const grouped = (digits: string): string => digits.replace(/\B(?=(\d{3})+$)/g, thousandsSeparator);

/**
 * An amount as people read it, without its currency: "2 350,00" (groups of three, a comma before the
 * kopiyky). Takes the API's decimal string or integer kopiyky, negative too ("-" in front). Written by
 * hand rather than with Intl: uk-UA's grouping space is U+00A0 in some ICU versions and U+202F in
 * others, so Node and a browser could render one page two ways and break hydration.
 */
export function formatAmount(amount: string | Kopiyky): string {
  let negative: boolean;
  let kopiyky: Kopiyky;
  if (typeof amount === 'number') {
    if (!Number.isSafeInteger(amount)) throw new MoneyError(`not an amount in kopiyky: ${amount}`);
    negative = amount < 0;
    kopiyky = Math.abs(amount);
  } else {
    const text = amount.trim();
    negative = text.startsWith('-');
    kopiyky = parseMoney(negative ? text.slice(1) : text);
  }
  const whole = grouped(String(Math.floor(kopiyky / 100)));
  const text = `${whole},${String(kopiyky % 100).padStart(2, '0')}`;
  return negative && kopiyky !== 0 ? `-${text}` : text;
}

/** The shop's currency signs: ₴ beside prices, "грн" where the shop's texts spell it out (totals, mails). */
export type CurrencySign = '₴' | 'грн';

/**
 * Money as every screen, mail and page of the shop shows it: "2 350,00 ₴". The one formatter for
 * display; `formatMoney` is the API's and the database's plain "2350.00".
 */
export const formatHryvnias = (amount: string | Kopiyky, sign: CurrencySign = '₴'): string =>
  `${formatAmount(amount)}${currencySpace}${sign}`;

/** A decimal string in the shop's own two-place form: "3" → "3.00". */
export const normalizeMoney = (value: string): string => formatMoney(parseMoney(value));

/** The sum of amounts, exact whatever their number. */
export function sumMoney(amounts: Iterable<Kopiyky>): Kopiyky {
  let total = 0;
  for (const amount of amounts) total += amount;
  if (!Number.isSafeInteger(total)) throw new MoneyError(`sum out of range: ${total}`);
  return total;
}

/**
 * A price bound typed by a shopper as a number (a filter's 500 or 499.995) in kopiyky: a lower bound
 * rounds up and an upper one down, so "at least 499.995" does not admit 499.99. Float noise below a
 * millionth of a kopiyka is ignored, so 0.1 + 0.2 is 30 kopiyky either way.
 */
export function moneyBound(value: number, side: 'min' | 'max'): Kopiyky {
  const scaled = value * 100;
  const nearest = Math.round(scaled);
  if (Math.abs(scaled - nearest) < 1e-6) return nearest;
  return side === 'min' ? Math.ceil(scaled) : Math.floor(scaled);
}
