/**
 * The price filter's clamping (spec section 5): the minimum stays between the category's minimum and
 * the current maximum, the maximum between the current minimum and the category's maximum; input
 * that is not a number falls back to the category's bound.
 */
export interface PriceBounds {
  /** The category's bounds, from the listing's facets. */
  min: number;
  max: number;
}

function parse(raw: string): number | null {
  const text = raw.trim().replace(',', '.');
  if (text === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

const clamp = (n: number, low: number, high: number) => Math.min(Math.max(n, low), high);

export function clampMinPrice(raw: string, bounds: PriceBounds, currentMax: number): number {
  const n = parse(raw);
  if (n === null) return bounds.min;
  return clamp(n, bounds.min, Math.max(bounds.min, Math.min(currentMax, bounds.max)));
}

export function clampMaxPrice(raw: string, bounds: PriceBounds, currentMin: number): number {
  const n = parse(raw);
  if (n === null) return bounds.max;
  return clamp(n, Math.min(bounds.max, Math.max(currentMin, bounds.min)), bounds.max);
}
