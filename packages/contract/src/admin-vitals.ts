import { z } from 'zod';
import { optionalQuery } from './common.ts';
import { pageTypes, vitalRatings } from './vitals-rules.ts';

/** The storefront's Core Web Vitals in the back office (`/api/admin/vitals/`, docs/decisions/031). */

/** Vitals are kept per Kyiv day for this many days. */
export const vitalsRetentionDays = 90;
/** The default range: the last 28 days, today included, as Chrome's own field data counts. */
export const vitalsDefaultDays = 28;
export const vitalsMaxRangeDays = 366;

const day = optionalQuery(z.iso.date({ error: 'Enter a date as YYYY-MM-DD.' }));

export const adminVitalsQuery = z
  .strictObject({ from: day, to: day })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: '"from" must not be after "to".', path: ['from'] });
export type AdminVitalsQuery = z.infer<typeof adminVitalsQuery>;

/** One metric on one kind of page over the range. */
export const vitalSummary = z
  .object({
    /** How many page views reported the metric. */
    samples: z.number().int().min(0),
    /**
     * The 75th percentile (ms for LCP and INP, unitless for CLS), read from the stored histogram;
     * null without samples.
     */
    p75: z.number().nullable(),
    /** The p75's rating by Google's thresholds (LCP 2500/4000 ms, INP 200/500 ms, CLS 0.1/0.25). */
    rating: z.enum(vitalRatings).nullable(),
  })
  .meta({ id: 'AdminVitalSummary' });
export type VitalSummary = z.infer<typeof vitalSummary>;

export const adminVitals = z
  .object({
    from: z.string(),
    to: z.string(),
    /** The kinds of page with at least one report in the range, in the order of the contract's list. */
    pages: z.array(
      z.object({
        page_type: z.enum(pageTypes),
        metrics: z.object({ LCP: vitalSummary, INP: vitalSummary, CLS: vitalSummary }),
      }),
    ),
  })
  .meta({ id: 'AdminVitals' });
export type AdminVitals = z.infer<typeof adminVitals>;
