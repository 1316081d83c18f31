import { errorCodeOf } from '@kram/contract/error-codes';
import { errorCodes } from '../../error-messages.ts';

/** The terms typed in one field, split at commas; blanks dropped (the server trims and lower-cases). */
export function parseTerms(text: unknown): string[] {
  if (Array.isArray(text)) return text.map(String);
  if (typeof text !== 'string') return [];
  return text
    .split(',')
    .map((term) => term.trim())
    .filter((term) => term !== '');
}

/** A group's terms in the one field they are edited in. */
export const formatTerms = (terms: unknown): string => (Array.isArray(terms) ? terms.join(', ') : String(terms ?? ''));

/** The storefront's search for a query, as a shopper would see it. */
export const storefrontSearchUrl = (query: string): string => `/search?${new URLSearchParams({ query })}`;

/** The query string of the new-group screen that starts with the query as its first term. */
export const newSynonymSearch = (query: string): string =>
  `?${new URLSearchParams({ source: JSON.stringify({ terms: [query] }) })}`;

export type Translated = { key: string; args?: Record<string, string> } | { text: string };

const words = (field: string, value: unknown): string | undefined => {
  if (field === 'detail') return typeof value === 'string' ? value : undefined;
  if (field !== 'terms' && !field.startsWith('terms.')) return undefined;
  return Array.isArray(value) && typeof value[0] === 'string' ? value[0] : undefined;
};

/**
 * The first problem of a refused save, as staff read it: a field's (`terms` or one term, `terms.2`) or
 * the whole request's (`detail`), by its code (`synonym.taken` with the term and its group), or in the
 * server's words when the code is not a synonym rule's; undefined when the error carries none.
 */
export function synonymProblem(error: unknown): Translated | undefined {
  const body = (error as { body?: unknown } | null)?.body;
  if (typeof body !== 'object' || body === null) return undefined;
  const codes = errorCodes(error);
  for (const [field, value] of Object.entries(body)) {
    const text = words(field, value);
    if (text === undefined) continue;
    const code = errorCodeOf(codes, field === 'detail' ? undefined : field);
    if (!code?.code.startsWith('synonym.')) return { text };
    const key = `resources.search/synonyms.errors.${code.code.slice('synonym.'.length)}`;
    if (!code.params) return { key };
    return { key, args: Object.fromEntries(Object.entries(code.params).map(([k, v]) => [k, String(v)])) };
  }
  return undefined;
}

/** The day `days` before `today` (days as `YYYY-MM-DD`), for a default range. */
export function daysAgo(today: string, days: number): string {
  const [year, month, date] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date - days)).toISOString().slice(0, 10);
}
