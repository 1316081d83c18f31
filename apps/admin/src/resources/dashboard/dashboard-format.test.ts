import { describe, expect, it } from 'vitest';
import { axisLabel, dayLabel, niceScale } from './dashboard-format.ts';

describe('the dashboard’s formats', () => {
  it('writes days the Ukrainian way', () => {
    expect(dayLabel('2026-11-03')).toBe('03.11');
    expect(dayLabel('2026-11-03', true)).toBe('03.11.2026');
  });

  it('rounds the chart’s top up to steps of 1, 2 or 5 times a power of ten', () => {
    expect(niceScale(9340)).toEqual({ top: 10_000, step: 5000 });
    expect(niceScale(8000)).toEqual({ top: 8000, step: 2000 });
    expect(niceScale(123.45)).toEqual({ top: 150, step: 50 });
    expect(niceScale(1)).toEqual({ top: 1, step: 0.5 });
    expect(niceScale(40_001)).toEqual({ top: 60_000, step: 20_000 });
  });

  it('draws an empty month on a scale of its own', () => {
    expect(niceScale(0)).toEqual({ top: 4, step: 1 });
  });

  it('writes axis figures with the Ukrainian thousands separator', () => {
    expect(axisLabel(25_000).replace(/\s/g, ' ')).toBe('25 000');
  });
});
