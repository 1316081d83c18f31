import { describe, expect, it } from 'vitest';
import { vitalFigure } from './vitals-format.ts';

describe('a vital as the dashboard writes it', () => {
  it('writes LCP and INP in whole milliseconds, grouped the Ukrainian way', () => {
    expect(vitalFigure('LCP', 1834)).toBe('1\u00a0834');
    expect(vitalFigure('LCP', 12_500)).toBe('12\u00a0500');
    expect(vitalFigure('INP', 96)).toBe('96');
  });

  it('writes CLS with a decimal comma and two or three places', () => {
    expect(vitalFigure('CLS', 0)).toBe('0,00');
    expect(vitalFigure('CLS', 0.1)).toBe('0,10');
    expect(vitalFigure('CLS', 0.101)).toBe('0,101');
  });
});
