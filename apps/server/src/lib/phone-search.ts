import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** What a telephone typed into a search box may hold: digits, spaces, brackets, plus and hyphens. */
const telephoneTyped = /^[\d\s()+-]+$/;

/**
 * The digits of a telephone typed into a search box without the country code and the trunk zero:
 * `067 123-45-67`, `+38 (067) 123-4567` and `671234567` are all `671234567`. Undefined when the text is
 * not a telephone (it holds anything else) or holds fewer than three digits, too few to mean one.
 */
export function telephoneDigits(q: string): string | undefined {
  const text = q.trim();
  if (!telephoneTyped.test(text)) return undefined;
  const local = text.replace(/\D/g, '').replace(/^380/, '').replace(/^0/, '');
  return local.length >= 3 ? local : undefined;
}

/**
 * Whether the telephone in `column` holds the number typed as `q`, compared by digits, whatever the
 * number was typed or stored with; undefined (no condition) when `q` is not a telephone.
 */
export function telephoneMatches(column: AnyColumn | SQL, q: string): SQL | undefined {
  const digits = telephoneDigits(q);
  return digits === undefined ? undefined : sql`regexp_replace(${column}, '\\D', '', 'g') like ${`%${digits}%`}`;
}
