import { insightsRetentionDays } from '@kram/contract/admin-search';
import { addDays, kyivDay } from '../../lib/kyiv-time.ts';
import type { DailyCount, SearchInsightsRepository } from './search-insights.repository.ts';
import { normaliseQuery } from './search-query.ts';

export interface SearchRecorderOptions {
  repo: SearchInsightsRepository;
  log: { warn(object: object, message: string): void };
  now?: () => Date;
  /** How often the buffer is written (default 30 s). */
  flushIntervalMs?: number;
  /** Distinct queries kept in memory between writes (default 500); a new query beyond that is not counted. */
  maxBuffered?: number;
  /** Distinct queries stored per day (default 2,000); a new query beyond that is not stored. */
  maxPerDay?: number;
  /** Days kept (default 90); older ones are deleted by a write, at most once per `pruneIntervalMs`. */
  retentionDays?: number;
  pruneIntervalMs?: number;
}

/**
 * Counts the shop's listing searches per Kyiv day in memory and adds them to the database every
 * 30 s and on close, in one statement that adds to what other processes stored. Only the query
 * text and two counts are kept: nothing about who searched.
 */
export function searchRecorder(options: SearchRecorderOptions) {
  const { repo, log } = options;
  const now = options.now ?? (() => new Date());
  const maxBuffered = options.maxBuffered ?? 500;
  const maxPerDay = options.maxPerDay ?? 2000;
  const retentionDays = options.retentionDays ?? insightsRetentionDays;
  const pruneIntervalMs = options.pruneIntervalMs ?? 60 * 60 * 1000;
  const buffer = new Map<string, DailyCount>();
  let prunedAt = Number.NEGATIVE_INFINITY;
  let writing: Promise<void> = Promise.resolve();
  let timer: ReturnType<typeof setInterval> | undefined;

  /** Counts back into the buffer after a failed write, as far as it has room. */
  function restore(counts: readonly DailyCount[]): void {
    for (const count of counts) {
      const key = `${count.day}\n${count.query}`;
      const held = buffer.get(key);
      if (held) {
        held.searches += count.searches;
        held.zeroResults += count.zeroResults;
      } else if (buffer.size < maxBuffered) buffer.set(key, count);
    }
  }

  async function write(): Promise<void> {
    if (buffer.size === 0) return;
    const counts = [...buffer.values()];
    buffer.clear();
    const at = now();
    const prune = at.getTime() - prunedAt >= pruneIntervalMs;
    try {
      await repo.add(counts, { maxPerDay, pruneBefore: prune ? addDays(kyivDay(at), -retentionDays) : undefined });
      if (prune) prunedAt = at.getTime();
    } catch (error) {
      restore(counts);
      log.warn({ err: error }, 'search insights were not written; they are kept for the next try');
    }
  }

  /** Writes what is buffered (nothing when nothing is); writes run one after another. */
  function flush(): Promise<void> {
    writing = writing.then(write);
    return writing;
  }

  return {
    flush,

    /** One listing search and how many products it found. */
    record(query: string, found: number): void {
      const text = normaliseQuery(query);
      if (text === '') return;
      const day = kyivDay(now());
      const key = `${day}\n${text}`;
      const held = buffer.get(key);
      if (held) {
        held.searches += 1;
        if (found === 0) held.zeroResults += 1;
        return;
      }
      if (buffer.size >= maxBuffered) return;
      buffer.set(key, { day, query: text, searches: 1, zeroResults: found === 0 ? 1 : 0 });
    },

    /** How many distinct queries wait for the next write. */
    get buffered(): number {
      return buffer.size;
    },

    start(): void {
      const interval = options.flushIntervalMs ?? 30_000;
      timer ??= setInterval(() => void flush(), interval);
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

export type SearchRecorder = ReturnType<typeof searchRecorder>;
