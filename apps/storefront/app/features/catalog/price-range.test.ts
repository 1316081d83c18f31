import { describe, expect, it } from 'vitest';
import { clampMaxPrice, clampMinPrice } from './price-range';

const bounds = { min: 100, max: 5000 };

describe('price filter clamping', () => {
  it('keeps the minimum between the category minimum and the current maximum', () => {
    expect(clampMinPrice('50', bounds, 3000)).toBe(100);
    expect(clampMinPrice('700', bounds, 3000)).toBe(700);
    expect(clampMinPrice('4000', bounds, 3000)).toBe(3000);
  });

  it('keeps the maximum between the current minimum and the category maximum', () => {
    expect(clampMaxPrice('9000', bounds, 700)).toBe(5000);
    expect(clampMaxPrice('2500', bounds, 700)).toBe(2500);
    expect(clampMaxPrice('300', bounds, 700)).toBe(700);
  });

  it('falls back to the category bound for input that is not a number', () => {
    expect(clampMinPrice('abc', bounds, 3000)).toBe(100);
    expect(clampMinPrice('', bounds, 3000)).toBe(100);
    expect(clampMaxPrice('1e', bounds, 700)).toBe(5000);
    expect(clampMaxPrice('  ', bounds, 700)).toBe(5000);
  });

  it('reads a decimal comma', () => {
    expect(clampMinPrice('150,5', bounds, 3000)).toBe(150.5);
  });
});
