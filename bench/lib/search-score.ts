/** Relevance of an engine's answers to the bench's queries: recall@12 and top-1, per class and overall. */
import { resultsPerPage } from './search-engines.ts';
import { type BenchQuery, type QueryClass, queryClasses } from './search-queries.ts';

export interface Relevance {
  queries: number;
  /** Share of the relevant products (at most 12 of them) found on the first page, averaged over queries. */
  recall: number;
  /** Share of queries whose first result is relevant. */
  top1: number;
}

export type RelevanceByClass = Record<QueryClass | 'overall', Relevance>;

export function queryRelevance(query: BenchQuery, ids: readonly number[]): { recall: number; top1: number } {
  const wanted = Math.min(query.relevant.size, resultsPerPage);
  if (wanted === 0) return { recall: 0, top1: 0 };
  const found = ids.slice(0, resultsPerPage).filter((id) => query.relevant.has(id)).length;
  return { recall: found / wanted, top1: ids.length > 0 && query.relevant.has(ids[0] as number) ? 1 : 0 };
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

function mean(rows: readonly { recall: number; top1: number }[]): Relevance {
  const n = rows.length;
  return {
    queries: n,
    recall: n === 0 ? 0 : round3(rows.reduce((s, r) => s + r.recall, 0) / n),
    top1: n === 0 ? 0 : round3(rows.reduce((s, r) => s + r.top1, 0) / n),
  };
}

/** Scores of the answers `results[i]` to `queries[i]`. */
export function relevance(queries: readonly BenchQuery[], results: readonly (readonly number[])[]): RelevanceByClass {
  const scored = queries.map((q, i) => ({ cls: q.cls, ...queryRelevance(q, results[i] ?? []) }));
  const out = { overall: mean(scored) } as RelevanceByClass;
  for (const cls of queryClasses) out[cls] = mean(scored.filter((s) => s.cls === cls));
  return out;
}
