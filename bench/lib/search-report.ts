/** The search bench's figures as Markdown tables, with the shop's goals checked. */
import type { Spread } from './search-http.ts';
import type { BenchQuery } from './search-queries.ts';
import { queryClasses } from './search-queries.ts';
import type { RelevanceByClass } from './search-score.ts';
import type { ServerFigures } from './search-server.ts';

export interface EngineReport {
  name: string;
  /** Seconds. */
  build: number;
  memoryMb: number;
  terms: number;
  latency: Spread;
  relevance: RelevanceByClass;
  results: number[][];
}

const row = (cells: readonly (string | number)[]) => `| ${cells.join(' | ')} |`;
const table = (head: readonly string[], rows: readonly (readonly (string | number)[])[]) =>
  [row(head), row(head.map(() => '---')), ...rows.map(row)].join('\n');
const fixed = (n: number) => n.toFixed(2);
const ms = (s: Spread) => `${s.p50} / ${s.p95}`;
const check = (ok: boolean) => (ok ? 'met' : 'MISSED');

export function printReport(
  report: { products: number; db: string; http: ServerFigures },
  queries: readonly BenchQuery[],
  engines: readonly EngineReport[],
  nameOf: (id: number) => string,
) {
  const { http } = report;
  console.log(`\n${report.products} products on ${report.db}, ${queries.length} queries\n`);
  console.log(
    table(
      ['Class', ...engines.flatMap((e) => [`${e.name} recall@12`, 'top-1'])],
      [...queryClasses, 'overall' as const].map((cls) => [
        cls,
        ...engines.flatMap((e) => [fixed(e.relevance[cls].recall), fixed(e.relevance[cls].top1)]),
      ]),
    ),
  );
  console.log(
    `\n${table(
      ['Engine', 'Build s', 'Memory MB', 'Terms', 'In-process p50 / p95 ms'],
      engines.map((e) => [e.name, e.build, e.memoryMb, e.terms, ms(e.latency)]),
    )}`,
  );
  const afterChange = http.listing.uncachedAfterChange;
  const uncachedListing = afterChange ?? http.listing.uncachedFresh;
  console.log(
    `\n${table(
      ['kram over HTTP', 'p50 / p95 ms'],
      [
        ['search, first request, one at a time', ms(http.search.uncachedAlone)],
        ['search, repeated (cached), one at a time', ms(http.search.warmAlone)],
        ['search, repeated (cached), eight at a time', ms(http.search.warmEight)],
        ['search, first request, eight at a time', ms(http.search.uncachedEight)],
        [`listing, first request (${http.listing.urls} URLs), fresh process`, ms(http.listing.uncachedFresh)],
        ...(afterChange ? [['listing, first request after a catalogue change', ms(afterChange)]] : []),
      ],
    )}`,
  );
  const { health, listing } = http.throughput;
  console.log(
    `\nFirst listing after start ${http.firstListingSeconds} s` +
      (http.listing.firstAfterChangeMs === null
        ? ''
        : `; first listing after a catalogue change ${http.listing.firstAfterChangeMs} ms`) +
      `\n${http.throughput.connections} connections: health ${health.rps} req/s, listing ${listing.rps} req/s` +
      ` (p99 ${listing.p99} ms) = ${Math.round(http.throughput.share * 100)}% of health` +
      `\nHTTP answers equal to kram in process: ${http.search.sameAsInProcess} of ${queries.length}; failed requests: ${http.failures}`,
  );
  const { edits } = http;
  if (edits) {
    console.log(
      `\n${edits.count} single-product edits from another connection: found by search after p50 ${edits.visible.p50} ms,` +
        ` p95 ${edits.visible.p95} ms, max ${edits.visible.max} ms; ${edits.under100ms} under 100 ms` +
        `\nserver memory (RSS) during the edits: ${edits.rssMb.map((r) => `${r.mb} MB after ${r.after}`).join(', ')}`,
    );
  }

  const [kram, ...others] = engines;
  if (!kram) return;
  const ahead = queryClasses.filter((cls) =>
    others.every(
      (o) => kram.relevance[cls].top1 >= o.relevance[cls].top1 && kram.relevance[cls].recall >= o.relevance[cls].recall,
    ),
  );
  console.log('\nGoals at 100,000 products:');
  const goals: [string, boolean][] = [
    [`top-1 overall ${fixed(kram.relevance.overall.top1)} ≥ 0.95`, kram.relevance.overall.top1 >= 0.95],
    [`top-1 on two typos ${fixed(kram.relevance.typo2.top1)} ≥ 0.80`, kram.relevance.typo2.top1 >= 0.8],
    [`ahead of the library (top-1 and recall) in ${ahead.length} of 9 classes`, ahead.length === queryClasses.length],
    [
      `HTTP one at a time, first request, p50 ${http.search.uncachedAlone.p50} ≤ 4 ms and p95 ${http.search.uncachedAlone.p95} ≤ 10 ms`,
      http.search.uncachedAlone.p50 <= 4 && http.search.uncachedAlone.p95 <= 10,
    ],
    [
      `HTTP eight at a time, first request, p95 ${http.search.uncachedEight.p95} ≤ 60 ms`,
      http.search.uncachedEight.p95 <= 60,
    ],
    [`build ${kram.build} ≤ 3 s`, kram.build <= 3],
    [`memory ${kram.memoryMb} ≤ 170 MB`, kram.memoryMb <= 170],
    [`uncached listing p95 ${uncachedListing.p95} ≤ 30 ms`, uncachedListing.p95 <= 30],
    [`listing throughput ${Math.round(http.throughput.share * 100)}% ≥ 25% of health`, http.throughput.share >= 0.25],
    ...(edits
      ? ([
          [
            `each of ${edits.count} edits found by search in under 100 ms (${edits.under100ms})`,
            edits.under100ms === edits.count,
          ],
        ] as [string, boolean][])
      : []),
  ];
  for (const [text, ok] of goals) console.log(`  ${check(ok)}: ${text}`);

  console.log(`\n${kram.name}'s top-1 misses (up to three per class): query → first result [intended]`);
  for (const cls of queryClasses) {
    const misses = queries
      .map((q, i) => ({ q, first: kram.results[i]?.[0] }))
      .filter(({ q, first }) => q.cls === cls && (first === undefined || !q.relevant.has(first)))
      .slice(0, 3);
    for (const { q, first } of misses) {
      console.log(
        `  ${cls}: "${q.text}" → ${first === undefined ? 'nothing' : `"${nameOf(first)}"`} [${q.intended.join(' ')}, ${q.relevant.size} relevant]`,
      );
    }
  }
}
