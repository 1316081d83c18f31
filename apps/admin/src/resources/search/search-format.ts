import { synonymMessages, synonymTakenPattern } from '@kram/contract/admin-search';

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

const messageKeys: Record<string, string> = {
  [synonymMessages.termFormat]: 'term_format',
  [synonymMessages.termLength]: 'term_length',
  [synonymMessages.termNoWord]: 'term_no_word',
  [synonymMessages.groupSize]: 'group_size',
  [synonymMessages.duplicate]: 'duplicate',
  [synonymMessages.tooMany]: 'too_many',
};

export type Translated = { key: string; args?: Record<string, string> } | { text: string };

/** A server message about a group as staff read it: a translation key and its values, or the words as sent. */
export function synonymMessage(message: string): Translated {
  const known = messageKeys[message];
  if (known) return { key: `resources.search/synonyms.errors.${known}` };
  const taken = synonymTakenPattern.exec(message);
  if (taken) {
    return {
      key: 'resources.search/synonyms.errors.taken',
      args: { term: taken[1] ?? '', id: taken[2] ?? '', group: taken[3] ?? '' },
    };
  }
  return { text: message };
}

/**
 * The first problem of a refused save: a field's (`terms` or one term, `terms.2`) or the whole
 * request's (`detail`), or undefined when the error carries none.
 */
export function synonymProblem(error: unknown): Translated | undefined {
  const body = (error as { body?: unknown } | null)?.body;
  if (typeof body !== 'object' || body === null) return undefined;
  for (const [field, value] of Object.entries(body)) {
    if (field === 'detail' && typeof value === 'string') return synonymMessage(value);
    if ((field === 'terms' || field.startsWith('terms.')) && Array.isArray(value) && typeof value[0] === 'string') {
      return synonymMessage(value[0]);
    }
  }
  return undefined;
}

/** The day `days` before `today` (days as `YYYY-MM-DD`), for a default range. */
export function daysAgo(today: string, days: number): string {
  const [year, month, date] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date - days)).toISOString().slice(0, 10);
}
