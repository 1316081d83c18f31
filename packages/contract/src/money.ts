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
