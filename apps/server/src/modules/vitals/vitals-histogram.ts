import { type VitalMetric, type VitalRating, vitalMetrics, vitalRating } from '@kram/contract/vitals-rules';

/**
 * Each metric's values are counted in fixed buckets, so a day's reports of one kind of page fit in
 * one row however many there are, and rows add up by adding their counts. Bucket 0 holds exact
 * zeros (a page that never shifted has a CLS of 0); bucket 1 runs from 0 to the first anchor; then
 * buckets grow by at most 10 % each, log-spaced between anchors. Google's thresholds are anchors, so
 * they are bucket edges, and a p75 read from the buckets is rated exactly as the raw values would be.
 *
 * The layout is part of the stored data: changing it needs a migration that drops or rewrites the
 * rows of `web_vitals_daily` (docs/decisions/031).
 */
const anchors: Record<VitalMetric, readonly number[]> = {
  LCP: [50, 2500, 4000, 120_000],
  // Browsers round interaction durations to 8 ms.
  INP: [8, 200, 500, 60_000],
  CLS: [0.001, 0.1, 0.25, 100],
};

/** The widest a bucket may be: its upper edge at most 10 % above its lower (1.098, so that rounding the edges keeps within 1.1). */
const maxRatio = 1.098;

function edgesFrom(points: readonly number[]): number[] {
  const edges = [0, 0];
  let previous: number | undefined;
  for (const point of points) {
    if (previous !== undefined) {
      const steps = Math.ceil(Math.log(point / previous) / Math.log(maxRatio));
      // Four significant digits keep the edges readable; the anchors themselves stay exact.
      for (let step = 1; step < steps; step++)
        edges.push(Number((previous * (point / previous) ** (step / steps)).toPrecision(4)));
    }
    edges.push(point);
    previous = point;
  }
  return edges;
}

/**
 * Bucket `i` holds the values `v` with `edges[i] < v <= edges[i + 1]` (bucket 0: `v == 0`); the last
 * edge is the largest value taken.
 */
export const bucketEdges: Record<VitalMetric, readonly number[]> = Object.fromEntries(
  vitalMetrics.map((metric) => [metric, edgesFrom(anchors[metric])]),
) as Record<VitalMetric, number[]>;

export const bucketCount = (metric: VitalMetric): number => bucketEdges[metric].length - 1;

/** The bucket a value falls in; values past the last edge go in the last bucket. */
export function bucketOf(metric: VitalMetric, value: number): number {
  const edges = bucketEdges[metric];
  // The first bucket whose upper edge is at or above the value.
  let low = 0;
  let high = edges.length - 2;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (value <= (edges[middle + 1] as number)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * The 75th percentile of the counted values (null when there are none): the bucket where the rank
 * 0.75 × n falls, and within it a straight line from its lower to its upper edge, as if its values
 * were spread evenly. Off by less than a bucket's width (10 %) at worst.
 */
export function percentile75(metric: VitalMetric, counts: readonly number[]): number | null {
  const edges = bucketEdges[metric];
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const rank = 0.75 * total;
  let below = 0;
  for (const [index, count] of counts.entries()) {
    if (count > 0 && below + count >= rank) {
      const low = edges[index] as number;
      const high = edges[index + 1] as number;
      // A rank at the top of the bucket is its upper edge exactly, so a threshold is never missed by a rounding error.
      return below + count === rank ? high : low + ((high - low) * (rank - below)) / count;
    }
    below += count;
  }
  return edges.at(-1) as number;
}

/**
 * What the back office shows of one metric: the samples, the p75 rounded up to a whole ms (or a
 * thousandth of CLS) and the rating of the figure shown. The thresholds are whole in those units, so
 * rounding up never carries a good p75 past one.
 */
export function summarise(
  metric: VitalMetric,
  counts: readonly number[],
): { samples: number; p75: number | null; rating: VitalRating | null } {
  const samples = counts.reduce((sum, count) => sum + count, 0);
  const p75 = percentile75(metric, counts);
  if (p75 === null) return { samples, p75: null, rating: null };
  const unit = metric === 'CLS' ? 1000 : 1;
  // The tolerance keeps 0.1 from becoming 0.101 through binary fractions.
  const shown = Math.ceil(p75 * unit - 1e-6) / unit;
  return { samples, p75: shown, rating: vitalRating(metric, shown) };
}
