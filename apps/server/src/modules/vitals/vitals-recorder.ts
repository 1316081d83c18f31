import { vitalsRetentionDays } from '@kram/contract/admin-vitals';
import type { PageType, VitalMetric } from '@kram/contract/vitals-rules';
import { type DailyCountsSettings, dailyCounts } from '../../lib/daily-counts.ts';
import type { DailyHistogram, VitalsRepository } from './vitals.repository.ts';
import { bucketCount, bucketOf } from './vitals-histogram.ts';

/**
 * Histograms kept between writes default to 270 (ten days of every kind of page and metric, should
 * the database be away that long), days kept to 90.
 */
export interface VitalsRecorderOptions extends DailyCountsSettings {
  repo: VitalsRepository;
}

const keyOf = (h: Pick<DailyHistogram, 'day' | 'pageType' | 'metric'>) => `${h.day}\n${h.pageType}\n${h.metric}`;

/**
 * Counts the storefront's vitals per Kyiv day, kind of page and metric in memory, as histograms,
 * and adds them to the database every 30 s and on close, in one statement that adds to what other
 * processes stored. A report leaves nothing behind but one more count in one bucket.
 */
export function vitalsRecorder(options: VitalsRecorderOptions) {
  const { repo, ...settings } = options;
  const histograms = dailyCounts<DailyHistogram>({
    ...settings,
    keyOf,
    merge: (into, from) => {
      for (const [bucket, count] of from.counts.entries()) into.counts[bucket] = (into.counts[bucket] ?? 0) + count;
    },
    write: (entries, pruneBefore) => repo.add(entries, { pruneBefore }),
    failure: 'web vitals were not written',
    maxBuffered: settings.maxBuffered ?? 270,
    retentionDays: settings.retentionDays ?? vitalsRetentionDays,
  });

  return {
    flush: histograms.flush,
    /** One report: a metric's final value on a kind of page. */
    record(metric: VitalMetric, pageType: PageType, value: number): void {
      const day = histograms.today();
      const held = histograms.entry(keyOf({ day, pageType, metric }), () => ({
        day,
        pageType,
        metric,
        counts: new Array<number>(bucketCount(metric)).fill(0),
      }));
      if (!held) return;
      const bucket = bucketOf(metric, value);
      held.counts[bucket] = (held.counts[bucket] ?? 0) + 1;
    },
    /** How many histograms wait for the next write. */
    get buffered(): number {
      return histograms.buffered;
    },
    start: histograms.start,
    close: histograms.close,
  };
}

export type VitalsRecorder = ReturnType<typeof vitalsRecorder>;
