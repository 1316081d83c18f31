import type { SitemapProductPage, SitemapSummary } from '@kram/contract/sitemap';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dialectBackends, type TestContext } from '../../../test/helpers.ts';

describe.each(dialectBackends)('the sitemap’s reading of the catalogue on %s', (backend) => {
  let ctx: TestContext;
  let total: number;
  beforeAll(async () => {
    ctx = await createTestContext(backend);
    const [row] = await ctx.database.rows<{ n: number | string }>(sql`select count(*) as n from products`);
    total = Number(row?.n);
  });
  afterAll(() => ctx?.close());

  const get = async <T>(url: string) => {
    const res = await ctx.app.inject(url);
    return { status: res.statusCode, body: res.json() as T };
  };
  const updatedAt = async (id: number) =>
    (await ctx.database.rows<{ t: Date | string }>(sql`select updated_at as t from products where id = ${id}`)).map(
      (r) => new Date(r.t).getTime(),
    )[0] as number;

  it('groups products into files by id, with their count and latest change', async () => {
    const all = await get<SitemapSummary>('/api/sitemap/');
    expect(all.status).toBe(200);
    expect(all.body.per_file).toBe(25_000);
    expect(all.body.product_files).toEqual([{ file: 1, count: total, updated_at: expect.any(String) }]);

    const small = await get<SitemapSummary>('/api/sitemap/?per_file=100');
    const [bounds] = await ctx.database.rows<{ max: number }>(sql`select max(id) as max from products`);
    expect(small.body.product_files.length).toBe(Math.ceil(Number(bounds?.max) / 100));
    expect(small.body.product_files.reduce((sum, f) => sum + f.count, 0)).toBe(total);
    expect(small.body.product_files.every((f) => f.count > 0 && f.count <= 100)).toBe(true);
  });

  it('reads a file page by page in id order, each product with its address, last change and photos', async () => {
    const seen: number[] = [];
    let after = 0;
    for (let pages = 0; pages < 100; pages++) {
      const page = await get<SitemapProductPage>(`/api/sitemap/products/?file=1&per_file=100&limit=30&after=${after}`);
      expect(page.status).toBe(200);
      expect(page.body.products.length).toBeLessThanOrEqual(30);
      seen.push(...page.body.products.map((p) => p.id));
      if (page.body.next_after === null) break;
      after = page.body.next_after;
    }
    const [file] = (await get<SitemapSummary>('/api/sitemap/?per_file=100')).body.product_files;
    expect(seen.length).toBe(file?.count);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.every((id) => id >= 1 && id <= 100)).toBe(true);

    const { body } = await get<SitemapProductPage>('/api/sitemap/products/?file=1&limit=1');
    const [product] = body.products;
    const [row] = await ctx.database.rows<{ slug: string; path: string; images: string[] }>(sql`
      select p.slug, c.path, array(select image from product_images where product_id = p.id order by position, id) as images
      from products p join categories c on c.id = p.category_id where p.id = ${product?.id ?? 0}`);
    expect(product).toEqual({
      id: expect.any(Number),
      slug: row?.slug,
      category_full_path: row?.path,
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      images: row?.images,
    });
    expect(product?.images.every((image) => image.startsWith('/media/'))).toBe(true);
    expect(body.next_after).toBe(product?.id);
  });

  it('ends a file at its last id, full page or not', async () => {
    const page = await get<SitemapProductPage>('/api/sitemap/products/?file=1&per_file=100&after=99&limit=1');
    expect(page.body.products.map((p) => p.id)).toEqual([100]);
    expect(page.body.next_after).toBeNull();
  });

  it('answers a file past the last product with no products', async () => {
    const page = await get<SitemapProductPage>('/api/sitemap/products/?file=999');
    expect(page).toEqual({ status: 200, body: { products: [], next_after: null } });
  });

  it.each([
    ['/api/sitemap/?per_file=99', 'per_file'],
    ['/api/sitemap/?per_file=50001', 'per_file'],
    ['/api/sitemap/products/', 'file'],
    ['/api/sitemap/products/?file=0', 'file'],
    ['/api/sitemap/products/?file=1&limit=1001', 'limit'],
    ['/api/sitemap/products/?file=1&after=-1', 'after'],
    ['/api/sitemap/products/?file=x', 'file'],
  ])('refuses %s', async (url, field) => {
    const res = await get<Record<string, string[]>>(url);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual([field]);
  });

  describe('a product’s update time', () => {
    const pick = async () =>
      Number(
        (await ctx.database.rows<{ id: number }>(sql`select id from products order by id desc limit 1 offset 3`))[0]
          ?.id,
      );
    const backdate = (id: number) =>
      ctx.database.db.execute(sql`update products set updated_at = now() - interval '1 day' where id = ${id}`);

    it('follows what its page shows: its own columns, photos and compositions', async () => {
      const id = await pick();
      const changes = [
        sql`update products set name_ru = name_ru || ' (новинка)' where id = ${id}`,
        sql`update products set is_on_sale = not is_on_sale where id = ${id}`,
        sql`insert into product_images (product_id, image, position) values (${id}, '/media/products/x-1200.webp', 99)`,
        sql`delete from product_images where product_id = ${id} and position = 99`,
        sql`insert into compositions (product_id, title, description) values (${id}, 'Тканина', 'Бавовна')`,
      ];
      for (const [index, change] of changes.entries()) {
        await backdate(id);
        const before = await updatedAt(id);
        await ctx.database.db.execute(change);
        expect(await updatedAt(id), `change ${index}`).toBeGreaterThan(before);
      }
    });

    it('stays when only its popularity or an unchanged value is written', async () => {
      const id = await pick();
      await backdate(id);
      const before = await updatedAt(id);
      await ctx.database.db.execute(sql`update products set popularity = popularity + 5 where id = ${id}`);
      await ctx.database.db.execute(sql`update products set name = name, price = price where id = ${id}`);
      expect(await updatedAt(id)).toBe(before);
    });
  });
});
