import { insightsRetentionDays } from '@kram/contract/admin-search';
import { dailyCounts } from '../../lib/daily-counts.ts';
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

const keyOf = (count: Pick<DailyCount, 'day' | 'query'>) => `${count.day}\n${count.query}`;

/**
 * Counts the shop's listing searches per Kyiv day in memory and adds them to the database every
 * 30 s and on close, in one statement that adds to what other processes stored. Only the query
 * text and two counts are kept: nothing about who searched.
 */
export function searchRecorder(options: SearchRecorderOptions) {
  const { repo } = options;
  const maxPerDay = options.maxPerDay ?? 2000;
  const counts = dailyCounts<DailyCount>({
    keyOf,
    merge: (into, from) => {
      into.searches += from.searches;
      into.zeroResults += from.zeroResults;
    },
    write: (entries, pruneBefore) => repo.add(entries, { maxPerDay, pruneBefore }),
    log: options.log,
    failure: 'search insights were not written',
    now: options.now ?? (() => new Date()),
    maxBuffered: options.maxBuffered ?? 500,
    retentionDays: options.retentionDays ?? insightsRetentionDays,
    pruneIntervalMs: options.pruneIntervalMs ?? 60 * 60 * 1000,
    flushIntervalMs: options.flushIntervalMs ?? 30_000,
  });

  return {
    flush: counts.flush,

    /** One listing search and how many products it found. */
    record(query: string, found: number): void {
      const text = normaliseQuery(query);
      if (text === '') return;
      const day = counts.today();
      const held = counts.entry(keyOf({ day, query: text }), () => ({ day, query: text, searches: 0, zeroResults: 0 }));
      if (!held) return;
      held.searches += 1;
      if (found === 0) held.zeroResults += 1;
    },

    /** How many distinct queries wait for the next write. */
    get buffered(): number {
      return counts.buffered;
    },

    start: counts.start,
    close: counts.close,
  };
}

export type SearchRecorder = ReturnType<typeof searchRecorder>;
