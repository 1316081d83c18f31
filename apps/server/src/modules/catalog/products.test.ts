import type { AuditEntry } from '@kram/contract/admin';
import type { AdminProduct } from '@kram/contract/admin-products';
import type { Product, ProductList } from '@kram/contract/catalog';
import { errorCodesHeader, readErrorCodes } from '@kram/contract/error-codes';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dialectBackends, type TestContext } from '../../../test/helpers.ts';
import { bearer, signUp, staffUser, type TestUser } from '../../../test/users.ts';

interface Ids {
  leaf: { id: number; path: string };
  top: { id: number; path: string };
  sizes: number[];
  colors: number[];
}

describe.each(dialectBackends)('products in the back office on %s', (backend) => {
  let ctx: TestContext;
  let staff: TestUser;
  let shopper: TestUser;
  let ids: Ids;

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(staff.access), ...(payload ? { payload } : {}) });

  async function ok<T>(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object): Promise<T> {
    const res = await call(method, url, payload);
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json() as T;
  }

  const list = (query = '') => ok<{ count: number; results: AdminProduct[] }>('GET', `/api/admin/products/?${query}`);
  const auditOf = async (id: number) =>
    (await ok<{ results: AuditEntry[] }>('GET', `/api/admin/audit/?entity=product&entity_id=${id}`)).results;
  /** The storefront's own calls, as a signed-in shopper makes them (prices shown). */
  const storefront = async <T>(url: string) => {
    const res = await ctx.app.inject({ url, headers: bearer(shopper.access) });
    return { status: res.statusCode, body: res.json() as T };
  };

  const sample = (overrides: Record<string, unknown> = {}) => ({
    slug: `field-jacket-${Math.random().toString(36).slice(2, 8)}`,
    sku: `KR-T-${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
    name: 'Куртка польова Тестова',
    name_ru: 'Куртка полевая Тестовая',
    description: 'Вітрозахисна куртка з капюшоном.',
    description_ru: 'Ветрозащитная куртка с капюшоном.',
    price: '2450',
    old_price: '2990.5',
    is_new: true,
    is_on_promo: false,
    category_id: ids.leaf.id,
    size_ids: ids.sizes,
    color_ids: ids.colors,
    compositions: [{ title: 'Тканина', title_ru: 'Ткань', description: 'Ріп-стоп', description_ru: 'Рип-стоп' }],
    ...overrides,
  });

  beforeAll(async () => {
    // The catalogue's cache trusts what it read for an hour: only a write's own word makes it re-read.
    ctx = await createTestContext(backend, {}, { cacheCheckIntervalMs: 3_600_000 });
    staff = await staffUser(ctx.app, ctx.database);
    shopper = await signUp(ctx.app);
    const [leaf] = await ctx.database.rows<{ id: number; path: string }>(
      sql`select id, path from categories where depth = 3 order by id limit 1`,
    );
    const [top] = await ctx.database.rows<{ id: number; path: string }>(
      sql`select id, path from categories where ${leaf?.path ?? ''} like path || '/%' and depth = 1`,
    );
    const sizes = await ctx.database.rows<{ id: number }>(sql`select id from sizes order by position limit 2`);
    const colors = await ctx.database.rows<{ id: number }>(sql`select id from colors order by position limit 2`);
    if (!leaf || !top) throw new Error('the demo catalogue has no three-level category');
    ids = { leaf, top, sizes: sizes.map((s) => s.id), colors: colors.map((c) => c.id) };
  });
  afterAll(() => ctx?.close());

  it('creates a product with every field in both languages, shown by the storefront at once', async () => {
    const input = sample();
    const res = await call('POST', '/api/admin/products/', input);
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json() as AdminProduct;
    expect(made).toMatchObject({
      ...input,
      price: '2450.00',
      old_price: '2990.50',
      is_on_sale: true,
      category_path: ids.leaf.path,
      images: [],
      popularity: 0,
    });
    expect(await ok<AdminProduct>('GET', `/api/admin/products/${made.id}/`)).toEqual(made);

    const shown = await storefront<Product>(`/api/products/${input.slug}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      id: made.id,
      name: input.name,
      name_ru: input.name_ru,
      price: '2450.00',
      old_price: '2990.50',
      is_new: true,
      category_full_path: ids.leaf.path,
      compositions: input.compositions,
    });
    expect(shown.body.sizes.map((s) => s.id)).toEqual(ids.sizes);
    const found = await storefront<ProductList>(`/api/products?search=${encodeURIComponent('Тестова')}`);
    expect(found.body.results.products.map((p) => p.id)).toContain(made.id);

    const [entry] = await auditOf(made.id);
    expect(entry).toMatchObject({ action: 'product.create', actor_email: staff.email, before: null });
    expect(entry?.after).toMatchObject({ id: made.id, slug: input.slug, price: '2450.00', size_ids: ids.sizes });
  });

  it('changes only the fields sent; the storefront, its search and the audit log follow at once', async () => {
    const made = await ok<AdminProduct>('POST', '/api/admin/products/', sample());
    // The storefront has read (and cached) the product before the change.
    expect((await storefront<Product>(`/api/products/${made.slug}`)).body.name).toBe(made.name);

    const changed = await ok<AdminProduct>('PATCH', `/api/admin/products/${made.id}/`, {
      name: 'Куртка Грозова',
      name_ru: 'Куртка Грозовая',
      price: '1999.99',
      old_price: null,
      is_on_sale: false,
      size_ids: [ids.sizes[1]],
    });
    expect(changed).toMatchObject({
      ...made,
      name: 'Куртка Грозова',
      name_ru: 'Куртка Грозовая',
      price: '1999.99',
      old_price: null,
      is_on_sale: false,
      // Switched off, nothing of it can be bought.
      in_stock: false,
      size_ids: [ids.sizes[1]],
    });

    const shown = (await storefront<Product>(`/api/products/${made.slug}`)).body;
    expect(shown).toMatchObject({ name: 'Куртка Грозова', price: '1999.99', old_price: null, is_on_sale: false });
    expect(shown.sizes.map((s) => s.id)).toEqual([ids.sizes[1]]);
    const search = async (text: string) =>
      (await storefront<ProductList>(`/api/products?search=${encodeURIComponent(text)}`)).body.results.products.map(
        (p) => p.id,
      );
    expect(await search('Грозова')).toContain(made.id);
    expect(await search('Тестова')).not.toContain(made.id);
    const inStock = await storefront<ProductList>(
      `/api/products?search=${encodeURIComponent('Грозова')}&in_stock=true`,
    );
    expect(inStock.body.results.products.map((p) => p.id)).not.toContain(made.id);

    const [entry] = await auditOf(made.id);
    expect(entry).toMatchObject({ action: 'product.update', actor_email: staff.email });
    expect(entry?.before).toMatchObject({ name: made.name, price: '2450.00', old_price: '2990.50', is_on_sale: true });
    expect(entry?.after).toMatchObject({
      name: 'Куртка Грозова',
      price: '1999.99',
      old_price: null,
      is_on_sale: false,
    });

    // The same values again change nothing, and log nothing.
    await ok('PATCH', `/api/admin/products/${made.id}/`, { name: 'Куртка Грозова' });
    expect(await auditOf(made.id)).toHaveLength(2);
  });

  it('refuses a slug or SKU in use, unknown category, sizes and colours, all at once, and writes nothing', async () => {
    const first = await ok<AdminProduct>('POST', '/api/admin/products/', sample());
    const res = await call(
      'POST',
      '/api/admin/products/',
      sample({
        slug: first.slug,
        sku: first.sku,
        category_id: 999999,
        size_ids: [999998, 999999],
        color_ids: [999997],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      slug: ['A product with this slug already exists.'],
      sku: ['A product with this SKU already exists.'],
      category_id: ['There is no such category.'],
      size_ids: ['There is no such size: 999998, 999999.'],
      color_ids: ['There is no such colour: 999997.'],
    });
    // Beside the words, each message's code, with the ids the message names.
    expect(readErrorCodes(res.headers[errorCodesHeader] as string)).toEqual([
      { field: 'slug', code: 'product.slug_taken' },
      { field: 'sku', code: 'product.sku_taken' },
      { field: 'category_id', code: 'catalog.no_such_parent' },
      { field: 'size_ids', code: 'product.no_such_size', params: { ids: '999998, 999999' } },
      { field: 'color_ids', code: 'product.no_such_color', params: { ids: '999997' } },
    ]);
    const second = await ok<AdminProduct>('POST', '/api/admin/products/', sample());
    const clash = await call('PATCH', `/api/admin/products/${second.id}/`, { sku: first.sku });
    expect([clash.statusCode, clash.json()]).toEqual([400, { sku: ['A product with this SKU already exists.'] }]);
    // Its own slug and SKU are not a clash.
    await ok('PATCH', `/api/admin/products/${second.id}/`, { slug: second.slug, sku: second.sku });
    expect(await ok('GET', `/api/admin/products/${second.id}/`)).toEqual(second);
  });

  it('keeps the old price above the price, however the two are changed', async () => {
    const bad = await call('POST', '/api/admin/products/', sample({ price: '100', old_price: '100.00' }));
    expect([bad.statusCode, bad.json()]).toEqual([
      400,
      { old_price: ['The old price must be higher than the price.'] },
    ]);
    const made = await ok<AdminProduct>('POST', '/api/admin/products/', sample({ price: '100', old_price: '150' }));
    const raised = await call('PATCH', `/api/admin/products/${made.id}/`, { price: '150' });
    expect([raised.statusCode, raised.json()]).toEqual([
      400,
      { old_price: ['The old price must be higher than the price.'] },
    ]);
    expect((await ok<AdminProduct>('GET', `/api/admin/products/${made.id}/`)).price).toBe('100.00');
    await ok('PATCH', `/api/admin/products/${made.id}/`, { price: '150', old_price: '150.01' });
  });

  it('checks each field by the contract: formats, blanks, unknown fields', async () => {
    const res = await call(
      'POST',
      '/api/admin/products/',
      sample({ slug: 'Куртка 1', name: '  ', price: '12,50', old_price: '0', popularity: 100 }),
    );
    expect(res.statusCode).toBe(400);
    const body = res.json() as Record<string, string[]>;
    expect(Object.keys(body).sort()).toEqual(['name', 'non_field_errors', 'old_price', 'price', 'slug'].sort());
    expect(body.price).toEqual(['Enter an amount such as 1250 or 1250.50.']);
    expect(body.old_price).toEqual(['The price must be above zero.']);
    expect(body.name).toEqual(['This field may not be blank.']);
    const missing = await call('POST', '/api/admin/products/', { slug: 'x' });
    expect(Object.keys(missing.json()).sort()).toEqual(['category_id', 'name', 'name_ru', 'price', 'sku']);
  });

  it('lists with search over names, SKU and slug, a category with its subcategories, flags, sorts and pages', async () => {
    const marker = `zqx${Math.random().toString(36).slice(2, 7)}`;
    const a = await ok<AdminProduct>(
      'POST',
      '/api/admin/products/',
      sample({ name: `Ремінь ${marker}`, price: '300' }),
    );
    const b = await ok<AdminProduct>(
      'POST',
      '/api/admin/products/',
      sample({ name_ru: `Ремень ${marker}`, price: '200', is_new: false, is_on_promo: true }),
    );
    const c = await ok<AdminProduct>('POST', '/api/admin/products/', sample({ sku: `${marker.toUpperCase()}-1` }));
    const d = await ok<AdminProduct>('POST', '/api/admin/products/', sample({ slug: `${marker}-strap` }));
    const found = await list(`q=${marker}&sort=price&order=asc`);
    expect(found.count).toBe(4);
    // Equal prices in the order of their ids.
    expect(found.results.map((p) => p.id)).toEqual([b.id, a.id, c.id, d.id]);
    expect(found.results.map((p) => p.price)).toEqual(['200.00', '300.00', '2450.00', '2450.00']);
    expect((await list(`q=${marker}&is_on_promo=true`)).results.map((p) => p.id)).toEqual([b.id]);
    expect((await list(`q=${marker}&is_new=false`)).results.map((p) => p.id)).toEqual([b.id]);
    expect((await list(`q=${marker}&page_size=3&page=2&sort=id`)).results.map((p) => p.id)).toEqual([d.id]);
    // Without a sort, newest first.
    expect((await list(`q=${marker}`)).results.map((p) => p.id)).toEqual([d.id, c.id, b.id, a.id]);
    expect((await list(`id=${a.id}&id=${c.id}`)).results.map((p) => p.id).sort()).toEqual([a.id, c.id].sort());

    const inTop = await list(`category=${ids.top.id}&q=${marker}`);
    expect(inTop.count).toBe(4);
    const all = await list(`category=${ids.top.id}&page_size=1`);
    const [expected] = await ctx.database.rows<{ n: number }>(
      sql`select count(*)::int as n from products p join categories c on c.id = p.category_id
          where c.path = ${ids.top.path} or c.path like ${`${ids.top.path}/%`}`,
    );
    expect(all.count).toBe(expected?.n);
    const other = await ctx.database.rows<{ id: number }>(
      sql`select id from categories where depth = 1 and id <> ${ids.top.id} limit 1`,
    );
    expect((await list(`category=${other[0]?.id}&q=${marker}`)).count).toBe(0);
  });

  it('flags many products at once, one audit entry per product changed, and the storefront follows', async () => {
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await ok<AdminProduct>('POST', '/api/admin/products/', sample()));
    const [a, b, c] = made as [AdminProduct, AdminProduct, AdminProduct];
    await ok('PATCH', `/api/admin/products/${c.id}/`, { is_on_sale: false });
    for (const product of made) expect((await storefront<Product>(`/api/products/${product.slug}`)).status).toBe(200);

    const res = await ok<{ ids: number[] }>('POST', '/api/admin/products/bulk/', {
      ids: [a.id, b.id, c.id, 999999],
      data: { is_on_sale: false, is_on_promo: true },
    });
    expect(res.ids.sort()).toEqual([a.id, b.id, c.id].sort());
    for (const product of made) {
      const shown = (await storefront<Product>(`/api/products/${product.slug}`)).body;
      expect([shown.is_on_sale, shown.is_on_promo]).toEqual([false, true]);
    }
    const [entryA] = await auditOf(a.id);
    expect(entryA).toMatchObject({
      action: 'product.bulk_update',
      before: { is_on_sale: true, is_on_promo: false },
      after: { is_on_sale: false, is_on_promo: true },
    });
    // c was out of stock already: only its promotion changed.
    const [entryC] = await auditOf(c.id);
    expect(entryC).toMatchObject({ before: { is_on_promo: false }, after: { is_on_promo: true } });

    const empty = await call('POST', '/api/admin/products/bulk/', { ids: [a.id], data: {} });
    expect([empty.statusCode, empty.json()]).toEqual([400, { data: ['Choose at least one thing to change.'] }]);
    const forged = await call('POST', '/api/admin/products/bulk/', { ids: [a.id], data: { price: '1.00' } });
    expect(forged.statusCode).toBe(400);
    expect((await ok<AdminProduct>('GET', `/api/admin/products/${a.id}/`)).price).toBe('2450.00');
  });

  it('deletes a product: gone from the storefront and the list, the deletion logged with what it was', async () => {
    const made = await ok<AdminProduct>('POST', '/api/admin/products/', sample());
    expect((await storefront(`/api/products/${made.slug}`)).status).toBe(200);
    const res = await call('DELETE', `/api/admin/products/${made.id}/`);
    expect(res.statusCode).toBe(204);
    expect((await storefront(`/api/products/${made.slug}`)).status).toBe(404);
    expect((await call('GET', `/api/admin/products/${made.id}/`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/admin/products/${made.id}/`)).statusCode).toBe(404);
    const [entry] = await auditOf(made.id);
    expect(entry).toMatchObject({ action: 'product.delete', after: null });
    expect(entry?.before).toMatchObject({ id: made.id, slug: made.slug, name: made.name });
  });

  it('answers 404 for a product that does not exist', async () => {
    expect((await call('GET', '/api/admin/products/999999/')).json()).toEqual({
      detail: 'No Product matches the given query.',
    });
    expect((await call('PATCH', '/api/admin/products/999999/', { name: 'x' })).statusCode).toBe(404);
  });
});
