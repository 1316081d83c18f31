import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers.ts';
import { bearer, signUp, staffUser, type TestUser } from '../../test/users.ts';

/** Every API operation of the document, as `METHOD /path` with its path parameters filled in. */
function operations(ctx: TestContext): { method: string; url: string }[] {
  const paths = (ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
  return Object.entries(paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map((method) => ({ method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, '1') })),
  );
}

/** What any guest may be given from a shared cache: the catalogue and what the storefront reads like it. */
const shared = new Set([
  'GET /api/categories/',
  'GET /api/products',
  'GET /api/products/1',
  'GET /api/search/suggest',
  'GET /api/home-content/',
  'GET /api/rate-product/',
  'GET /api/sitemap/',
  'GET /api/sitemap/products/',
  'GET /api/novaposhta/cities/',
  'GET /api/novaposhta/warehouses/',
]);

describe('caching of API answers', () => {
  let ctx: TestContext;
  let shopper: TestUser;
  let staff: TestUser;

  beforeAll(async () => {
    ctx = await createTestContext('pglite');
    shopper = await signUp(ctx.app);
    staff = await staffUser(ctx.app, ctx.database);
  });
  afterAll(() => ctx?.close());

  it('answers every operation but the shared ones with no-store, whatever the answer', {
    timeout: 120_000,
  }, async () => {
    ctx.allowErrorLogs(/./);
    const checked: string[] = [];
    for (const { method, url } of operations(ctx)) {
      const name = `${method} ${url}`;
      if (shared.has(name) || url.includes('/webhook/')) continue;
      // As a guest: the rule does not depend on the answer (a 401, a 400 or a 200 alike).
      const res = await ctx.app.inject({ method: method as 'GET', url });
      expect(res.headers['cache-control'], `${name} ${res.statusCode}`).toBe('no-store');
      checked.push(name);
    }
    // The brief's private answers are among them.
    for (const name of [
      'GET /api/user-profile/',
      'GET /api/orders/',
      'GET /api/wishlist/',
      'POST /api/login/',
      'POST /api/token/refresh/',
      'GET /api/orders/1/status/',
      'GET /api/admin/dashboard/',
      'GET /api/admin/orders/export.csv',
    ]) {
      expect(checked).toContain(name);
    }
  });

  it('answers a signed-in shopper’s own data, and the back office’s, with no-store', async () => {
    for (const [url, who] of [
      ['/api/user-profile/', shopper],
      ['/api/orders/', shopper],
      ['/api/wishlist/', shopper],
      ['/api/admin/dashboard/', staff],
      ['/api/admin/customers/', staff],
      ['/api/admin/orders/export.csv', staff],
    ] as const) {
      const res = await ctx.app.inject({ url, headers: bearer(who.access) });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('keeps the catalogue’s guest answers cacheable, and a signed-in shopper’s (with prices) private', async () => {
    const [first] = (await ctx.app.inject('/api/products?limit=12')).json().results.products;
    for (const url of [
      '/api/products?limit=12',
      `/api/products/${first.slug}`,
      '/api/categories/',
      '/api/home-content/',
    ]) {
      const guest = await ctx.app.inject(url);
      expect(guest.statusCode, url).toBe(200);
      expect(guest.headers['cache-control'], url).toBeUndefined();
      const signedIn = await ctx.app.inject({ url, headers: bearer(shopper.access) });
      expect(signedIn.statusCode, url).toBe(200);
      expect(signedIn.headers['cache-control'], url).toBe('no-store');
    }
  });
});
