import type { CategoryNode } from '@kram/contract/catalog';
import { describe, expect, it } from 'vitest';
import { listingSlugs, listingStatus, productAddress, searchQuery } from './route-rules';

const node = (slug: string, subcategories: CategoryNode[] = []): CategoryNode => ({
  id: slug.length,
  slug,
  name: slug,
  name_ru: slug,
  subcategories,
});
// odyag > verkhnii-odyag > kurtky, and взуття beside it.
const tree = [node('odyag', [node('verkhnii-odyag', [node('kurtky')]), node('shtany')]), node('vzuttia')];

describe('the catalogue address', () => {
  it('reads one to three slugs from the route, top first', () => {
    expect(listingSlugs({ parent: 'odyag' })).toEqual(['odyag']);
    expect(listingSlugs({ parent: 'odyag', child: 'verkhnii-odyag' })).toEqual(['odyag', 'verkhnii-odyag']);
    expect(listingSlugs({ parent: 'odyag', child: 'verkhnii-odyag', subchild: 'kurtky' })).toEqual([
      'odyag',
      'verkhnii-odyag',
      'kurtky',
    ]);
  });

  it('is a listing when each slug is a subcategory of the one before', () => {
    expect(listingStatus(tree, ['odyag'])).toBe(200);
    expect(listingStatus(tree, ['vzuttia'])).toBe(200);
    expect(listingStatus(tree, ['odyag', 'shtany'])).toBe(200);
    expect(listingStatus(tree, ['odyag', 'verkhnii-odyag', 'kurtky'])).toBe(200);
  });

  it('is not found for an unknown slug, a category under the wrong parent, or a path that skips a level', () => {
    expect(listingStatus(tree, ['no-such-category'])).toBe(404);
    expect(listingStatus(tree, ['vzuttia', 'shtany'])).toBe(404);
    expect(listingStatus(tree, ['odyag', 'kurtky'])).toBe(404);
    expect(listingStatus(tree, ['verkhnii-odyag'])).toBe(404);
    expect(listingStatus(tree, ['odyag', 'verkhnii-odyag', 'no-such-category'])).toBe(404);
    expect(listingStatus([], ['odyag'])).toBe(404);
  });

  it('is not found with no slug or more than three', () => {
    expect(listingStatus(tree, [])).toBe(404);
    const deep = [node('a', [node('b', [node('c', [node('d')])])])];
    expect(listingStatus(deep, ['a', 'b', 'c'])).toBe(200);
    expect(listingStatus(deep, ['a', 'b', 'c', 'd'])).toBe(404);
  });
});

describe('the product address', () => {
  it('is one to three category slugs, then the product slug', () => {
    expect(productAddress('odyag/kurtka-m65')).toEqual({ categorySlugs: ['odyag'], productSlug: 'kurtka-m65' });
    expect(productAddress('odyag/verkhnii-odyag/kurtka-m65')).toEqual({
      categorySlugs: ['odyag', 'verkhnii-odyag'],
      productSlug: 'kurtka-m65',
    });
    expect(productAddress('odyag/verkhnii-odyag/kurtky/kurtka-m65')).toEqual({
      categorySlugs: ['odyag', 'verkhnii-odyag', 'kurtky'],
      productSlug: 'kurtka-m65',
    });
  });

  it('is nothing with fewer than two segments or more than four', () => {
    expect(productAddress('')).toBeNull();
    expect(productAddress('kurtka-m65')).toBeNull();
    expect(productAddress('kurtka-m65/')).toBeNull();
    expect(productAddress('a/b/c/d/kurtka-m65')).toBeNull();
  });

  it('ignores empty segments (a trailing or doubled slash)', () => {
    expect(productAddress('odyag/kurtka-m65/')).toEqual({ categorySlugs: ['odyag'], productSlug: 'kurtka-m65' });
    expect(productAddress('odyag//kurtka-m65')).toEqual({ categorySlugs: ['odyag'], productSlug: 'kurtka-m65' });
  });
});

describe('the search query', () => {
  it('is the query parameter without surrounding blanks', () => {
    expect(searchQuery(new URLSearchParams('query=%20%20kurtka%20m65%20'))).toBe('kurtka m65');
  });

  it('is blank without one, or when it is only blanks', () => {
    expect(searchQuery(new URLSearchParams(''))).toBe('');
    expect(searchQuery(new URLSearchParams('query=%20%20%20'))).toBe('');
    expect(searchQuery(new URLSearchParams('page=2'))).toBe('');
  });

  it('keeps at most 200 characters', () => {
    expect(searchQuery(new URLSearchParams({ query: 'ж'.repeat(250) }))).toBe('ж'.repeat(200));
    expect(searchQuery(new URLSearchParams({ query: 'ж'.repeat(200) }))).toHaveLength(200);
  });
});
