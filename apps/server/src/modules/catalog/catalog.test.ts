import type { CategoryNode, Product, ProductList } from '@kram/contract/catalog';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, createTestContext, dialectBackends, type TestContext } from '../../../test/helpers.ts';
import { signUp } from '../../../test/users.ts';

const money = /^\d+\.\d{2}$/;

describe.each(dialectBackends)('catalogue API on %s', (backend) => {
  let ctx: TestContext;
  let token: string;
  let tree: CategoryNode[];

  const get = async (url: string, auth?: string) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url,
      headers: auth ? { authorization: `Bearer ${auth}` } : {},
    });
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  };
  const list = async (query: string, auth?: string) => {
    const res = await get(`/api/products?${query}`, auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as ProductList;
  };
  const all = async (query: string, auth?: string): Promise<Product[]> => {
    const first = await list(`${query}&limit=100`, auth);
    const products = [...first.results.products];
    for (let page = 2; products.length < first.count; page++) {
      products.push(...(await list(`${query}&limit=100&page=${page}`, auth)).results.products);
    }
    return products;
  };

  beforeAll(async () => {
    ctx = await createTestContext(backend);
    token = (await signUp(ctx.app)).access;
    tree = (await get('/api/categories/')).body.results;
  });
  afterAll(() => ctx?.close());

  describe('GET /api/categories/', () => {
    it('answers the paginated tree: five top-level categories, three levels deep', async () => {
      const res = await get('/api/categories/');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ count: 5, next: null, previous: null });
      expect(res.body.results).toHaveLength(5);
      const depth = (n: CategoryNode): number => 1 + Math.max(0, ...n.subcategories.map(depth));
      expect(Math.max(...tree.map(depth))).toBe(3);
      const node = tree[0] as CategoryNode;
      expect(Object.keys(node).sort()).toEqual(['id', 'name', 'name_ru', 'slug', 'subcategories']);
      expect(node.name).not.toBe('');
      expect(node.name_ru).not.toBe('');
    });
  });

  describe('GET /api/products', () => {
    it('answers a first page of 12 with every product field, and no prices for a guest', async () => {
      const body = await list('');
      expect(body.count).toBe(300);
      expect(body.results.products).toHaveLength(12);
      expect(body.results.min_price).toBeNull();
      expect(body.results.max_price).toBeNull();
      for (const p of body.results.products) {
        expect(Object.keys(p).sort()).toEqual(
          [
            'category_full_path',
            'colors',
            'compositions',
            'description',
            'description_ru',
            'id',
            'is_new',
            'is_on_promo',
            'is_on_sale',
            'name',
            'name_ru',
            'old_price',
            'price',
            'product_images',
            'sizes',
            'sku',
            'slug',
          ].sort(),
        );
        expect(p.price).toBeNull();
        expect(p.old_price).toBeNull();
        expect(p.product_images.length).toBeGreaterThanOrEqual(2);
        expect(p.product_images[0]?.image).toMatch(/^\/media\/products\/.+-1200\.webp$/);
        expect(p.product_images[0]?.variants['400']).toMatch(/-400\.webp$/);
        expect(p.category_full_path.split('/').length).toBeGreaterThanOrEqual(2);
      }
      expect(body.results.available_colors.length).toBeGreaterThan(3);
      expect(body.results.available_colors.some((c) => c.color_rgb === null)).toBe(true);
    });

    it('shows prices and price bounds to a signed-in shopper', async () => {
      const body = await list('', token);
      for (const p of body.results.products) {
        expect(p.price).toMatch(money);
        if (p.is_on_promo) expect(Number(p.old_price)).toBeGreaterThan(Number(p.price));
        else expect(p.old_price).toBeNull();
      }
      expect(body.results.min_price).toMatch(money);
      expect(Number(body.results.max_price)).toBeGreaterThan(Number(body.results.min_price));
    });

    it('pages through every product exactly once', async () => {
      const products = await all('sort=default');
      expect(products).toHaveLength(300);
      expect(new Set(products.map((p) => p.id)).size).toBe(300);
      const p2 = await list('page=2&limit=25');
      expect(p2.results.products).toHaveLength(25);
      const past = await list('page=99');
      expect(past.count).toBe(300);
      expect(past.results.products).toEqual([]);
    });

    it('limits to a category and everything under it', async () => {
      const top = tree[0] as CategoryNode;
      const inTop = await all(`category_slug=${top.slug}`);
      expect(inTop.length).toBeGreaterThan(0);
      expect(inTop.every((p) => p.category_full_path.startsWith(`${top.slug}/`))).toBe(true);
      const counts = await Promise.all(tree.map(async (c) => (await list(`category_slug=${c.slug}`)).count));
      expect(counts.reduce((a, b) => a + b, 0)).toBe(300);

      const leaf = findLeaf(top);
      const inLeaf = await all(`category_slug=${leaf.slug}`);
      expect(inLeaf.length).toBeGreaterThan(0);
      expect(inLeaf.every((p) => p.category_full_path.split('/').at(-1) === leaf.slug)).toBe(true);
    });

    it('answers an empty listing for an unknown category', async () => {
      const body = await list('category_slug=no-such-category');
      expect(body).toEqual({
        count: 0,
        results: { products: [], available_colors: [], min_price: null, max_price: null },
      });
    });

    it('sorts by price for signed-in shoppers only', async () => {
      const cheap = await all('sort=cheap', token);
      const prices = cheap.map((p) => Number(p.price));
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      const expensive = (await list('sort=expensive', token)).results.products.map((p) => Number(p.price));
      expect(expensive).toEqual([...expensive].sort((a, b) => b - a));
      expect(expensive[0]).toBe(Math.max(...prices));

      const guestCheap = (await list('sort=cheap')).results.products.map((p) => p.id);
      const guestDefault = (await list('sort=default')).results.products.map((p) => p.id);
      expect(guestCheap).toEqual(guestDefault);
    });

    it('sorts new, sale and popular first, in-stock before out-of-stock', async () => {
      const isSorted = (xs: boolean[]) => xs.every((x, i) => i === 0 || !x || xs[i - 1]);
      const byNew = await all('sort=new');
      const inStock = byNew.filter((p) => p.is_on_sale);
      expect(isSorted(byNew.map((p) => p.is_on_sale))).toBe(true);
      expect(isSorted(inStock.map((p) => p.is_new))).toBe(true);
      expect(inStock[0]?.is_new).toBe(true);

      const bySale = (await all('sort=sale')).filter((p) => p.is_on_sale);
      expect(isSorted(bySale.map((p) => p.is_on_promo))).toBe(true);
      expect(bySale[0]?.is_on_promo).toBe(true);

      const popular = (await list('sort=popular&limit=25')).results.products.map((p) => p.id);
      const rows = await ctx.database.rows<{ id: number }>(
        sql`select id from products order by is_on_sale desc, popularity desc, id desc limit 25`,
      );
      expect(popular).toEqual(rows.map((r) => r.id));
    });

    it('filters by price for signed-in shoppers and ignores the filter for guests', async () => {
      const signed = await all('min_price=1000&max_price=3000', token);
      expect(signed.length).toBeGreaterThan(0);
      expect(signed.every((p) => Number(p.price) >= 1000 && Number(p.price) <= 3000)).toBe(true);
      const bounds = await list('min_price=1000&max_price=3000', token);
      // The bounds describe the listing before the price filter, so the slider keeps its range.
      expect(Number(bounds.results.min_price)).toBeLessThan(1000);
      expect((await list('min_price=1000&max_price=3000')).count).toBe(300);
    });

    it('filters by colour and keeps the colours available before the filter', async () => {
      const before = await list('');
      const colour = before.results.available_colors.find((c) => c.color_rgb !== null);
      const other = before.results.available_colors.find((c) => c.id !== colour?.id);
      if (!colour || !other) throw new Error('demo data has too few colours');
      const filtered = await all(`color=${colour.id},${other.id}`);
      expect(filtered.length).toBeGreaterThan(0);
      expect(filtered.length).toBeLessThan(300);
      expect(filtered.every((p) => p.colors.some((c) => c.id === colour.id || c.id === other.id))).toBe(true);
      const body = await list(`color=${colour.id}`);
      expect(body.results.available_colors).toEqual(before.results.available_colors);
      expect((await list(`color= ${colour.id} , ${other.id} `)).count).toBe(filtered.length);
    });

    it("answers each colour's swatch: a pattern tile for camouflage, null for a plain colour", async () => {
      const check = (c: Product['colors'][number], withStock = false) => {
        const stock = withStock ? ['available', 'sizes_available'] : [];
        expect(Object.keys(c).sort()).toEqual([...stock, 'color_rgb', 'id', 'name', 'name_ru', 'swatch_image'].sort());
        if (c.color_rgb === null) expect(c.swatch_image).toMatch(/^\/media\/swatches\/[a-z0-9-]+\.webp$/);
        else expect(c.swatch_image).toBeNull();
      };
      const available = (await list('')).results.available_colors;
      expect(available.filter((c) => c.swatch_image).length).toBeGreaterThanOrEqual(3);
      for (const c of available) check(c);
      const camo = available.find((c) => c.swatch_image);
      const [withCamo] = (await list(`color=${camo?.id}`)).results.products;
      if (!withCamo) throw new Error('no product in a camouflage colour');
      const product = (await get(`/api/products/${withCamo.slug}`)).body as Product;
      expect(product.colors.find((c) => c.id === camo?.id)?.swatch_image).toBe(camo?.swatch_image);
      // A product's colours also say in which of its sizes they can be bought.
      for (const c of product.colors) check(c, true);
    });

    it('filters by size and by stock', async () => {
      const withSizes = (await list('', token)).results.products.find((p) => p.sizes.length > 0);
      const sizeId = withSizes?.sizes[0]?.id;
      const bySize = await all(`size=${sizeId}`);
      expect(bySize.length).toBeGreaterThan(0);
      expect(bySize.every((p) => p.sizes.some((s) => s.id === sizeId))).toBe(true);
      const inStock = await all('in_stock=true');
      expect(inStock.length).toBeGreaterThan(0);
      expect(inStock.length).toBeLessThan(300);
      expect(inStock.every((p) => p.is_on_sale)).toBe(true);
      expect((await list('in_stock=false')).count).toBe(300);
    });

    it('combines category, sort and colour filters', async () => {
      const top = tree[0] as CategoryNode;
      const base = await list(`category_slug=${top.slug}`, token);
      const colour = base.results.available_colors[0];
      const body = await all(`category_slug=${top.slug}&sort=expensive&color=${colour?.id}`, token);
      expect(body.length).toBeGreaterThan(0);
      expect(
        body.every((p) => p.category_full_path.startsWith(top.slug) && p.colors.some((c) => c.id === colour?.id)),
      ).toBe(true);
      const prices = body.map((p) => Number(p.price));
      expect(prices).toEqual([...prices].sort((a, b) => b - a));
    });

    it('treats empty query values as absent', async () => {
      expect((await list('search=&color=&min_price=&page=&limit=&sort=')).count).toBe(300);
    });

    it.each([
      ['sort=cheapest', 'sort'],
      ['limit=13', 'limit'],
      ['limit=abc', 'limit'],
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['page=1.5', 'page'],
      ['color=1,x', 'color'],
      ['size=;drop table products', 'size'],
      ['min_price=-5', 'min_price'],
      ['max_price=lots', 'max_price'],
      ['in_stock=yes', 'in_stock'],
      [`search=${'a'.repeat(10_000)}`, 'search'],
    ])('answers 400 naming the field for %s', async (query, field) => {
      const res = await get(`/api/products?${query}`);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body)).toEqual([field]);
      expect(res.body[field][0]).toEqual(expect.any(String));
    });
  });

  describe('search', () => {
    let sample: Product;
    beforeAll(async () => {
      const products = (await list('limit=100')).results.products;
      sample = products.find((p) => p.name.split(' ').length >= 2 && p.name !== p.name_ru) as Product;
    });
    const firstWord = (s: string) => s.split(/\s+/)[0] as string;
    const found = async (query: string) => (await all(`search=${encodeURIComponent(query)}`)).map((p) => p.id);

    it('finds by Ukrainian name, Russian name and SKU, whatever the case', async () => {
      expect(await found(sample.name)).toContain(sample.id);
      expect((await found(sample.name))[0]).toBe(sample.id);
      expect(await found(sample.name_ru.toUpperCase())).toContain(sample.id);
      expect(await found(sample.sku.toLowerCase())).toEqual([sample.id]);
    });

    it('finds by a word of the description', async () => {
      const word = sample.description
        .split(/[\s,.;:!?()«»"]+/)
        .find((w) => w.length >= 7 && !sample.name.toLowerCase().includes(w.toLowerCase())) as string;
      expect(await found(word)).toContain(sample.id);
    });

    it('puts the best matches first', async () => {
      const ids = await found(sample.name);
      const rest = await all(`search=${encodeURIComponent(sample.name)}`);
      expect(rest[0]?.name).toBe(sample.name);
      expect(ids.length).toBeGreaterThanOrEqual(1);
    });

    it('tolerates a typo, a wrong keyboard layout and Latin transliteration', async () => {
      const jackets = await found('куртка');
      expect(jackets.length).toBeGreaterThan(0);
      expect(await found('кутрка')).toEqual(expect.arrayContaining(jackets.slice(0, 5)));
      expect(await found('rehnrf')).toEqual(expect.arrayContaining(jackets.slice(0, 5)));
      expect(await found('kurtka')).toEqual(expect.arrayContaining(jackets.slice(0, 5)));
      expect(await found('КУРТКА')).toEqual(jackets);
    });

    it('says what it searched for when it read the query otherwise, and searches exactly what was typed when asked', async () => {
      const reading = async (query: string, extra = '') =>
        (await list(`search=${encodeURIComponent(query)}${extra}`)).search_reading;
      expect(await reading('rehnrf')).toBe('куртка');
      expect(await reading('kurtka')).toBe('куртка');
      expect(await reading('кутрка')).toBe('куртка');
      // A slip on the Cyrillic word is told as the closest spelling, not as another form of its key:
      // "тактичнв" (в beside а) reads тактична, although тактичні and тактичний share its key.
      expect(await reading('тактичнв')).toBe('тактична');
      expect(await reading('тактичнв штаги')).toBe('тактична штани');
      // As typed, in any case: nothing to tell.
      expect(await reading('куртка')).toBeUndefined();
      expect(await reading('КУРТКА')).toBeUndefined();
      expect(await reading('zzqxw')).toBeUndefined();
      // exact=true: no other layout, no correction.
      const exact = await list(`search=${encodeURIComponent('rehnrf')}&exact=true`);
      expect(exact.count).toBe(0);
      expect(exact.search_reading).toBeUndefined();
      const typo = await list(`search=${encodeURIComponent('кутрка')}&exact=true`);
      expect(typo.count).toBe(0);
      const suggestions = await get(`/api/search/suggest?q=${encodeURIComponent('rehnrf')}`);
      expect(suggestions.body.search_reading).toBe('куртка');
    });

    it('finds nothing for nonsense and keeps the listing shape', async () => {
      const body = await list('search=zzqxw');
      expect(body.count).toBe(0);
      expect(body.results.products).toEqual([]);
    });

    it('searches inside a category', async () => {
      const top = tree[0] as CategoryNode;
      const word = firstWord(sample.name);
      const inCat = await all(`search=${encodeURIComponent(word)}&category_slug=${top.slug}`);
      expect(inCat.every((p) => p.category_full_path.startsWith(`${top.slug}/`))).toBe(true);
    });
  });

  describe('GET /api/products/{slug}', () => {
    it('answers the product, with prices only for a signed-in shopper', async () => {
      const some = (await list('', token)).results.products[0] as Product;
      const guest = await get(`/api/products/${some.slug}`);
      expect(guest.status).toBe(200);
      expect(guest.body).toEqual({ ...some, price: null, old_price: null });
      const signed = await get(`/api/products/${some.slug}`, token);
      expect(signed.body).toEqual(some);
      expect(signed.body.compositions.length).toBeGreaterThan(0);
    });

    it('answers 404 with a detail for a missing product', async () => {
      const res = await get('/api/products/no-such-product');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: expect.any(String) });
    });
  });

  describe('GET /api/search/suggest', () => {
    it('suggests up to 8 products and 3 categories', async () => {
      const res = await get(`/api/search/suggest?q=${encodeURIComponent('куртк')}`);
      expect(res.status).toBe(200);
      expect(res.body.products.length).toBeGreaterThan(0);
      expect(res.body.products.length).toBeLessThanOrEqual(8);
      expect(res.body.categories.length).toBeLessThanOrEqual(3);
      expect(res.body.products[0]).toEqual({
        id: expect.any(Number),
        slug: expect.any(String),
        name: expect.any(String),
        name_ru: expect.any(String),
        category_full_path: expect.any(String),
        image: expect.stringMatching(/^\/media\//),
      });
    });

    it('suggests categories by name in either language and layout', async () => {
      const top = tree[0] as CategoryNode;
      const res = await get(`/api/search/suggest?q=${encodeURIComponent(top.name_ru)}`);
      expect(res.body.categories.map((c: { slug: string }) => c.slug)).toContain(top.slug);
    });

    it('answers empty lists for an empty query and 400 for a huge one', async () => {
      expect((await get('/api/search/suggest?q=')).body).toEqual({ products: [], categories: [] });
      expect((await get('/api/search/suggest')).body).toEqual({ products: [], categories: [] });
      const huge = await get(`/api/search/suggest?q=${'x'.repeat(10_000)}`);
      expect(huge.status).toBe(400);
      expect(Object.keys(huge.body)).toEqual(['q']);
    });
  });

  describe('bearer tokens', () => {
    it.each([
      ['a malformed token', async () => 'not-a-jwt'],
      ['a token signed with another secret', () => accessToken({}, { secret: 'x'.repeat(40) })],
      ['an expired token', () => accessToken({}, { expiresIn: Math.floor(Date.now() / 1000) - 10 })],
      ['a refresh token', () => accessToken({ type: 'refresh' })],
      [
        'an unsigned (alg none) token',
        async () => {
          const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
          return `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: '1', type: 'access', exp: 9e9 })}.`;
        },
      ],
    ])('answers 401 (never the guest view) for %s', async (_, make) => {
      const res = await get('/api/products', await make());
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: expect.any(String), code: 'token_not_valid' });
    });

    it('answers 401 for a header that is not a bearer token', async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/products',
        headers: { authorization: 'Basic abc' },
      });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('colour and size copies on products', () => {
    it('follow the join tables: a removed colour or size leaves the filters at once', async () => {
      const product = (await list('limit=100')).results.products.find(
        (p) => p.colors.length > 1 && p.sizes.length > 0,
      ) as Product;
      const colour = product.colors[0]?.id as number;
      const size = product.sizes[0]?.id as number;
      const inColour = async () => (await all(`color=${colour}`)).some((p) => p.id === product.id);
      const inSize = async () => (await all(`size=${size}`)).some((p) => p.id === product.id);
      expect([await inColour(), await inSize()]).toEqual([true, true]);

      await ctx.database.db.execute(
        sql`delete from product_colors where product_id = ${product.id} and color_id = ${colour}`,
      );
      await ctx.database.db.execute(
        sql`delete from product_sizes where product_id = ${product.id} and size_id = ${size}`,
      );
      expect([await inColour(), await inSize()]).toEqual([false, false]);

      await ctx.database.db.execute(sql`insert into product_colors values (${product.id}, ${colour})`);
      await ctx.database.db.execute(sql`insert into product_sizes values (${product.id}, ${size})`);
      expect([await inColour(), await inSize()]).toEqual([true, true]);
    });
  });

  describe('caching', () => {
    it('shows a catalogue change on the next request', async () => {
      const before = (await list('')).results.products[0] as Product;
      await ctx.database.db.execute(sql`update products set name = 'Змінена назва' where id = ${before.id}`);
      const after = (await list('')).results.products[0] as Product;
      expect(after.name).toBe('Змінена назва');
      await ctx.database.db.execute(sql`update products set name = ${before.name} where id = ${before.id}`);
    });
  });
});

function findLeaf(node: CategoryNode): CategoryNode {
  return node.subcategories.length ? findLeaf(node.subcategories[0] as CategoryNode) : node;
}
