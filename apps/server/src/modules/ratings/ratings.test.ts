import type { ProductList } from '@kram/contract/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dialectBackends, type TestContext } from '../../../test/helpers.ts';
import { bearer, signUp, type TestUser } from '../../../test/users.ts';

describe.each(dialectBackends)('ratings on %s', (backend) => {
  let ctx: TestContext;
  let users: TestUser[];
  let productIds: number[];

  const average = async (query: string) => {
    const res = await ctx.app.inject({ url: `/api/rate-product/?${query}` });
    return { status: res.statusCode, body: res.json() };
  };
  const rate = async (payload: object, token?: string) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/rate-product/',
      payload,
      headers: token ? bearer(token) : {},
    });
    return { status: res.statusCode, body: res.json() };
  };

  beforeAll(async () => {
    ctx = await createTestContext(backend);
    users = [await signUp(ctx.app), await signUp(ctx.app), await signUp(ctx.app)];
    productIds = ((await ctx.app.inject('/api/products?limit=12')).json() as ProductList).results.products.map(
      (p) => p.id,
    );
  });
  afterAll(() => ctx?.close());

  it('reads 0 of 0 ratings for a product nobody has rated, without signing in', async () => {
    expect(await average(`product_id=${productIds[0]}`)).toEqual({
      status: 200,
      body: { average_rating: 0, rating_count: 0 },
    });
  });

  it('averages one rating per shopper to two places and counts them; rating again replaces it', async () => {
    const product_id = productIds[1] as number;
    const [a, b, c] = users as [TestUser, TestUser, TestUser];
    expect(await rate({ product_id, rating: 5 }, a.access)).toEqual({
      status: 200,
      body: { product_id, rating: 5, average_rating: 5 },
    });
    await rate({ product_id, rating: 4 }, b.access);
    await rate({ product_id, rating: 4 }, c.access);
    expect((await average(`product_id=${product_id}`)).body).toEqual({ average_rating: 4.33, rating_count: 3 });
    expect((await rate({ product_id, rating: 1 }, a.access)).body.average_rating).toBe(3);
    expect((await average(`product_id=${product_id}`)).body).toEqual({ average_rating: 3, rating_count: 3 });
  });

  it('answers 401 to a guest who rates', async () => {
    expect(await rate({ product_id: productIds[2], rating: 5 })).toEqual({
      status: 401,
      body: { detail: 'Authentication credentials were not provided.', code: 'not_authenticated' },
    });
  });

  it('answers 404 for a product that does not exist', async () => {
    const missing = { detail: 'No Product matches the given query.' };
    expect(await average('product_id=999999')).toEqual({ status: 404, body: missing });
    expect(await rate({ product_id: 999_999, rating: 3 }, users[0]?.access)).toEqual({ status: 404, body: missing });
  });

  it.each([0, 6, 2.5, '5', null])('refuses the rating %j', async (rating) => {
    const res = await rate({ product_id: productIds[3], rating }, users[0]?.access);
    expect(res).toEqual({ status: 400, body: { rating: [expect.any(String)] } });
  });

  it('refuses a bad or missing product_id and unknown fields', async () => {
    for (const query of ['', 'product_id=', 'product_id=abc', 'product_id=-1']) {
      const res = await average(query);
      expect(res.status, query).toBe(400);
      expect(Object.keys(res.body)).toEqual(['product_id']);
    }
    const res = await rate({ product_id: productIds[3], rating: 3, average_rating: 5 }, users[0]?.access);
    expect(res.status).toBe(400);
  });
});
