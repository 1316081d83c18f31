/**
 * Money in code is integer kopiyky; decimal strings ("1234.50") at the edges (database, JSON).
 * Binary floats never hold a sum.
 */
const decimal = /^(\d{1,10})(?:\.(\d{1,2}))?$/;

/** "1234.5" or "1234.50" → 123450. Throws on anything else, so a bad price cannot slip into a total. */
export function toKopiyky(value: string): number {
  const m = decimal.exec(value.trim());
  if (!m) throw new Error(`not an amount of money: ${JSON.stringify(value)}`);
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** 123450 → "1234.50". */
export function fromKopiyky(kopiyky: number): string {
  if (!Number.isSafeInteger(kopiyky) || kopiyky < 0) throw new Error(`not an amount in kopiyky: ${kopiyky}`);
  return `${Math.floor(kopiyky / 100)}.${String(kopiyky % 100).padStart(2, '0')}`;
}
