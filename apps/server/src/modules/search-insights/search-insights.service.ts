import {
  type AdminSearchInsights,
  type AdminSearchInsightsQuery,
  insightsDefaultDays,
  insightsMaxRangeDays,
  insightsTopLimit,
} from '@kram/contract/admin-search';
import { InvalidInput } from '../../lib/domain-errors.ts';
import { addDays, kyivDay } from '../../lib/kyiv-time.ts';
import type { SearchInsightsRepository } from './search-insights.repository.ts';
import type { SearchRecorder } from './search-recorder.ts';

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** What shoppers searched for, for the shop's owner. */
export function searchInsightsService(
  repo: SearchInsightsRepository,
  recorder: SearchRecorder,
  now = () => new Date(),
) {
  return {
    /** Days `from`–`to` (Kyiv days, both included); the last 30 days unless given. */
    async report(query: AdminSearchInsightsQuery): Promise<AdminSearchInsights> {
      const to = query.to ?? (query.from && query.from > kyivDay(now()) ? query.from : kyivDay(now()));
      const from = query.from ?? addDays(to, -(insightsDefaultDays - 1));
      if (from > to) throw new InvalidInput({ from: ['"from" must not be after "to".'] });
      if (daysBetween(from, to) >= insightsMaxRangeDays) {
        throw new InvalidInput({ from: [`A range is at most ${insightsMaxRangeDays} days.`] });
      }
      // This process's own latest searches count too; other processes' arrive within their 30 s.
      await recorder.flush();
      const rows = await repo.report(from, to, insightsTopLimit);
      const byDay = new Map(rows.days.map((d) => [d.day, d]));
      const days: AdminSearchInsights['days'] = [];
      for (let day = from; day <= to; day = addDays(day, 1)) {
        days.push(byDay.get(day) ?? { day, searches: 0, zero_results: 0 });
      }
      return { from, to, top: rows.top, zero_results: rows.zeroResults, days };
    },
  };
}

export type SearchInsightsService = ReturnType<typeof searchInsightsService>;
