/**
 * Money travels as decimal strings ("1250.00"); sums are made in whole kopiyky so no binary
 * fraction creeps into a total.
 */
export function toKopiyky(price: string | null | undefined): number {
  if (!price) return 0;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(price.trim());
  if (!match) return 0;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** Two decimals, as totals are shown. */
export function formatKopiyky(kopiyky: number): string {
  const whole = Math.floor(kopiyky / 100);
  const cents = String(kopiyky % 100).padStart(2, '0');
  return `${whole}.${cents}`;
}

export function formatPrice(price: string): string {
  return formatKopiyky(toKopiyky(price));
}
