import type { RouteConfigEntry } from '@react-router/dev/routes';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import routes from './routes';

// Which route module answers a path, as the router decides it from app/routes.ts.
const toObjects = (entries: RouteConfigEntry[]): RouteObject[] =>
  entries.map((e) =>
    e.index
      ? { id: e.file, index: true, path: e.path }
      : { id: e.file, path: e.path, children: e.children ? toObjects(e.children) : undefined },
  );
const tree = toObjects(routes);
const moduleFor = (path: string) => matchRoutes(tree, path)?.at(-1)?.route.id;

describe('the catalogue and product addresses', () => {
  it('lists a category path of one to three slugs', () => {
    expect(moduleFor('/category/odyag')).toBe('routes/catalog.tsx');
    expect(moduleFor('/category/odyag/verkhnii-odyag')).toBe('routes/catalog.tsx');
    expect(moduleFor('/category/odyag/verkhnii-odyag/kurtky')).toBe('routes/catalog.tsx');
  });

  it('has no page for /category alone or four slugs', () => {
    expect(moduleFor('/category')).toBe('routes/not-found.tsx');
    expect(moduleFor('/category/')).toBe('routes/not-found.tsx');
    expect(moduleFor('/category/odyag/verkhnii-odyag/kurtky/extra')).toBe('routes/not-found.tsx');
  });

  it('hands every /product/… path to the product page, whose loader checks the segments', () => {
    for (const path of [
      '/product/odyag/kurtka',
      '/product/a/b/c/kurtka',
      '/product/kurtka',
      '/product/a/b/c/d/kurtka',
    ]) {
      expect(moduleFor(path), path).toBe('routes/product.tsx');
    }
  });

  it('serves search with or without a query, the wishlist and the home page', () => {
    expect(moduleFor('/')).toBe('routes/home.tsx');
    expect(moduleFor('/search')).toBe('routes/search.tsx');
    expect(matchRoutes(tree, { pathname: '/search', search: '?query=kurtka' })?.at(-1)?.route.id).toBe(
      'routes/search.tsx',
    );
    expect(moduleFor('/wishlist')).toBe('routes/wishlist.tsx');
    expect(moduleFor('/no-such-page')).toBe('routes/not-found.tsx');
  });
});

describe('the Russian address space', () => {
  const routeIds = (entries: RouteConfigEntry[]): string[] =>
    entries.flatMap((e) => [e.id ?? e.file.replace(/\.tsx?$/, ''), ...routeIds(e.children ?? [])]);

  it('serves every page under /ru/ with the same module', () => {
    for (const path of [
      '/',
      '/category/odyag/verkhnii-odyag',
      '/product/odyag/kurtka',
      '/search',
      '/wishlist',
      '/checkout',
      '/success-order',
      '/delivery',
      '/contacts',
      '/about',
      '/conf',
      '/return',
      '/oferta',
      '/change-password',
      '/profile',
      '/profile-wishlist',
      '/profile-orders',
      '/no-such-page',
    ]) {
      expect(moduleFor(`/ru${path}`), `/ru${path}`).toBe(moduleFor(path));
    }
    expect(moduleFor('/ru')).toBe('routes/home.tsx');
    expect(moduleFor('/ru/category')).toBe('routes/not-found.tsx');
  });

  it('gives each language’s route an id of its own', () => {
    const ids = routeIds(routes);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(['routes/catalog', 'routes/catalog.ru']));
  });

  it('keeps the sitemaps and robots.txt in one place, not under /ru/', () => {
    expect(moduleFor('/sitemap.xml')).toBe('routes/sitemap.ts');
    expect(moduleFor('/sitemaps/products-2.xml')).toBe('routes/sitemap-file.ts');
    expect(moduleFor('/robots.txt')).toBe('routes/robots.ts');
    expect(moduleFor('/ru/sitemap.xml')).toBe('routes/not-found.tsx');
  });
});
