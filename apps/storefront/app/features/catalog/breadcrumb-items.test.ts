import type { CategoryNode } from '@kram/contract/catalog';
import { describe, expect, it } from 'vitest';
import { breadcrumbItems } from './breadcrumb-items';

const leaf = (id: number, slug: string, name: string, name_ru: string): CategoryNode => ({
  id,
  slug,
  name,
  name_ru,
  subcategories: [],
});
const tree: CategoryNode[] = [
  {
    ...leaf(1, 'odyag', 'Одяг', 'Одежда'),
    subcategories: [
      {
        ...leaf(2, 'verkhnii-odyag', 'Верхній одяг', 'Верхняя одежда'),
        subcategories: [leaf(3, 'kurtky', 'Куртки', '')],
      },
    ],
  },
];

const shown = (items: ReturnType<typeof breadcrumbItems>) => items.map((c) => [c.labelKey ?? c.label, c.href] as const);

describe('breadcrumbs', () => {
  it('name category paths by their categories, in the language', () => {
    expect(shown(breadcrumbItems('/category/odyag/verkhnii-odyag', tree, 'uk'))).toEqual([
      ['breadcrumbs.home', '/'],
      ['Одяг', '/category/odyag'],
      ['Верхній одяг', '/category/odyag/verkhnii-odyag'],
    ]);
    expect(shown(breadcrumbItems('/category/odyag/verkhnii-odyag', tree, 'ru')).slice(1)).toEqual([
      ['Одежда', '/category/odyag'],
      ['Верхняя одежда', '/category/odyag/verkhnii-odyag'],
    ]);
  });

  it('fall back to the Ukrainian name when the Russian one is empty', () => {
    expect(shown(breadcrumbItems('/category/odyag/verkhnii-odyag/kurtky', tree, 'ru')).at(-1)).toEqual([
      'Куртки',
      '/category/odyag/verkhnii-odyag/kurtky',
    ]);
  });

  it('end a product path with the product name', () => {
    expect(
      shown(breadcrumbItems('/product/odyag/verkhnii-odyag/kurtky/patriot', tree, 'uk', 'Куртка Patriot')),
    ).toEqual([
      ['breadcrumbs.home', '/'],
      ['Одяг', '/category/odyag'],
      ['Верхній одяг', '/category/odyag/verkhnii-odyag'],
      ['Куртки', '/category/odyag/verkhnii-odyag/kurtky'],
      ['Куртка Patriot', '/product/odyag/verkhnii-odyag/kurtky/patriot'],
    ]);
  });

  it('name static pages by the fixed table and other unknown segments "Page"', () => {
    expect(shown(breadcrumbItems('/delivery', tree, 'uk'))).toEqual([
      ['breadcrumbs.home', '/'],
      ['breadcrumbs.delivery', '/delivery'],
    ]);
    expect(shown(breadcrumbItems('/category/odyag/nope/kurtky', tree, 'uk'))).toEqual([
      ['breadcrumbs.home', '/'],
      ['Одяг', '/category/odyag'],
      ['breadcrumbs.page', '/category/odyag/nope'],
      ['breadcrumbs.page', '/category/odyag/nope/kurtky'],
    ]);
  });

  it('find no names on Object.prototype for segments like valueOf, and keep malformed escapes', () => {
    for (const key of ['valueOf', '__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(shown(breadcrumbItems(`/category/${key}`, tree, 'uk')), key).toEqual([
        ['breadcrumbs.home', '/'],
        ['breadcrumbs.page', `/category/${key}`],
      ]);
      expect(shown(breadcrumbItems(`/${key}`, tree, 'uk')), key).toEqual([
        ['breadcrumbs.home', '/'],
        ['breadcrumbs.page', `/${key}`],
      ]);
    }
    expect(shown(breadcrumbItems('/product/%E0%A4%A', tree, 'uk', 'X'))).toEqual([
      ['breadcrumbs.home', '/'],
      ['X', '/product/%E0%A4%A'],
    ]);
  });
});
