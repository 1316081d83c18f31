import { type VitalMetric, vitalMaxima, vitalMetrics, vitalThresholds } from '@kram/contract/vitals-rules';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bucketCount, bucketEdges, bucketOf, percentile75, summarise } from './vitals-histogram.ts';

/** A histogram of `values`, as the recorder counts them. */
function histogram(metric: VitalMetric, values: readonly number[]): number[] {
  const counts = new Array<number>(bucketCount(metric)).fill(0);
  for (const value of values) counts[bucketOf(metric, value)] = (counts[bucketOf(metric, value)] ?? 0) + 1;
  return counts;
}

/** The p75 of raw values by nearest rank: the value at rank ⌈0.75 n⌉. */
function exactP75(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(0.75 * sorted.length) - 1] as number;
}

const value = (metric: VitalMetric) =>
  fc.oneof(
    fc.double({ min: 0, max: vitalMaxima[metric], noNaN: true }),
    // Values near the thresholds and exact zeros, where the rating turns.
    fc.constantFrom(0, ...vitalThresholds[metric]),
    fc.double({ min: vitalThresholds[metric][0] * 0.8, max: vitalThresholds[metric][1] * 1.2, noNaN: true }),
  );

describe('the vitals histogram', () => {
  it('has a fixed layout: stored rows depend on it', () => {
    expect(vitalMetrics.map(bucketCount)).toEqual([87, 99, 127]);
    expect(bucketEdges.LCP.slice(0, 4)).toEqual([0, 0, 50, 54.88]);
    expect(bucketEdges.INP.at(-1)).toBe(60_000);
    expect(bucketEdges.CLS.at(-1)).toBe(100);
  });

  it.each(vitalMetrics)('%s: buckets grow by at most 10 %%, and both thresholds are edges', (metric) => {
    const edges = bucketEdges[metric];
    for (let i = 2; i < edges.length - 1; i++) {
      const [low, high] = [edges[i] as number, edges[i + 1] as number];
      expect(high).toBeGreaterThan(low);
      expect(high / low).toBeLessThanOrEqual(1.1);
    }
    for (const threshold of vitalThresholds[metric]) expect(edges).toContain(threshold);
    expect(edges.at(-1)).toBe(vitalMaxima[metric]);
  });

  it('puts a value in the bucket whose upper edge is the first at or above it; zeros apart', () => {
    expect(bucketOf('CLS', 0)).toBe(0);
    expect(bucketOf('CLS', 0.0001)).toBe(1);
    expect(bucketOf('CLS', 0.001)).toBe(1);
    expect(bucketOf('CLS', 0.00105)).toBe(2);
    const goodLcp = bucketEdges.LCP.indexOf(2500) - 1;
    expect(bucketOf('LCP', 2500)).toBe(goodLcp);
    expect(bucketOf('LCP', 2500.01)).toBe(goodLcp + 1);
    expect(bucketOf('LCP', 120_000)).toBe(bucketCount('LCP') - 1);
  });

  it('reads the p75 at the rank 0.75 n, straight across its bucket', () => {
    expect(percentile75('LCP', histogram('LCP', []))).toBeNull();
    // Mostly pages without a shift: the p75 is exactly 0.
    expect(percentile75('CLS', histogram('CLS', [0, 0, 0, 0.3]))).toBe(0);
    // One value: three quarters of the way across its bucket (2500, 2600].
    const above = bucketEdges.LCP[bucketOf('LCP', 2550) + 1] as number;
    expect(percentile75('LCP', histogram('LCP', [2550]))).toBeCloseTo(2500 + 0.75 * (above - 2500), 9);
    // Three of four at or under 2500 ms: the rank ends at the bucket's top, 2500 itself.
    expect(percentile75('LCP', histogram('LCP', [900, 1200, 2400, 5000]))).toBe(2500);
    // 100 values 1…100 ms of INP: p75 is 75 ms give or take a bucket.
    const inp = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile75('INP', histogram('INP', inp))).toBeGreaterThan(75 / 1.1);
    expect(percentile75('INP', histogram('INP', inp))).toBeLessThan(75 * 1.1);
  });

  it.each(vitalMetrics)('%s: the p75 is within a bucket of the exact one, and rated as the exact one', (metric) => {
    fc.assert(
      fc.property(fc.array(value(metric), { minLength: 1, maxLength: 300 }), (values) => {
        const exact = exactP75(values);
        const summary = summarise(metric, histogram(metric, values));
        expect(summary.samples).toBe(values.length);
        const read = summary.p75 as number;
        const bucket = bucketOf(metric, exact);
        const [low, high] = [bucketEdges[metric][bucket] as number, bucketEdges[metric][bucket + 1] as number];
        // In the exact value's bucket (or, rounded up, a hair over its edge).
        expect(read).toBeGreaterThanOrEqual(low);
        expect(read).toBeLessThanOrEqual(
          Math.ceil(high * (metric === 'CLS' ? 1000 : 1)) / (metric === 'CLS' ? 1000 : 1),
        );
        const [good, poor] = vitalThresholds[metric];
        expect(summary.rating).toBe(exact <= good ? 'good' : exact <= poor ? 'needs_improvement' : 'poor');
      }),
      { numRuns: 300 },
    );
  });

  it('rounds the p75 up, to a whole ms and a thousandth of CLS, and rates what it shows', () => {
    expect(summarise('LCP', histogram('LCP', [2550])).p75).toBe(
      Math.ceil(percentile75('LCP', histogram('LCP', [2550])) as number),
    );
    expect(summarise('CLS', histogram('CLS', [0.05, 0.06, 0.1, 0.2]))).toEqual({
      samples: 4,
      p75: 0.1,
      rating: 'good',
    });
    expect(summarise('INP', histogram('INP', [40, 600, 700, 800]))).toMatchObject({ samples: 4, rating: 'poor' });
    expect(summarise('INP', [])).toEqual({ samples: 0, p75: null, rating: null });
  });
});
