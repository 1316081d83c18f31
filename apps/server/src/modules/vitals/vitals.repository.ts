import type { PageType, VitalMetric } from '@kram/contract/vitals-rules';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** The histogram of one metric on one kind of page on one Kyiv day, as buffered and as stored. */
export interface DailyHistogram {
  day: string;
  pageType: PageType;
  metric: VitalMetric;
  /** How many reports fell in each bucket (vitals-histogram.ts). */
  counts: number[];
}

/** The vitals table: histograms added to by every process, read by the back office. */
export function vitalsRepository(database: Database) {
  const { db, rows } = database;
  return {
    /**
     * Adds the histograms to the stored ones bucket by bucket, in one statement; with `pruneBefore`,
     * days before it are deleted too.
     */
    async add(histograms: readonly DailyHistogram[], options: { pruneBefore?: string } = {}): Promise<void> {
      const incoming = JSON.stringify(
        histograms.map((h) => ({ day: h.day, page_type: h.pageType, metric: h.metric, counts: h.counts })),
      );
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into web_vitals_daily (day, page_type, metric, counts)
          select day, page_type, metric, counts
          from jsonb_to_recordset(${incoming}::jsonb) as i(day date, page_type text, metric text, counts int[])
          on conflict (day, page_type, metric) do update set counts = (
            select array_agg(coalesce(stored, 0) + coalesce(added, 0) order by bucket)
            from unnest(web_vitals_daily.counts, excluded.counts) with ordinality as b(stored, added, bucket)
          )`);
        if (options.pruneBefore) {
          await tx.execute(sql`delete from web_vitals_daily where day < ${options.pruneBefore}::date`);
        }
      });
    },
    /** Each kind of page and metric with reports in days `from`–`to`, its histograms summed bucket by bucket. */
    totals: (from: string, to: string) =>
      rows<{ pageType: PageType; metric: VitalMetric; counts: number[] }>(sql`
        select page_type as "pageType", metric, array_agg(total order by bucket) as counts
        from (
          select page_type, metric, bucket, sum(count)::int as total
          from web_vitals_daily, unnest(counts) with ordinality as b(count, bucket)
          where day between ${from}::date and ${to}::date
          group by page_type, metric, bucket
        ) summed
        group by page_type, metric`),
    /** Every stored row, oldest day first (tests and checks). */
    all: () =>
      rows<DailyHistogram>(sql`
        select to_char(day, 'YYYY-MM-DD') as day, page_type as "pageType", metric, counts
        from web_vitals_daily order by day, page_type, metric`),
  };
}

export type VitalsRepository = ReturnType<typeof vitalsRepository>;
