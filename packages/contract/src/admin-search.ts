import { z } from 'zod';
import { listQuery, queryText } from './admin.ts';
import { optionalQuery } from './common.ts';

/**
 * The back office's search settings (`/api/admin/search/synonyms/`) and what shoppers searched for
 * (`/api/admin/search/insights/`). Messages stay in English; the back office translates them.
 */

export const synonymRules = {
  minTerms: 2,
  maxTerms: 10,
  maxTermLength: 40,
  maxGroups: 500,
} as const;

export const synonymMessages = {
  termFormat: 'Use letters, digits, spaces, hyphens and apostrophes only.',
  termLength: `A term is from 1 to ${synonymRules.maxTermLength} characters long.`,
  termNoWord: 'A term needs a word of at least two letters or digits.',
  groupSize: `A group holds from ${synonymRules.minTerms} to ${synonymRules.maxTerms} terms.`,
  duplicate: 'Each term may appear in the group only once.',
  tooMany: `The shop keeps at most ${synonymRules.maxGroups} synonym groups.`,
} as const;

/** The 400 when a term already belongs to another group (its code, `synonym.taken`, names the term and the group). */
export const synonymTakenMessage = (term: string, groupId: number, group: readonly string[]) =>
  `"${term}" is already in group ${groupId}: ${group.join(', ')}.`;

// Ukrainian and Russian apostrophes are all accepted, as shoppers type them.
const termPattern = /^[\p{L}\p{N}' ’ʼ-]+$/u;
const letterOrDigit = /[\p{L}\p{N}]/u;

/** One term as stored: trimmed, lower-case, single spaces. */
export const synonymTerm = z
  .string({ error: 'Not a valid string.' })
  .transform((term) => term.trim().replace(/\s+/g, ' ').toLowerCase())
  .pipe(
    z
      .string()
      .min(1, { message: synonymMessages.termLength, abort: true })
      .max(synonymRules.maxTermLength, synonymMessages.termLength)
      .regex(termPattern, synonymMessages.termFormat)
      .regex(letterOrDigit, synonymMessages.termNoWord),
  );

const synonymTerms = z
  .array(synonymTerm, { error: 'Expected a list of terms.' })
  .min(synonymRules.minTerms, synonymMessages.groupSize)
  .max(synonymRules.maxTerms, synonymMessages.groupSize)
  .refine((terms) => new Set(terms).size === terms.length, synonymMessages.duplicate);

/** A group of words or short phrases that mean the same in search, e.g. худі, толстовка, hoodie. */
export const adminSynonymGroup = z
  .object({
    id: z.number().int(),
    terms: z.array(z.string()),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'AdminSynonymGroup' });
export type AdminSynonymGroup = z.infer<typeof adminSynonymGroup>;

export const synonymSorts = ['id', 'updated_at'] as const;

/** `q`: groups with a term containing the text. */
export const adminSynonymListQuery = listQuery(synonymSorts, { q: queryText(synonymRules.maxTermLength) });
export type AdminSynonymListQuery = z.infer<typeof adminSynonymListQuery>;

export const adminSynonymWrite = z.strictObject({ terms: synonymTerms }).meta({ id: 'AdminSynonymWrite' });
export type AdminSynonymWrite = z.infer<typeof adminSynonymWrite>;

export const adminSynonymUpdate = z.strictObject({ terms: synonymTerms.optional() }).meta({ id: 'AdminSynonymUpdate' });
export type AdminSynonymUpdate = z.infer<typeof adminSynonymUpdate>;

/** Insights are kept per Kyiv day for this many days. */
export const insightsRetentionDays = 90;
/** The default range of the insights: the last 30 days, today included. */
export const insightsDefaultDays = 30;
export const insightsMaxRangeDays = 366;
export const insightsTopLimit = 50;

const day = optionalQuery(z.iso.date({ error: 'Enter a date as YYYY-MM-DD.' }));

export const adminSearchInsightsQuery = z
  .strictObject({ from: day, to: day })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: '"from" must not be after "to".', path: ['from'] });
export type AdminSearchInsightsQuery = z.infer<typeof adminSearchInsightsQuery>;

/** What shoppers searched for in a range of Kyiv days (both included). */
export const adminSearchInsights = z
  .object({
    from: z.string(),
    to: z.string(),
    /** The most frequent queries: how often each was searched, and how often it found nothing. */
    top: z.array(z.object({ query: z.string(), searches: z.number().int(), zero_results: z.number().int() })),
    /** The queries that found nothing, most frequent first; `searches` counts those that found nothing. */
    zero_results: z.array(z.object({ query: z.string(), searches: z.number().int() })),
    /** Every day of the range, days without searches included. */
    days: z.array(z.object({ day: z.string(), searches: z.number().int(), zero_results: z.number().int() })),
  })
  .meta({ id: 'AdminSearchInsights' });
export type AdminSearchInsights = z.infer<typeof adminSearchInsights>;
