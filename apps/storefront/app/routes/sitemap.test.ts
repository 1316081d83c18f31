import fs from 'node:fs';
import path from 'node:path';
import type { CategoryNode } from '@kram/contract/catalog';
import type { SitemapProductPage, SitemapSummary } from '@kram/contract/sitemap';
import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { apiContext, siteContext } from '../lib/request-context';
import { maxUrlsPerFile, namespaces } from '../lib/sitemap.server';
import { loader as indexLoader } from './sitemap';
import { loader as fileLoader } from './sitemap-file';

// The sitemaps of a 100,000-product shop, against a fake API that pages its products as the shop's
// does: the index names every file, no file holds more than 50,000 addresses, every address is
// absolute in PUBLIC_URL, and the loaders never ask for more than one page of products at a time.

const publicUrl = 'https://shop.example.ua';
const node = (slug: string, subcategories: CategoryNode[] = []): CategoryNode => ({
  id: slug.length,
  slug,
  name: slug,
  name_ru: slug,
  subcategories,
});
const tree = [node('odyag', [node('verkhnii-odyag', [node('kurtky')]), node('shtany')]), node('vzuttia')];

function fakeShop(products: number) {
  const calls: URL[] = [];
  const updatedAt = (id: number) => new Date(Date.UTC(2026, 0, 1) + id * 60_000).toISOString();
  const fetch = async (path: string) => {
    const url = new URL(path, 'http://shop.test');
    calls.push(url);
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/api/categories/')
      return json({ count: tree.length, next: null, previous: null, results: tree });
    const perFile = Number(url.searchParams.get('per_file'));
    if (url.pathname === '/api/sitemap/') {
      const files = Math.ceil(products / perFile);
      const summary: SitemapSummary = {
        per_file: perFile,
        product_files: Array.from({ length: files }, (_, i) => {
          const last = Math.min(products, (i + 1) * perFile);
          return { file: i + 1, count: last - i * perFile, updated_at: updatedAt(last) };
        }),
      };
      return json(summary);
    }
    if (url.pathname === '/api/sitemap/products/') {
      const file = Number(url.searchParams.get('file'));
      const after = Number(url.searchParams.get('after') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 1000);
      const from = Math.max(after, (file - 1) * perFile) + 1;
      const through = Math.min(products, file * perFile, from + limit - 1);
      const list: SitemapProductPage['products'] = [];
      for (let id = from; id <= through; id++) {
        list.push({
          id,
          slug: `item-${id}`,
          category_full_path: id % 2 ? 'odyag/verkhnii-odyag/kurtky' : 'vzuttia',
          updated_at: updatedAt(id),
          images: [`/media/products/item-${id}-1-1200.webp`, `/media/products/item-${id}-2-1200.webp`],
        });
      }
      return json({ products: list, next_after: list.length === limit && through < file * perFile ? through : null });
    }
    return json({ detail: 'Not found.' });
  };
  return { fetch, calls };
}

function args(shop: ReturnType<typeof fakeShop>, params: Record<string, string> = {}) {
  const context = new RouterContextProvider();
  context.set(apiContext, shop.fetch);
  context.set(siteContext, { publicUrl });
  // biome-ignore lint/suspicious/noExplicitAny: each route's generated argument type; the loaders read only these.
  return { request: new Request(`${publicUrl}/sitemap.xml`), params, context } as any;
}

// The protocols' schemas (__fixtures__/sitemap-schemas/README.md), checked by libxml2's xmllint.
const schemaDir = path.join(import.meta.dirname, '__fixtures__/sitemap-schemas');
const schemas = [
  'siteindex.xsd',
  'sitemap.xsd',
  'sitemap-image.xsd',
  'xhtml-link.xsd',
  'sitemap-with-extensions.xsd',
].map((fileName) => ({ fileName, contents: fs.readFileSync(path.join(schemaDir, fileName), 'utf8') }));

/** What the schema finds wrong with a sitemap index (`siteindex.xsd`) or file; nothing when it is valid. */
async function schemaErrors(xml: string, schema: 'siteindex.xsd' | 'sitemap-with-extensions.xsd'): Promise<string[]> {
  const result = await validateXML({
    xml: { fileName: 'sitemap.xml', contents: xml },
    schema: schemas.find((s) => s.fileName === schema) as (typeof schemas)[number],
    preload: schemas.filter((s) => s.fileName !== schema),
    // A file of 50,000 addresses is some 30 MB.
    maxMemoryPages: 16_384,
  });
  return result.errors.map((e) => e.rawMessage);
}

const count = (xml: string, pattern: RegExp) => xml.match(pattern)?.length ?? 0;
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] as string);

describe('the sitemaps of a 100,000-product shop', () => {
  const shop = fakeShop(100_000);

  it('index every file: pages, categories and four product files, each product file with its last change', async () => {
    const response = await indexLoader(args(shop));
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await response.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/,
    );
    expect(locs(xml)).toEqual([
      `${publicUrl}/sitemaps/pages.xml`,
      `${publicUrl}/sitemaps/categories.xml`,
      ...[1, 2, 3, 4].map((n) => `${publicUrl}/sitemaps/products-${n}.xml`),
    ]);
    expect(count(xml, /<lastmod>/g)).toBe(4);
    expect(await schemaErrors(xml, 'siteindex.xsd')).toEqual([]);
  });

  it('hold at most 50,000 addresses a file, each product in both languages with its alternates, lastmod and photos', async () => {
    const seen = new Set<string>();
    for (const n of [1, 2, 3, 4]) {
      shop.calls.length = 0;
      const response = await fileLoader(args(shop, { file: `products-${n}.xml` }));
      expect(response.status).toBe(200);
      const xml = await response.text();
      expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset ')).toBe(true);
      for (const ns of Object.values(namespaces)) expect(xml).toContain(`"${ns}"`);
      expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
      const urls = count(xml, /<url>/g);
      expect(urls).toBeLessThanOrEqual(maxUrlsPerFile);
      expect(urls).toBe(50_000);
      expect(count(xml, /<\/url>/g)).toBe(urls);
      expect(
        count(xml, /<xhtml:link rel="alternate" hreflang="(uk|ru|x-default)" href="https:\/\/shop\.example\.ua\//g),
      ).toBe(urls * 3);
      expect(count(xml, /<lastmod>/g)).toBe(urls);
      expect(count(xml, /<image:image><image:loc>https:\/\/shop\.example\.ua\/media\//g)).toBe(urls * 2);
      if (n === 1) expect(await schemaErrors(xml, 'sitemap-with-extensions.xsd')).toEqual([]);
      for (const loc of locs(xml)) {
        expect(loc.startsWith(`${publicUrl}/`)).toBe(true);
        if (!loc.includes('/media/')) seen.add(loc);
      }
      // One page of products at a time, never the catalogue.
      const pages = shop.calls.filter((u) => u.pathname === '/api/sitemap/products/');
      expect(pages.length).toBe(25);
      expect(pages.every((u) => !u.searchParams.has('limit') || Number(u.searchParams.get('limit')) <= 1000)).toBe(
        true,
      );
    }
    // Every product in both languages, once.
    expect(seen.size).toBe(200_000);
    expect(seen).toContain(`${publicUrl}/product/odyag/verkhnii-odyag/kurtky/item-1`);
    expect(seen).toContain(`${publicUrl}/ru/product/vzuttia/item-100000`);
    // Four files of 50,000 addresses and a schema check of 30 MB: seconds of work, more on a busy machine.
  }, 60_000);

  it('write a product as one entry per language, each naming both and x-default', async () => {
    const xml = await (await fileLoader(args(fakeShop(1), { file: 'products-1.xml' }))).text();
    const uk = `${publicUrl}/product/odyag/verkhnii-odyag/kurtky/item-1`;
    const ru = `${publicUrl}/ru/product/odyag/verkhnii-odyag/kurtky/item-1`;
    const alternates =
      `<xhtml:link rel="alternate" hreflang="uk" href="${uk}"/>` +
      `<xhtml:link rel="alternate" hreflang="ru" href="${ru}"/>` +
      `<xhtml:link rel="alternate" hreflang="x-default" href="${uk}"/>`;
    const lastmod = '<lastmod>2026-01-01T00:01:00.000Z</lastmod>';
    const images =
      `<image:image><image:loc>${publicUrl}/media/products/item-1-1-1200.webp</image:loc></image:image>` +
      `<image:image><image:loc>${publicUrl}/media/products/item-1-2-1200.webp</image:loc></image:image>`;
    expect(xml).toContain(
      `<url><loc>${uk}</loc>${lastmod}${alternates}${images}</url>\n<url><loc>${ru}</loc>${lastmod}${alternates}${images}</url>`,
    );
  });

  it('list the information pages and every category in both languages', async () => {
    const pages = await (await fileLoader(args(shop, { file: 'pages.xml' }))).text();
    expect(locs(pages)).toEqual(
      ['/', '/delivery', '/contacts', '/about', '/conf', '/return', '/oferta'].flatMap((p) => [
        `${publicUrl}${p}`,
        `${publicUrl}${p === '/' ? '/ru/' : `/ru${p}`}`,
      ]),
    );
    const categories = await (await fileLoader(args(shop, { file: 'categories.xml' }))).text();
    expect(locs(categories)).toContain(`${publicUrl}/ru/category/odyag/verkhnii-odyag/kurtky`);
    expect(count(categories, /<url>/g)).toBe(2 * 5);
  });

  it('answer a file that does not exist, or holds no product, with 404', async () => {
    for (const file of ['products-5.xml', 'products-0.xml', 'categories-2.xml', 'other.xml', 'products-1.xml.gz']) {
      expect((await fileLoader(args(shop, { file }))).status, file).toBe(404);
    }
  });

  it('answer a file number the API refuses (400) with 404, not an error', async () => {
    const refusing = {
      ...shop,
      fetch: async (path: string) =>
        path.startsWith('/api/sitemap/products/')
          ? new Response(JSON.stringify({ detail: 'The request holds a value the shop cannot store.' }), {
              status: 400,
              headers: { 'content-type': 'application/json' },
            })
          : shop.fetch(path),
    };
    const response = await fileLoader(args(refusing, { file: 'products-999999.xml' }));
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('Not found.\n');
  });
});

describe('the sitemaps of a 300-product shop', () => {
  const shop = fakeShop(300);

  it('validate against the sitemap schemas: the index and every file it names', async () => {
    const index = await (await indexLoader(args(shop))).text();
    expect(await schemaErrors(index, 'siteindex.xsd')).toEqual([]);
    const files = locs(index).map((loc) => loc.replace(`${publicUrl}/sitemaps/`, ''));
    expect(files).toEqual(['pages.xml', 'categories.xml', 'products-1.xml']);
    for (const file of files) {
      const xml = await (await fileLoader(args(shop, { file }))).text();
      expect(await schemaErrors(xml, 'sitemap-with-extensions.xsd'), file).toEqual([]);
    }
  });

  it('are checked by schemas that do find a fault: a date that is none, an extension before lastmod', async () => {
    const index = await (await indexLoader(args(shop))).text();
    const badDate = index.replace(/<lastmod>[^<]*<\/lastmod>/, '<lastmod>yesterday</lastmod>');
    expect((await schemaErrors(badDate, 'siteindex.xsd')).join('\n')).toMatch(/lastmod/);
    const file = await (await fileLoader(args(shop, { file: 'products-1.xml' }))).text();
    const extensionFirst = file.replace(
      /(<loc>[^<]*<\/loc>)(<lastmod>[^<]*<\/lastmod>)/,
      '$1<image:image><image:loc>x</image:loc></image:image>$2',
    );
    expect((await schemaErrors(extensionFirst, 'sitemap-with-extensions.xsd')).join('\n')).toMatch(/lastmod/);
  });
});
