import {
  type AdminVitals,
  type AdminVitalsQuery,
  vitalsDefaultDays,
  vitalsMaxRangeDays,
} from '@kram/contract/admin-vitals';
import type { VitalReport } from '@kram/contract/vitals';
import { type PageType, pageTypes, type VitalMetric } from '@kram/contract/vitals-rules';
import { InvalidInput } from '../../lib/domain-errors.ts';
import { addDays, kyivDay } from '../../lib/kyiv-time.ts';
import type { VitalsRepository } from './vitals.repository.ts';
import { bucketCount, summarise } from './vitals-histogram.ts';
import type { VitalsRecorder } from './vitals-recorder.ts';

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** The storefront's Core Web Vitals: counted from shoppers' reports, summed up for the back office. */
export function vitalsService(repo: VitalsRepository, recorder: VitalsRecorder, now = () => new Date()) {
  return {
    /** One report, already checked against the contract (its value within the metric's bounds). */
    record(report: VitalReport): void {
      recorder.record(report.metric, report.page_type, report.value);
    },

    /** The p75 and samples of every metric per kind of page, for Kyiv days `from`–`to` (the last 28 unless given). */
    async report(query: AdminVitalsQuery): Promise<AdminVitals> {
      const to = query.to ?? (query.from && query.from > kyivDay(now()) ? query.from : kyivDay(now()));
      const from = query.from ?? addDays(to, -(vitalsDefaultDays - 1));
      if (from > to) throw new InvalidInput({ from: ['"from" must not be after "to".'] });
      if (daysBetween(from, to) >= vitalsMaxRangeDays) {
        throw new InvalidInput({ from: [`A range is at most ${vitalsMaxRangeDays} days.`] });
      }
      // This process's own latest reports count too; other processes' arrive within their 30 s.
      await recorder.flush();
      const totals = await repo.totals(from, to);
      const countsOf = (pageType: PageType, metric: VitalMetric) =>
        totals.find((t) => t.pageType === pageType && t.metric === metric)?.counts ??
        new Array<number>(bucketCount(metric)).fill(0);
      const pages = pageTypes
        .filter((pageType) => totals.some((t) => t.pageType === pageType))
        .map((pageType) => ({
          page_type: pageType,
          metrics: {
            LCP: summarise('LCP', countsOf(pageType, 'LCP')),
            INP: summarise('INP', countsOf(pageType, 'INP')),
            CLS: summarise('CLS', countsOf(pageType, 'CLS')),
          },
        }));
      return { from, to, pages };
    },
  };
}

export type VitalsService = ReturnType<typeof vitalsService>;
