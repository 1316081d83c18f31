import type { AdminCategory } from '@kram/contract/admin-catalog';
import type { AdminProduct } from '@kram/contract/admin-products';
import type { SitemapProductPage, SitemapSummary } from '@kram/contract/sitemap';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dialectBackends, type TestContext } from '../../../test/helpers.ts';
import { bearer, staffUser, type TestUser } from '../../../test/users.ts';

// Slugs derived from the Ukrainian name when none is typed, unique by a number, and the addresses a
// product or category had before a rename leading to where it is now.

describe.each(dialectBackends)('slugs and old slugs on %s', (backend) => {
  let ctx: TestContext;
  let staff: TestUser;
  let leafId: number;
  let n = 0;
  /** A name no other name has, so the slug it gives is free: "Тест k3x9q1 1", "Тест k3x9q1 2"… */
  const run = Math.random().toString(36).slice(2, 8);
  const unique = () => `Тест ${run} ${++n}`;

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(staff.access), ...(payload ? { payload } : {}) });
  async function ok<T>(method: 'POST' | 'PATCH', url: string, payload: object): Promise<T> {
    const res = await call(method, url, payload);
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json() as T;
  }
  const newProduct = (fields: Record<string, unknown>) =>
    ok<AdminProduct>('POST', '/api/admin/products/', {
      sku: `KR-S-${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
      name_ru: 'Тест',
      price: '100',
      category_id: leafId,
      ...fields,
    });
  const editProduct = (id: number, fields: object) => ok<AdminProduct>('PATCH', `/api/admin/products/${id}/`, fields);
  const newCategory = (fields: Record<string, unknown>) =>
    ok<AdminCategory>('POST', '/api/admin/categories/', { name_ru: 'Тест', ...fields });
  const editCategory = (id: number, fields: object) =>
    ok<AdminCategory>('PATCH', `/api/admin/categories/${id}/`, fields);
  const shop = async (url: string) => {
    const res = await ctx.app.inject(url);
    return { status: res.statusCode, body: res.json() };
  };
  const byPath = (path: string) => shop(`/api/categories/by-path/?path=${encodeURIComponent(path)}`);

  beforeAll(async () => {
    ctx = await createTestContext(backend);
    staff = await staffUser(ctx.app, ctx.database);
    const [leaf] = await ctx.database.rows<{ id: number }>(sql`select id from categories where depth = 3 limit 1`);
    leafId = leaf?.id as number;
  });
  afterAll(() => ctx?.close());

  describe('a product', () => {
    it('without a slug gets its Ukrainian name’s, then -2, -3 when that is taken', async () => {
      const name = `Куртка «Згорани» ${unique()}`;
      const base = (await newProduct({ name })).slug;
      expect(base).toMatch(/^kurtka-zghorany-test-/);
      expect((await newProduct({ name, slug: '' })).slug).toBe(`${base}-2`);
      expect((await newProduct({ name })).slug).toBe(`${base}-3`);
      // The storefront finds each under its slug.
      for (const slug of [base, `${base}-2`, `${base}-3`])
        expect((await shop(`/api/products/${slug}`)).status).toBe(200);
      // A name with nothing to write still gets a slug.
      expect((await newProduct({ name: '—' })).slug).toMatch(/^product(-\d+)?$/);
    });

    it('with a slug typed that another product holds is refused, and nothing is written', async () => {
      const first = await newProduct({ name: unique() });
      const res = await call('POST', '/api/admin/products/', {
        sku: 'KR-S-TAKEN',
        name: 'Інша',
        name_ru: 'Другая',
        price: '100',
        category_id: leafId,
        slug: first.slug,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ slug: ['A product with this slug already exists.'] });
      expect(await ctx.database.rows(sql`select 1 from products where sku = 'KR-S-TAKEN'`)).toEqual([]);
    });

    it('keeps its old slugs: the API’s 404 for each says where it is now, after any number of renames', async () => {
      const made = await newProduct({ name: unique(), slug: 'old-slug-first' });
      await editProduct(made.id, { slug: 'old-slug-second' });
      const now = await editProduct(made.id, { slug: 'old-slug-third', name: 'Нова назва' });
      expect(now.slug).toBe('old-slug-third');
      for (const old of ['old-slug-first', 'old-slug-second']) {
        const res = await shop(`/api/products/${old}`);
        expect(res).toEqual({
          status: 404,
          body: {
            detail: 'No Product matches the given query.',
            moved_to: { slug: 'old-slug-third', category_full_path: made.category_path },
          },
        });
      }
      expect((await shop('/api/products/old-slug-third')).body.name).toBe('Нова назва');
      // A slug no product ever held is the plain 404, as before.
      expect(await shop('/api/products/never-held-slug')).toEqual({
        status: 404,
        body: { detail: 'No Product matches the given query.' },
      });
      // Renamed back: its current slug is no old one, the other one is.
      await editProduct(made.id, { slug: 'old-slug-first' });
      expect((await shop('/api/products/old-slug-first')).status).toBe(200);
      expect((await shop('/api/products/old-slug-third')).body.moved_to?.slug).toBe('old-slug-first');
      const rows = await ctx.database.rows<{ slug: string }>(
        sql`select slug from product_old_slugs where product_id = ${made.id} order by slug`,
      );
      expect(rows.map((r) => r.slug)).toEqual(['old-slug-second', 'old-slug-third']);
    });

    it('moved to another category is found there by its old slug', async () => {
      const [other] = await ctx.database.rows<{ id: number; path: string }>(
        sql`select id, path from categories where depth = 3 and id <> ${leafId} limit 1`,
      );
      const made = await newProduct({ name: unique(), slug: 'moving-product' });
      await editProduct(made.id, { slug: 'moved-product', category_id: other?.id });
      expect((await shop('/api/products/moving-product')).body.moved_to).toEqual({
        slug: 'moved-product',
        category_full_path: other?.path,
      });
    });

    it('loses an old slug to a product that takes it, and its old slugs when it is deleted', async () => {
      const renamed = await newProduct({ name: unique(), slug: 'reused-slug' });
      await editProduct(renamed.id, { slug: 'reused-slug-now' });
      expect((await shop('/api/products/reused-slug')).body.moved_to?.slug).toBe('reused-slug-now');
      const taker = await newProduct({ name: unique(), slug: 'reused-slug' });
      const shown = await shop('/api/products/reused-slug');
      expect(shown.status).toBe(200);
      expect(shown.body.id).toBe(taker.id);
      expect(await ctx.database.rows(sql`select 1 from product_old_slugs where slug = 'reused-slug'`)).toEqual([]);

      // Taken over by a rename too.
      const other = await newProduct({ name: unique(), slug: 'reused-by-rename' });
      await editProduct(other.id, { slug: 'reused-by-rename-2' });
      await editProduct(taker.id, { slug: 'reused-by-rename' });
      expect((await shop('/api/products/reused-by-rename')).body.id).toBe(taker.id);
      expect((await shop('/api/products/reused-slug')).body.moved_to?.slug).toBe('reused-by-rename');

      expect((await call('DELETE', `/api/admin/products/${renamed.id}/`)).statusCode).toBe(204);
      expect((await shop('/api/products/reused-slug-now')).body).toEqual({
        detail: 'No Product matches the given query.',
      });
    });

    it('derives its slug again from its name when the slug is emptied, its own being no clash', async () => {
      const name = `Шапка ${unique()}`;
      const made = await newProduct({ name, slug: 'hand-typed-slug' });
      const derived = await editProduct(made.id, { slug: '' });
      expect(derived.slug).toMatch(/^shapka-test-/);
      expect((await editProduct(made.id, { slug: '' })).slug).toBe(derived.slug);
      expect((await shop('/api/products/hand-typed-slug')).body.moved_to?.slug).toBe(derived.slug);
      // With a new name at the same time, from the new name.
      expect((await editProduct(made.id, { slug: '', name: `Юрта ${unique()}` })).slug).toMatch(/^yurta-test-/);
    });

    it('writes no old slug when the rename is refused', async () => {
      const made = await newProduct({ name: unique(), slug: 'refused-rename' });
      const res = await call('PATCH', `/api/admin/products/${made.id}/`, { slug: 'renamed-refused', price: '0' });
      expect(res.statusCode).toBe(400);
      expect(await ctx.database.rows(sql`select 1 from product_old_slugs where product_id = ${made.id}`)).toEqual([]);
      expect((await shop('/api/products/refused-rename')).status).toBe(200);
    });

    it('gets one slug each when two alike are created at once', async () => {
      const name = `Намет ${unique()}`;
      const made = await Promise.all([1, 2, 3].map(() => newProduct({ name })));
      const slugs = made.map((p) => p.slug).sort();
      expect(new Set(slugs).size).toBe(3);
      expect(slugs[1]).toBe(`${slugs[0]}-2`);
      expect(slugs[2]).toBe(`${slugs[0]}-3`);
    });
  });

  describe('a category', () => {
    it('without a slug gets its Ukrainian name’s, unique by a number', async () => {
      const name = `Щербухи ${unique()}`;
      const first = await newCategory({ name });
      expect(first.slug).toMatch(/^shcherbukhy-test-/);
      const second = await newCategory({ name, slug: '', parent_id: first.id });
      expect(second.slug).toBe(`${first.slug}-2`);
      expect(second.path).toBe(`${first.slug}/${first.slug}-2`);
      const typed = await call('POST', '/api/admin/categories/', { name, name_ru: 'Тест', slug: first.slug });
      expect(typed.statusCode).toBe(400);
      expect(typed.json()).toEqual({ slug: ['A category with this slug already exists.'] });
    });

    it('answers its path, and a path it had before renames says where it is now', async () => {
      const top = await newCategory({ name: unique(), slug: 'rn-top' });
      const mid = await newCategory({ name: unique(), slug: 'rn-mid', parent_id: top.id });
      const low = await newCategory({ name: unique(), slug: 'rn-low', parent_id: mid.id });
      expect(await byPath('rn-top/rn-mid/rn-low')).toEqual({
        status: 200,
        body: { id: low.id, slug: 'rn-low', name: low.name, name_ru: low.name_ru, path: 'rn-top/rn-mid/rn-low' },
      });

      await editCategory(top.id, { slug: 'rn-top-2' });
      await editCategory(top.id, { slug: 'rn-top-3' });
      await editCategory(low.id, { slug: 'rn-low-2' });
      const moved = (path: string) => ({
        status: 404,
        body: { detail: 'No Category matches the given query.', moved_to: { slug: path.split('/').at(-1), path } },
      });
      // Any mix of old and current slugs along the path, from any rename ago.
      for (const old of ['rn-top/rn-mid/rn-low', 'rn-top-2/rn-mid/rn-low-2', 'rn-top-3/rn-mid/rn-low']) {
        expect(await byPath(old), old).toEqual(moved('rn-top-3/rn-mid/rn-low-2'));
      }
      expect(await byPath('rn-top/rn-mid')).toEqual(moved('rn-top-3/rn-mid'));
      expect(await byPath('rn-top')).toEqual(moved('rn-top-3'));
      expect((await byPath('rn-top-3/rn-mid/rn-low-2')).status).toBe(200);

      // Not where the path says, or not a category at all: the plain 404.
      const plain = { status: 404, body: { detail: 'No Category matches the given query.' } };
      for (const wrong of [
        'rn-low',
        'rn-top/rn-low',
        'odyag/rn-mid/rn-low',
        'rn-top/rn-mid/rn-low/x',
        'nothing-here',
      ]) {
        expect(await byPath(wrong), wrong).toEqual(plain);
      }
      expect((await shop('/api/categories/by-path/')).status).toBe(400);
    });

    it('gives up an old slug to a category that takes it, and its old slugs go with it', async () => {
      const renamed = await newCategory({ name: unique(), slug: 'cat-reused' });
      await editCategory(renamed.id, { slug: 'cat-reused-now' });
      expect((await byPath('cat-reused')).body.moved_to?.path).toBe('cat-reused-now');
      const taker = await newCategory({ name: unique(), slug: 'cat-reused' });
      expect((await byPath('cat-reused')).body.id).toBe(taker.id);
      expect((await call('DELETE', `/api/admin/categories/${renamed.id}/`)).statusCode).toBe(204);
      expect(await ctx.database.rows(sql`select 1 from category_old_slugs where slug = 'cat-reused-now'`)).toEqual([]);
    });

    it('renamed, its products’ old slugs lead to their new path, and the sitemap lists only new addresses', async () => {
      const top = await newCategory({ name: unique(), slug: 'sm-top' });
      const made = await ok<AdminProduct>('POST', '/api/admin/products/', {
        sku: 'KR-S-SITEMAP',
        name: unique(),
        name_ru: 'Тест',
        price: '100',
        category_id: top.id,
        slug: 'sm-product',
      });
      await editProduct(made.id, { slug: 'sm-product-new' });
      await editCategory(top.id, { slug: 'sm-top-new' });
      expect((await shop('/api/products/sm-product')).body.moved_to).toEqual({
        slug: 'sm-product-new',
        category_full_path: 'sm-top-new',
      });

      const summary = (await shop('/api/sitemap/')).body as SitemapSummary;
      const listed: SitemapProductPage['products'] = [];
      for (const { file } of summary.product_files) {
        let after = 0;
        for (;;) {
          const page = (await shop(`/api/sitemap/products/?file=${file}&after=${after}`)).body as SitemapProductPage;
          listed.push(...page.products);
          if (page.next_after === null) break;
          after = page.next_after;
        }
      }
      const entry = listed.find((p) => p.id === made.id);
      expect(entry).toMatchObject({ slug: 'sm-product-new', category_full_path: 'sm-top-new' });
      expect(listed.some((p) => p.slug === 'sm-product' || p.category_full_path.startsWith('sm-top/'))).toBe(false);
      const tree = JSON.stringify((await shop('/api/categories/')).body);
      expect(tree).toContain('"sm-top-new"');
      expect(tree).not.toContain('"sm-top"');
    });
  });
});
