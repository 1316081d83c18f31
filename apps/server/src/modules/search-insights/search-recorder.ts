import { insightsRetentionDays } from '@kram/contract/admin-search';
import { type DailyCountsSettings, dailyCounts } from '../../lib/daily-counts.ts';
import type { DailyCount, SearchInsightsRepository } from './search-insights.repository.ts';
import { normaliseQuery } from './search-query.ts';

/** Distinct queries kept between writes default to 500, days kept to 90. */
export interface SearchRecorderOptions extends DailyCountsSettings {
  repo: SearchInsightsRepository;
  /** Distinct queries stored per day (default 2,000); a new query beyond that is not stored. */
  maxPerDay?: number;
}

const keyOf = (count: Pick<DailyCount, 'day' | 'query'>) => `${count.day}\n${count.query}`;

/**
 * Counts the shop's listing searches per Kyiv day in memory and adds them to the database every
 * 30 s and on close, in one statement that adds to what other processes stored. Only the query
 * text and two counts are kept: nothing about who searched.
 */
export function searchRecorder(options: SearchRecorderOptions) {
  const { repo, maxPerDay = 2000, ...settings } = options;
  const counts = dailyCounts<DailyCount>({
    ...settings,
    keyOf,
    merge: (into, from) => {
      into.searches += from.searches;
      into.zeroResults += from.zeroResults;
    },
    write: (entries, pruneBefore) => repo.add(entries, { maxPerDay, pruneBefore }),
    failure: 'search insights were not written',
    maxBuffered: settings.maxBuffered ?? 500,
    retentionDays: settings.retentionDays ?? insightsRetentionDays,
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
