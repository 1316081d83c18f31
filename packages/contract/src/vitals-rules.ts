/**
 * Core Web Vitals as the storefront measures them in shoppers' browsers (docs/decisions/031): the
 * metrics, the kinds of page they are counted under, the values taken and Google's ratings. No zod
 * here: the storefront's pages import this file, and zod loads only with its forms.
 */

/** Largest Contentful Paint and Interaction to Next Paint in milliseconds, Cumulative Layout Shift unitless. */
export const vitalMetrics = ['LCP', 'INP', 'CLS'] as const;
export type VitalMetric = (typeof vitalMetrics)[number];

/** The kind of storefront page a report comes from; never its address. */
export const pageTypes = [
  'home',
  'category',
  'product',
  'search',
  'static',
  'checkout',
  'account',
  'wishlist',
  'other',
] as const;
export type PageType = (typeof pageTypes)[number];

/** The largest value taken for each metric: beyond it a report is a broken clock or a forged one. */
export const vitalMaxima: Record<VitalMetric, number> = { LCP: 120_000, INP: 60_000, CLS: 100 };

/**
 * Google's thresholds: a value up to the first is good, up to the second needs improvement, and
 * above it is poor (web.dev/articles/vitals).
 */
export const vitalThresholds: Record<VitalMetric, readonly [good: number, poor: number]> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
};

export const vitalRatings = ['good', 'needs_improvement', 'poor'] as const;
export type VitalRating = (typeof vitalRatings)[number];

export function vitalRating(metric: VitalMetric, value: number): VitalRating {
  const [good, poor] = vitalThresholds[metric];
  if (value <= good) return 'good';
  return value <= poor ? 'needs_improvement' : 'poor';
}

/** A value the shop takes: a finite number from 0 to the metric's maximum. */
export const isVitalValue = (metric: VitalMetric, value: number): boolean =>
  Number.isFinite(value) && value >= 0 && value <= vitalMaxima[metric];
