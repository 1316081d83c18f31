import type { ProductList } from '@kram/contract/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, pgliteOnly, type TestContext } from '../../../test/helpers.ts';
import { bearer, grantStaff, signIn, signUp, type TestUser } from '../../../test/users.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
interface Call {
  method: Method;
  url: string;
  payload?: object;
}

/** Every call that needs a signed-in shopper, with a valid body. */
const protectedCalls = (productId: number): Call[] => [
  { method: 'GET', url: '/api/user-profile/' },
  { method: 'PATCH', url: '/api/user-profile/', payload: { first_name: 'Змінено' } },
  { method: 'GET', url: '/api/wishlist/' },
  { method: 'POST', url: '/api/wishlist/', payload: { product_id: productId } },
  { method: 'DELETE', url: '/api/wishlist/remove/', payload: { product_id: productId } },
  { method: 'POST', url: '/api/rate-product/', payload: { product_id: productId, rating: 4 } },
];

describe.each(pgliteOnly)('access control on %s', (backend) => {
  let ctx: TestContext;
  let a: TestUser;
  let b: TestUser;
  let staff: TestUser;
  let products: number[];

  const call = async ({ method, url, payload }: Call, token?: string) => {
    const res = await ctx.app.inject({ method, url, payload, headers: token ? bearer(token) : {} });
    return { status: res.statusCode, body: res.body ? res.json() : null };
  };
  const wishlistIds = async (user: TestUser) =>
    (await call({ method: 'GET', url: '/api/wishlist/' }, user.access)).body.results.map(
      (e: { product: { id: number } }) => e.product.id,
    );

  beforeAll(async () => {
    // The app as `npm start` builds it, storefront build included: a fault of the process as shipped
    // (the API document it serves, the routes it adds) shows here too.
    ctx = await createTestContext(backend, {}, { storefront: true });
    a = await signUp(ctx.app, { first_name: 'Анна' });
    b = await signUp(ctx.app, { first_name: 'Богдан' });
    const made = await signUp(ctx.app, { first_name: 'Степан' });
    await grantStaff(ctx.database, made.id);
    staff = { ...made, ...(await signIn(ctx.app, made.email, made.password)) };
    const list = (await ctx.app.inject('/api/products?limit=25')).json() as ProductList;
    products = list.results.products.map((p) => p.id);
  });
  afterAll(() => ctx?.close());

  describe('an anonymous visitor', () => {
    it.each(protectedCalls(1).map((c) => [`${c.method} ${c.url}`, c] as const))('gets 401 from %s', async (_, c) => {
      expect(await call(c)).toEqual({
        status: 401,
        body: { detail: 'Authentication credentials were not provided.', code: 'not_authenticated' },
      });
    });

    it.each(protectedCalls(1).map((c) => [`${c.method} ${c.url}`, c] as const))(
      'gets 401 from %s with a token that is not valid',
      async (_, c) => {
        expect(await call(c, `${a.access.slice(0, -2)}xx`)).toEqual({
          status: 401,
          body: { detail: 'Given token not valid for any token type', code: 'token_not_valid' },
        });
      },
    );

    it('may read average ratings', async () => {
      expect((await call({ method: 'GET', url: `/api/rate-product/?product_id=${products[0]}` })).status).toBe(200);
    });
  });

  describe('every signed-in actor', () => {
    it.each(['a', 'b', 'staff'] as const)('%s may make every protected call', async (who) => {
      const user = { a, b, staff }[who];
      for (const c of protectedCalls(products[10] as number)) {
        const res = await call(c, user.access);
        expect([200, 201, 204], `${c.method} ${c.url}: ${JSON.stringify(res.body)}`).toContain(res.status);
      }
    });
  });

  describe('one shopper never sees or changes another’s data', () => {
    it('profile: each sees their own, and a change touches only the one who made it', async () => {
      expect((await call({ method: 'GET', url: '/api/user-profile/' }, a.access)).body.email).toBe(a.email);
      expect((await call({ method: 'GET', url: '/api/user-profile/' }, b.access)).body.email).toBe(b.email);
      expect((await call({ method: 'GET', url: '/api/user-profile/' }, staff.access)).body.email).toBe(staff.email);

      await call({ method: 'PATCH', url: '/api/user-profile/', payload: { last_name: 'Лише-А' } }, a.access);
      expect((await call({ method: 'GET', url: '/api/user-profile/' }, b.access)).body.last_name).toBe('Шевченко');
      expect((await call({ method: 'GET', url: '/api/user-profile/' }, staff.access)).body.last_name).toBe('Шевченко');
    });

    it('profile: a body cannot name another account', async () => {
      const before = (await call({ method: 'GET', url: '/api/user-profile/' }, b.access)).body;
      for (const payload of [{ id: b.id, first_name: 'X' }, { user_id: b.id }, { email: b.email }]) {
        expect((await call({ method: 'PATCH', url: '/api/user-profile/', payload }, a.access)).status).toBe(400);
      }
      expect((await call({ method: 'GET', url: '/api/user-profile/' }, b.access)).body).toEqual(before);
    });

    it('wishlist: separate lists, and removing from one leaves the others', async () => {
      const [p1, p2, p3] = products as [number, number, number];
      await call({ method: 'POST', url: '/api/wishlist/', payload: { product_id: p1 } }, a.access);
      await call({ method: 'POST', url: '/api/wishlist/', payload: { product_id: p2 } }, b.access);
      await call({ method: 'POST', url: '/api/wishlist/', payload: { product_id: p3 } }, staff.access);
      expect(await wishlistIds(a)).toContain(p1);
      expect(await wishlistIds(a)).not.toContain(p2);
      expect(await wishlistIds(b)).toContain(p2);
      expect(await wishlistIds(b)).not.toContain(p1);

      expect(
        (await call({ method: 'DELETE', url: '/api/wishlist/remove/', payload: { product_id: p2 } }, a.access)).status,
      ).toBe(204);
      expect(await wishlistIds(b)).toContain(p2);
      expect(
        (await call({ method: 'DELETE', url: '/api/wishlist/remove/', payload: { product_id: p3 } }, b.access)).status,
      ).toBe(204);
      expect(await wishlistIds(staff)).toContain(p3);

      const forged = await call(
        { method: 'POST', url: '/api/wishlist/', payload: { product_id: p1, user_id: b.id } },
        a.access,
      );
      expect(forged.status).toBe(400);
      expect(await wishlistIds(b)).not.toContain(p1);
    });

    it('ratings: each shopper has one rating, and re-rating replaces only their own', async () => {
      const product = products[20] as number;
      const rate = (user: TestUser, rating: number) =>
        call({ method: 'POST', url: '/api/rate-product/', payload: { product_id: product, rating } }, user.access);
      const average = async () =>
        (await call({ method: 'GET', url: `/api/rate-product/?product_id=${product}` })).body.average_rating;

      expect((await rate(a, 5)).body).toEqual({ product_id: product, rating: 5, average_rating: 5 });
      expect((await rate(b, 1)).body.average_rating).toBe(3);
      expect((await rate(a, 3)).body.average_rating).toBe(2);
      expect((await rate(staff, 2)).body.average_rating).toBe(2);
      expect(await average()).toBe(2);
      expect(
        (
          await call(
            { method: 'POST', url: '/api/rate-product/', payload: { product_id: product, rating: 5, user_id: b.id } },
            a.access,
          )
        ).status,
      ).toBe(400);
      expect(await average()).toBe(2);
    });
  });
});
