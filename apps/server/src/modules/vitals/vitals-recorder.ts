import { vitalsRetentionDays } from '@kram/contract/admin-vitals';
import type { PageType, VitalMetric } from '@kram/contract/vitals-rules';
import { addDays, kyivDay } from '../../lib/kyiv-time.ts';
import type { DailyHistogram, VitalsRepository } from './vitals.repository.ts';
import { bucketCount, bucketOf } from './vitals-histogram.ts';

export interface VitalsRecorderOptions {
  repo: VitalsRepository;
  log: { warn(object: object, message: string): void };
  now?: () => Date;
  /** How often the buffer is written (default 30 s). */
  flushIntervalMs?: number;
  /**
   * Histograms kept in memory between writes (default 270: ten days of every kind of page and metric,
   * should the database be away that long); reports of a new one beyond that are not counted.
   */
  maxBuffered?: number;
  /** Days kept (default 90); older ones are deleted by a write, at most once per `pruneIntervalMs`. */
  retentionDays?: number;
  pruneIntervalMs?: number;
}

/**
 * Counts the storefront's vitals per Kyiv day, kind of page and metric in memory, as histograms,
 * and adds them to the database every 30 s and on close, in one statement that adds to what other
 * processes stored. A report leaves nothing behind but one more count in one bucket.
 */
export function vitalsRecorder(options: VitalsRecorderOptions) {
  const { repo, log } = options;
  const now = options.now ?? (() => new Date());
  const maxBuffered = options.maxBuffered ?? 270;
  const retentionDays = options.retentionDays ?? vitalsRetentionDays;
  const pruneIntervalMs = options.pruneIntervalMs ?? 60 * 60 * 1000;
  const buffer = new Map<string, DailyHistogram>();
  let prunedAt = Number.NEGATIVE_INFINITY;
  let writing: Promise<void> = Promise.resolve();
  let timer: ReturnType<typeof setInterval> | undefined;

  const keyOf = (h: Pick<DailyHistogram, 'day' | 'pageType' | 'metric'>) => `${h.day}\n${h.pageType}\n${h.metric}`;

  /** Histograms back into the buffer after a failed write, as far as it has room. */
  function restore(histograms: readonly DailyHistogram[]): void {
    for (const histogram of histograms) {
      const held = buffer.get(keyOf(histogram));
      if (held) {
        for (const [bucket, count] of histogram.counts.entries())
          held.counts[bucket] = (held.counts[bucket] ?? 0) + count;
      } else if (buffer.size < maxBuffered) buffer.set(keyOf(histogram), histogram);
    }
  }

  async function write(): Promise<void> {
    if (buffer.size === 0) return;
    const histograms = [...buffer.values()];
    buffer.clear();
    const at = now();
    const prune = at.getTime() - prunedAt >= pruneIntervalMs;
    try {
      await repo.add(histograms, { pruneBefore: prune ? addDays(kyivDay(at), -retentionDays) : undefined });
      if (prune) prunedAt = at.getTime();
    } catch (error) {
      restore(histograms);
      log.warn({ err: error }, 'web vitals were not written; they are kept for the next try');
    }
  }

  /** Writes what is buffered (nothing when nothing is); writes run one after another. */
  function flush(): Promise<void> {
    writing = writing.then(write);
    return writing;
  }

  return {
    flush,
    /** One report: a metric's final value on a kind of page. */
    record(metric: VitalMetric, pageType: PageType, value: number): void {
      const day = kyivDay(now());
      const key = keyOf({ day, pageType, metric });
      let held = buffer.get(key);
      if (!held) {
        if (buffer.size >= maxBuffered) return;
        held = { day, pageType, metric, counts: new Array<number>(bucketCount(metric)).fill(0) };
        buffer.set(key, held);
      }
      const bucket = bucketOf(metric, value);
      held.counts[bucket] = (held.counts[bucket] ?? 0) + 1;
    },
    /** How many histograms wait for the next write. */
    get buffered(): number {
      return buffer.size;
    },
    start(): void {
      timer ??= setInterval(() => void flush(), options.flushIntervalMs ?? 30_000);
      // The timer alone never keeps the process alive; close writes what is left.
      timer.unref();
    },
    async close(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await flush();
    },
  };
}

export type VitalsRecorder = ReturnType<typeof vitalsRecorder>;
