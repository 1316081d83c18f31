import type { Product, ProductList } from '@kram/contract/catalog';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dialectBackends, type TestContext } from '../../../test/helpers.ts';
import { bearer, signUp, type TestUser } from '../../../test/users.ts';

describe.each(dialectBackends)('wishlist on %s', (backend) => {
  let ctx: TestContext;
  let user: TestUser;
  let products: Product[];

  const wishlist = async (token = user.access) => {
    const res = await ctx.app.inject({ url: '/api/wishlist/', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return res.json() as { results: { product: Product }[] };
  };
  const add = async (payload: object, token = user.access) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/wishlist/', payload, headers: bearer(token) });
    return { status: res.statusCode, body: res.json() };
  };
  const remove = async (payload: object, token = user.access) => {
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/wishlist/remove/',
      payload,
      headers: bearer(token),
    });
    return { status: res.statusCode, body: res.body };
  };

  beforeAll(async () => {
    ctx = await createTestContext(backend);
    user = await signUp(ctx.app);
    const list = await ctx.app.inject({ url: '/api/products?limit=12', headers: bearer(user.access) });
    products = (list.json() as ProductList).results.products;
  });
  afterAll(() => ctx?.close());

  it('starts empty', async () => {
    const fresh = await signUp(ctx.app);
    expect(await wishlist(fresh.access)).toEqual({ results: [] });
  });

  it('adds a product and answers it as the catalogue does for a signed-in shopper, prices included', async () => {
    const product = products[0] as Product;
    const res = await add({ product_id: product.id });
    expect(res).toEqual({ status: 201, body: { product } });
    expect(product.price).toMatch(/^\d+\.\d{2}$/);
    const detail = await ctx.app.inject({ url: `/api/products/${product.slug}`, headers: bearer(user.access) });
    expect(res.body.product).toEqual(detail.json());
  });

  it('keeps one entry when a product is added twice, and lists the newest first', async () => {
    const shopper = await signUp(ctx.app);
    const [p1, p2, p3] = products as [Product, Product, Product];
    expect((await add({ product_id: p1.id }, shopper.access)).status).toBe(201);
    expect((await add({ product_id: p2.id }, shopper.access)).status).toBe(201);
    expect((await add({ product_id: p3.id }, shopper.access)).status).toBe(201);
    expect(await add({ product_id: p2.id }, shopper.access)).toEqual({ status: 200, body: { product: p2 } });
    const { results } = await wishlist(shopper.access);
    expect(results.map((e) => e.product.id)).toEqual([p3.id, p2.id, p1.id]);
    expect(results.every((e) => Object.keys(e).join() === 'product')).toBe(true);
  });

  it('removes a product, and answers 204 when it was not saved', async () => {
    const shopper = await signUp(ctx.app);
    const [p1, p2] = products as [Product, Product];
    await add({ product_id: p1.id }, shopper.access);
    await add({ product_id: p2.id }, shopper.access);
    expect(await remove({ product_id: p1.id }, shopper.access)).toEqual({ status: 204, body: '' });
    expect((await wishlist(shopper.access)).results.map((e) => e.product.id)).toEqual([p2.id]);
    expect(await remove({ product_id: p1.id }, shopper.access)).toEqual({ status: 204, body: '' });
  });

  it('answers 404 for a product that does not exist', async () => {
    expect(await add({ product_id: 999_999 })).toEqual({
      status: 404,
      body: { detail: 'No Product matches the given query.' },
    });
  });

  it.each([
    [{}, 'product_id'],
    [{ product_id: 'abc' }, 'product_id'],
    [{ product_id: 1.5 }, 'product_id'],
    [{ product_id: 0 }, 'product_id'],
    [{ product_id: 1, price: '0.01' }, 'non_field_errors'],
  ])('answers 400 for %j', async (payload, field) => {
    const res = await add(payload);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual([field]);
    expect((await remove(payload)).status).toBe(400);
  });

  it('drops a product the catalogue deletes', async () => {
    const shopper = await signUp(ctx.app);
    const [row] = await ctx.database.rows<{ id: number }>(
      sql`insert into products (slug, sku, name, price, category_id)
          select 'to-be-deleted', 'DEL-1', 'Тимчасовий', 10, min(id) from categories returning id`,
    );
    const id = row?.id as number;
    expect((await add({ product_id: id }, shopper.access)).status).toBe(201);
    await ctx.database.db.execute(sql`delete from products where id = ${id}`);
    expect(await wishlist(shopper.access)).toEqual({ results: [] });
  });
});
