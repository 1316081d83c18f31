import type { AdminRating } from '@kram/contract/admin-inbox';
import type { Product } from '@kram/contract/catalog';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dialectBackends, type TestContext } from '../../../test/helpers.ts';
import { bearer, signUp, staffUser, type TestUser } from '../../../test/users.ts';

describe.each(dialectBackends)('the shoppers’ ratings in the back office on %s', (backend) => {
  let ctx: TestContext;
  let staff: TestUser;

  const call = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(user.access), ...(payload ? { payload } : {}) });

  async function ok<T>(url: string, payload?: object, user = staff): Promise<T> {
    const res = await call(user, payload ? 'POST' : 'GET', url, payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  }

  describe('ratings', () => {
    let products: Product[];
    let shoppers: TestUser[];
    const ratings = (query = '') => ok<{ count: number; results: AdminRating[] }>(`/api/admin/ratings/?${query}`);

    beforeAll(async () => {
      ctx = await createTestContext(backend);
      staff = await staffUser(ctx.app, ctx.database);
      products = (await ctx.app.inject('/api/products?limit=12')).json().results.products.slice(0, 2);
      shoppers = [await signUp(ctx.app), await signUp(ctx.app)];
      const rate = async (user: TestUser, product: Product, rating: number) => {
        const res = await call(user, 'POST', '/api/rate-product/', { product_id: product.id, rating });
        expect(res.statusCode, res.body).toBe(200);
      };
      const [a, b] = shoppers as [TestUser, TestUser];
      const [p, q] = products as [Product, Product];
      await rate(a, p, 5);
      await rate(b, p, 2);
      await rate(a, q, 4);
      await ctx.database.db.execute(
        sql`update ratings set updated_at = '2026-10-01T00:00:00Z', created_at = '2026-10-01T00:00:00Z' where user_id = ${b.id}`,
      );
    });
    afterAll(() => ctx?.close());

    it('lists every rating with its product and shopper, last changed first', async () => {
      const [a, b] = shoppers as [TestUser, TestUser];
      const [p, q] = products as [Product, Product];
      const page = await ratings();
      expect(page.count).toBe(3);
      expect(page.results.at(-1)).toEqual({
        id: `${p.id}-${b.id}`,
        product_id: p.id,
        product_name: p.name,
        product_name_ru: p.name_ru,
        product_slug: p.slug,
        user_id: b.id,
        user_email: b.email,
        rating: 2,
        created_at: '2026-10-01T00:00:00.000Z',
        updated_at: '2026-10-01T00:00:00.000Z',
      });
      expect(
        page.results
          .map((r) => r.id)
          .slice(0, 2)
          .sort(),
      ).toEqual([`${p.id}-${a.id}`, `${q.id}-${a.id}`].sort());
    });

    it('filters by product, shopper, rating and text, and sorts by rating', async () => {
      const [a, b] = shoppers as [TestUser, TestUser];
      const [p, q] = products as [Product, Product];
      const ids = async (query: string) => (await ratings(query)).results.map((r) => r.id);
      expect((await ids(`product_id=${p.id}`)).sort()).toEqual([`${p.id}-${a.id}`, `${p.id}-${b.id}`].sort());
      expect((await ids(`user_id=${a.id}`)).sort()).toEqual([`${p.id}-${a.id}`, `${q.id}-${a.id}`].sort());
      expect(await ids('rating=2')).toEqual([`${p.id}-${b.id}`]);
      expect(await ids(`q=${encodeURIComponent(b.email.toUpperCase())}`)).toEqual([`${p.id}-${b.id}`]);
      expect(await ids(`q=${q.slug}`)).toEqual([`${q.id}-${a.id}`]);
      expect(await ids(`q=${encodeURIComponent(q.name_ru)}`)).toEqual([`${q.id}-${a.id}`]);
      expect((await ratings('sort=rating&order=desc')).results.map((r) => r.rating)).toEqual([5, 4, 2]);
      expect((await ratings('sort=rating&page=2&page_size=2')).results.map((r) => r.rating)).toEqual([5]);
      for (const bad of ['rating=6', 'rating=0', 'id=1', 'sort=product_id']) {
        expect((await call(staff, 'GET', `/api/admin/ratings/?${bad}`)).statusCode, bad).toBe(400);
      }
    });
  });
});
