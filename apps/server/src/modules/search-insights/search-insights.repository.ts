import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** Counts of one query on one Kyiv day, as buffered and as stored. */
export interface DailyCount {
  day: string;
  query: string;
  searches: number;
  zeroResults: number;
}

export interface InsightRows {
  top: { query: string; searches: number; zero_results: number }[];
  zeroResults: { query: string; searches: number }[];
  days: { day: string; searches: number; zero_results: number }[];
}

/** The search insights table: counts added by every process, read by the back office. */
export function searchInsightsRepository(database: Database) {
  const { db, rows } = database;
  return {
    /**
     * Adds the counts to the stored ones in one statement. A query new to its day is stored only while
     * the day holds fewer than `maxPerDay` queries (the most searched of the new ones first); a query
     * already stored keeps counting. With `pruneBefore`, days before it are deleted too.
     */
    async add(counts: readonly DailyCount[], options: { maxPerDay: number; pruneBefore?: string }): Promise<void> {
      const incoming = JSON.stringify(
        counts.map((c) => ({ day: c.day, query: c.query, searches: c.searches, zero_results: c.zeroResults })),
      );
      await db.transaction(async (tx) => {
        // Processes flush one at a time, so two of them cannot both take a day's last free places.
        await tx.execute(sql`lock table search_queries_daily in share row exclusive mode`);
        await tx.execute(sql`
          with incoming as (
            select * from jsonb_to_recordset(${incoming}::jsonb) as i(day date, query text, searches int, zero_results int)
          ),
          stored as (
            select d.day, count(*) as n from search_queries_daily d
            where d.day in (select day from incoming) group by d.day
          ),
          fresh as (
            select i.*, row_number() over (partition by i.day order by i.searches desc, i.query) as place
            from incoming i
            where not exists (select 1 from search_queries_daily d where d.day = i.day and d.query = i.query)
          )
          insert into search_queries_daily (day, query, searches, zero_results)
          select i.day, i.query, i.searches, i.zero_results from incoming i
          where exists (select 1 from search_queries_daily d where d.day = i.day and d.query = i.query)
          union all
          select f.day, f.query, f.searches, f.zero_results from fresh f left join stored s on s.day = f.day
          where coalesce(s.n, 0) + f.place <= ${options.maxPerDay}
          on conflict (day, query) do update set
            searches = search_queries_daily.searches + excluded.searches,
            zero_results = search_queries_daily.zero_results + excluded.zero_results`);
        if (options.pruneBefore) {
          await tx.execute(sql`delete from search_queries_daily where day < ${options.pruneBefore}::date`);
        }
      });
    },

    /** The most searched queries, those that found nothing, and each day's totals, for days `from`–`to`. */
    async report(from: string, to: string, limit: number): Promise<InsightRows> {
      const range = sql`day between ${from}::date and ${to}::date`;
      const [top, zeroResults, days] = await Promise.all([
        rows<InsightRows['top'][number]>(sql`
          select query, sum(searches)::int as searches, sum(zero_results)::int as zero_results
          from search_queries_daily where ${range}
          group by query order by sum(searches) desc, query limit ${limit}`),
        rows<InsightRows['zeroResults'][number]>(sql`
          select query, sum(zero_results)::int as searches
          from search_queries_daily where ${range}
          group by query having sum(zero_results) > 0 order by sum(zero_results) desc, query limit ${limit}`),
        rows<InsightRows['days'][number]>(sql`
          select to_char(day, 'YYYY-MM-DD') as day, sum(searches)::int as searches, sum(zero_results)::int as zero_results
          from search_queries_daily where ${range}
          group by day order by day`),
      ]);
      return { top, zeroResults, days };
    },

    /** Every stored row, oldest day first (tests and checks). */
    all: () =>
      rows<DailyCount>(sql`
        select to_char(day, 'YYYY-MM-DD') as day, query, searches, zero_results as "zeroResults"
        from search_queries_daily order by day, query`),
  };
}

export type SearchInsightsRepository = ReturnType<typeof searchInsightsRepository>;
