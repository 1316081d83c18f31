import { describe, expect, it } from 'vitest';
import { padPage, pageCount, pageNumbers } from './pagination-window';

describe('pagination window', () => {
  it('shows every page up to 9', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(5, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pageNumbers(1, 0)).toEqual([]);
  });

  it('shows 9 pages around the current one beyond that, held at the ends', () => {
    expect(pageNumbers(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pageNumbers(5, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pageNumbers(6, 20)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageNumbers(12, 20)).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16]);
    expect(pageNumbers(20, 20)).toEqual([12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(pageNumbers(10, 10)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('pads numbers to two digits', () => {
    expect(padPage(1)).toBe('01');
    expect(padPage(12)).toBe('12');
    expect(padPage(123)).toBe('123');
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 12)).toBe(1);
    expect(pageCount(12, 12)).toBe(1);
    expect(pageCount(13, 12)).toBe(2);
  });
});
