import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers.ts';
import { defaultStorefrontBuildDir } from './storefront.ts';

/**
 * Pages rendered by the real storefront build through the real app, with addresses a shopper (or an
 * attacker) may type: what the API refuses becomes the page's own answer, never a 500, and nothing is
 * written to the console beside the JSON log.
 */

const ensureBuild = fileURLToPath(new URL('../../../../scripts/ensure-build.ts', import.meta.url));

describe('storefront pages with hostile addresses', () => {
  let ctx: TestContext;
  let category: string;
  let printed: string[];

  beforeAll(async () => {
    // Builds the storefront when its build is missing or older than its sources; else a directory walk.
    const built = spawnSync(process.execPath, [ensureBuild, 'storefront'], { encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`the storefront did not build:\n${built.stdout}\n${built.stderr}`);
    ctx = await createTestContext('pglite', {}, { storefront: { buildDir: defaultStorefrontBuildDir } });
    const [top] = await ctx.database.rows<{ slug: string }>(
      sql`select slug from categories where parent_id is null order by id limit 1`,
    );
    category = top?.slug ?? '';
  }, 300_000);
  afterAll(() => ctx?.close());

  // Whatever reaches standard output or error outside the logger (which writes to its own stream).
  beforeEach(() => {
    printed = [];
    for (const stream of [process.stdout, process.stderr]) {
      vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
        printed.push(String(chunk));
        return true;
      });
    }
  });
  afterEach(() => {
    vi.mocked(process.stdout.write).mockRestore();
    vi.mocked(process.stderr.write).mockRestore();
    expect(printed).toEqual([]);
  });

  const page = (url: string) => ctx.app.inject({ url, headers: { accept: 'text/html' } });

  it('answers a search the API refuses (a NUL) with the search page finding nothing, status 400', async () => {
    for (const [url, empty, lang] of [
      ['/search?query=%00', 'За вашим запитом товарів не знайдено', 'uk'],
      ['/ru/search?query=a%00b', 'По вашему запросу товары не найдены', 'ru'],
      ['/search?query=a%00b&exact=1&sort=price&page=2', 'За вашим запитом товарів не знайдено', 'uk'],
    ] as const) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain(`<html lang="${lang}"`);
      // The page's own layout: the header's search form and the listing's empty text.
      expect(res.body).toContain('<search class="search-box">');
      expect(res.body).toContain(empty);
      expect(res.body).not.toContain('\u0000');
    }
  });

  it('answers a page address with a broken escape with the shop’s not-found page, printing nothing', async () => {
    for (const [url, lang] of [
      ['/%zz', 'uk'],
      ['/ru/%FF', 'ru'],
      [`/category/${category}/%E0%A4%A`, 'uk'],
      ['/product/%E0%A4%A?x=%zz', 'uk'],
    ] as const) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain(`<html lang="${lang}"`);
    }
  });

  it('shows a category whatever its filters hold: what the API would refuse is left out', async () => {
    const filters = [
      'color=99999999999999',
      'size=1,2,3,12345678901',
      'min_price=1e400',
      'max_price=99999999999999999999',
      `color=${Array.from({ length: 200 }, (_, i) => 100_000_000 + i).join(',')}`,
      'page=%00&limit=%00&sort=%00&in_stock=%00',
    ];
    for (const query of filters) {
      const res = await page(`/category/${category}?${query}`);
      expect(res.statusCode, query).toBe(200);
    }
  });

  it('answers product and category addresses the API refuses with the not-found page (404)', async () => {
    for (const url of [
      `/product/${category}/%00`,
      `/product/${category}/${'a'.repeat(300)}`,
      `/ru/product/${category}/a%00b`,
      `/category/${'a'.repeat(300)}`,
      `/category/${category}/%00`,
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    }
  });

  it('answers a sitemap file past every id with 404', async () => {
    const res = await page('/sitemaps/products-999999.xml');
    expect(res.statusCode).toBe(404);
  });

  it('logs a page that fails through the server’s log, with the request’s id, not on the console', async () => {
    ctx.expectErrorLog(/unhandled error/, /page failed/);
    await ctx.database.rows(sql`alter table products rename to products_away`);
    try {
      const res = await page('/sitemaps/products-1.xml');
      expect(res.statusCode).toBe(500);
    } finally {
      await ctx.database.rows(sql`alter table products_away rename to products`);
    }
  });
});

describe('the first paint of a streamed page', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('pglite', {}, { storefront: { buildDir: defaultStorefrontBuildDir } });
  }, 300_000);
  afterAll(() => ctx?.close());

  it('waits until the header’s last element is parsed, so a header half received is never painted', async () => {
    for (const url of ['/', '/ru/search?query=ніж', '/no-such-page']) {
      const { body } = await ctx.app.inject({ url: encodeURI(url), headers: { accept: 'text/html' } });
      const head = body.slice(0, body.indexOf('</head>'));
      const blocking = /<link rel="expect" href="#([\w-]+)" blocking="render"\/>/.exec(head);
      expect(blocking, url).not.toBeNull();
      const target = body.indexOf(`id="${blocking?.[1]}"`);
      // The element comes after everything the header's row shows, and inside the header.
      expect(target, url).toBeGreaterThan(body.indexOf('data-testid="cart-button"'));
      expect(target, url).toBeLessThan(body.indexOf('</header>'));
    }
  });
});
