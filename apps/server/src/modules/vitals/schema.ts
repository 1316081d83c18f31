import { pageTypes, vitalMetrics } from '@kram/contract/vitals-rules';
import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/checks.ts';

/**
 * The storefront's Core Web Vitals per Kyiv day, kind of page and metric: how many reports fell in
 * each bucket of a fixed histogram (modules/vitals/vitals-histogram.ts), and nothing about who sent
 * them. At most days kept × kinds of page × metrics rows.
 */
export const webVitalsDaily = pgTable(
  'web_vitals_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    pageType: text('page_type').notNull(),
    metric: text('metric').notNull(),
    counts: integer('counts').array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.pageType, t.metric] }),
    oneOf('web_vitals_daily_page_type_check', t.pageType, pageTypes),
    oneOf('web_vitals_daily_metric_check', t.metric, vitalMetrics),
  ],
);
