import { z } from 'zod';
import { pageTypes, vitalMaxima, vitalMetrics } from './vitals-rules.ts';

/**
 * One Core Web Vital from a shopper's browser (`POST /api/vitals/`): the metric, its final value and
 * the kind of page, and nothing else — no address, no account, no browser (docs/decisions/031).
 */
export const vitalReport = z
  .strictObject({
    metric: z.enum(vitalMetrics, { error: `Expected one of ${vitalMetrics.join(', ')}.` }),
    value: z
      .number({ error: 'Expected a number.' })
      .min(0, 'A value is not negative.')
      .describe('LCP and INP in milliseconds (at most 120000 and 60000), CLS unitless (at most 100).'),
    page_type: z.enum(pageTypes, { error: `Expected one of ${pageTypes.join(', ')}.` }),
  })
  .superRefine((report, context) => {
    const max = vitalMaxima[report.metric];
    if (report.value > max) {
      context.addIssue({ code: 'custom', path: ['value'], message: `${report.metric} is at most ${max}.` });
    }
  })
  .meta({ id: 'VitalReport' });
export type VitalReport = z.infer<typeof vitalReport>;

/** The most a report's body may weigh; a real one is under 60 bytes. */
export const vitalReportMaxBytes = 1024;
