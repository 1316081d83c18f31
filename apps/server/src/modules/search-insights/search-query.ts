import { kyivDateTime } from '../../lib/kyiv-time.ts';

/** The longest query the insights keep; longer ones are cut, so one pasted text cannot bloat the table. */
export const maxQueryLength = 100;

/** A query as the insights count it: lower-case, trimmed, inner spaces collapsed, at most 100 characters. */
export function normaliseQuery(query: string): string {
  const text = query.toLowerCase().replace(/\s+/g, ' ').trim();
  // By code points, so a cut never splits a character in two.
  return [...text].slice(0, maxQueryLength).join('').trimEnd();
}

/** The Kyiv day (`2026-11-23`) an instant falls on. */
export const kyivDay = (instant: Date): string => kyivDateTime(instant).slice(0, 10);

/** The day `days` after `day` (before, when negative), as calendar days. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}
