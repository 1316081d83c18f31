/** The longest query the insights keep; longer ones are cut, so one pasted text cannot bloat the table. */
export const maxQueryLength = 100;

/** A query as the insights count it: lower-case, trimmed, inner spaces collapsed, at most 100 characters. */
export function normaliseQuery(query: string): string {
  const text = query.toLowerCase().replace(/\s+/g, ' ').trim();
  // By code points, so a cut never splits a character in two.
  return [...text].slice(0, maxQueryLength).join('').trimEnd();
}
