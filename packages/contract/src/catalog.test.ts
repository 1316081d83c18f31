import { describe, expect, it } from 'vitest';
import { productListQuery, suggestQuery } from './catalog.ts';

describe('productListQuery', () => {
  it('fills the spec defaults: page 1, 12 per page, default sort', () => {
    expect(productListQuery.parse({})).toEqual({ page: 1, limit: 12, sort: 'default', in_stock: false, exact: false });
  });

  it('reads comma lists of ids, with or without spaces', () => {
    expect(productListQuery.parse({ color: ' 3, 7,12 ', size: '1' })).toMatchObject({ color: [3, 7, 12], size: [1] });
  });

  it('treats blank values as absent', () => {
    expect(productListQuery.parse({ search: '  ', color: '', min_price: '' })).toEqual(productListQuery.parse({}));
  });

  it.each([
    [{ limit: '13' }, 'limit'],
    [{ page: '0' }, 'page'],
    [{ page: 'abc' }, 'page'],
    [{ sort: 'price' }, 'sort'],
    [{ color: '1,x' }, 'color'],
    [{ color: '1,,2' }, 'color'],
    [{ min_price: '-1' }, 'min_price'],
    [{ search: 'x'.repeat(201) }, 'search'],
  ])('rejects %o naming %s', (input, field) => {
    const result = productListQuery.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path[0])).toEqual([field]);
  });

  it('accepts every page size of the spec', () => {
    for (const limit of [12, 25, 50, 75, 100])
      expect(productListQuery.parse({ limit: String(limit) }).limit).toBe(limit);
  });
});

describe('suggestQuery', () => {
  it('trims and defaults to an empty query', () => {
    expect(suggestQuery.parse({})).toEqual({ q: '' });
    expect(suggestQuery.parse({ q: '  куртка ' })).toEqual({ q: 'куртка' });
  });
});
