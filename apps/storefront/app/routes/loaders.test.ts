import type { CategoryNode, Product, ProductList } from '@kram/contract/catalog';
import type { HomeContent } from '@kram/contract/site-content';
import { RouterContextProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiContext } from '../lib/request-context';
import { shopState } from '../lib/shop-state';
import { loader as catalogLoader } from './catalog';
import { loader as homeLoader } from './home';
import { clientLoader as productClientLoader, loader as productLoader } from './product';
import { loader as searchLoader } from './search';

// The loaders' answers for the catalogue, product, search and home pages, against a fake API that
// answers as the shop's does: the not-found rules, what each page asks the API for, and what a
// failing call does to the page.

const node = (slug: string, subcategories: CategoryNode[] = []): CategoryNode => ({
  id: slug.length,
  slug,
  name: slug,
  name_ru: slug,
  subcategories,
});
const tree = [node('odyag', [node('verkhnii-odyag', [node('kurtky')])]), node('vzuttia')];

const product = (id: number, slug: string): Product => ({
  id,
  slug,
  sku: `SKU-${id}`,
  name: slug,
  name_ru: slug,
  description: 'Довгий опис',
  description_ru: 'Длинное описание',
  price: null,
  old_price: null,
  is_on_promo: false,
  is_on_sale: true,
  is_new: false,
  sizes: [],
  colors: [],
  compositions: [],
  product_images: [],
  category_full_path: 'odyag/verkhnii-odyag/kurtky',
});
const jacket = product(1, 'kurtka-m65');
const listed = [1, 2, 3, 4, 5, 6].map((id) => product(id, `item-${id}`));

const both = (uk: string, ru: string) => ({ uk, ru });
const homeContent: HomeContent = {
  banner: {
    title: both('Зимовий розпродаж', 'Зимняя распродажа'),
    description: both('Знижки до 30%', 'Скидки до 30%'),
    image: { wide: '/media/content/banner-wide-1.webp', narrow: '/media/content/banner-narrow-1.webp' },
  },
  tiles: [
    { title: both('Доставка', 'Доставка'), text: both('1–3 дні', '1–3 дня'), link: '/delivery', image: null },
    {
      title: both('Куртки', 'Куртки'),
      text: both('Нова колекція', 'Новая коллекция'),
      link: '/category/odyag',
      image: '/media/content/tile-1.webp',
    },
    { title: both('Повернення', 'Возврат'), text: both('14 днів', '14 дней'), link: '/return', image: null },
  ],
  promo: { title: both('Акції', 'Акции'), text: both('Щотижня', 'Каждую неделю') },
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const productList = (products: Product[]): ProductList => ({
  count: products.length,
  results: { products, available_colors: [], min_price: null, max_price: null },
});

/** Paths categories had before renames, and where each is now. */
const categoryMoves: Record<string, string> = {
  'odiah/verkhnii-odyag/kurtky': 'odyag/verkhnii-odyag/kurtky',
  'odiah/verkhnii-odiah': 'odyag/verkhnii-odyag',
  'vzuttia-stare': 'vzuttia',
};

/** The redirect a loader throws: its status and where it leads. */
async function redirectOf(page: Promise<unknown>) {
  const thrown = await page.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(thrown instanceof Response)) throw new Error(`no redirect, but ${JSON.stringify(thrown)}`);
  return { status: thrown.status, location: thrown.headers.get('Location') };
}

/** What a loader throws for the shop's not-found page. */
const notFoundAnswer = { init: { status: 404 } };

/**
 * The shop API's answers; `fail` makes the calls whose path starts with it answer 500, `refuse`
 * makes the calls starting with each path answer its status (400 as for a slug too long).
 */
function fakeApi(fail?: string, refuse: Record<string, number> = {}) {
  const calls: URL[] = [];
  const fetch = async (path: string) => {
    const url = new URL(path, 'http://shop.test');
    calls.push(url);
    if (fail && path.startsWith(fail)) return json({ detail: 'Internal server error.' }, 500);
    for (const [prefix, status] of Object.entries(refuse)) {
      if (path.startsWith(prefix)) return json({ detail: 'Refused.' }, status);
    }
    if (url.pathname === '/api/categories/')
      return json({ count: tree.length, next: null, previous: null, results: tree });
    if (url.pathname === '/api/products') return json(productList(listed));
    if (url.pathname === `/api/products/${jacket.slug}`) return json(jacket);
    // The jacket's slug before two renames, and its category's paths before renames of its own.
    if (['/api/products/kurtka-stara', '/api/products/kurtka-m-65'].includes(url.pathname)) {
      return json(
        { detail: 'Not found.', moved_to: { slug: jacket.slug, category_full_path: jacket.category_full_path } },
        404,
      );
    }
    if (url.pathname === '/api/categories/by-path/') {
      const path = url.searchParams.get('path') ?? '';
      const now = Object.hasOwn(categoryMoves, path) ? categoryMoves[path] : undefined;
      return json(
        { detail: 'Not found.', ...(now ? { moved_to: { slug: now.split('/').at(-1), path: now } } : {}) },
        404,
      );
    }
    if (url.pathname === '/api/rate-product/') return json({ average_rating: 4.5, rating_count: 2 });
    if (url.pathname === '/api/home-content/') return json(homeContent);
    return json({ detail: 'Not found.' }, 404);
  };
  const products = () => calls.filter((u) => u.pathname === '/api/products').map((u) => u.searchParams);
  return { fetch, calls, products };
}

function args(
  api: ReturnType<typeof fakeApi>,
  path: string,
  params: Record<string, string | undefined> = {},
  headers: Record<string, string> = {},
) {
  const context = new RouterContextProvider();
  context.set(apiContext, api.fetch);
  const url = new URL(path, 'http://shop.test');
  // happy-dom's Request drops a Cookie header, as a browser's does; the server's keeps it.
  const request =
    Object.keys(headers).length > 0
      ? { url: url.href, headers: new Map(Object.entries(headers)) as unknown as Headers }
      : new Request(url);
  // biome-ignore lint/suspicious/noExplicitAny: each route's generated argument type; the loaders read only these.
  return { request, url, params, context, pattern: '' } as any;
}

describe('the catalogue loader', () => {
  it('answers 200 with the deepest category’s products for a path in the tree', async () => {
    const api = fakeApi();
    const page = await catalogLoader(
      args(api, '/category/odyag/verkhnii-odyag/kurtky?page=2&sort=new', {
        parent: 'odyag',
        child: 'verkhnii-odyag',
        subchild: 'kurtky',
      }),
    );
    expect(page.init?.status).toBe(200);
    expect(page.data.slugs).toEqual(['odyag', 'verkhnii-odyag', 'kurtky']);
    expect(page.data.listing).toMatchObject({ page: 2, sort: 'new', limit: 12 });
    expect(api.products()).toHaveLength(1);
    expect(Object.fromEntries(api.products()[0] ?? [])).toEqual({
      page: '2',
      limit: '12',
      sort: 'new',
      category_slug: 'kurtky',
    });
    // Cards never show the long texts.
    expect(page.data.list.results.products[0]?.description).toBe('');
  });

  it('is the not-found page (404) for a slug that is not where the path says', async () => {
    for (const params of [
      { parent: 'no-such-category' },
      { parent: 'vzuttia', child: 'kurtky' },
      { parent: 'odyag', child: 'kurtky' },
      // Object.prototype's keys are no categories either.
      { parent: 'valueOf' },
      { parent: '__proto__' },
      { parent: 'constructor' },
      { parent: 'odyag', child: 'hasOwnProperty' },
    ]) {
      const page = catalogLoader(args(fakeApi(), `/category/${Object.values(params).join('/')}`, params));
      await expect(page, JSON.stringify(params)).rejects.toMatchObject(notFoundAnswer);
    }
  });

  it('is the not-found page (404) for a slug the API refuses (400) or does not know (404)', async () => {
    const long = 'a'.repeat(201);
    for (const status of [400, 404]) {
      const api = fakeApi(undefined, { '/api/products': status });
      const page = catalogLoader(args(api, `/category/${long}`, { parent: long }));
      await expect(page, String(status)).rejects.toMatchObject(notFoundAnswer);
    }
  });

  it('answers 301 to where a renamed category is now, in the page’s language, with its filters', async () => {
    const cases: [string, Record<string, string>, string][] = [
      [
        '/category/odiah/verkhnii-odyag/kurtky?page=2&sort=new&color=3,5',
        { parent: 'odiah', child: 'verkhnii-odyag', subchild: 'kurtky' },
        '/category/odyag/verkhnii-odyag/kurtky?page=2&sort=new&color=3,5',
      ],
      [
        '/ru/category/odiah/verkhnii-odiah?in_stock=true',
        { parent: 'odiah', child: 'verkhnii-odiah' },
        '/ru/category/odyag/verkhnii-odyag?in_stock=true',
      ],
      ['/category/vzuttia-stare', { parent: 'vzuttia-stare' }, '/category/vzuttia'],
      ['/ru/category/vzuttia-stare', { parent: 'vzuttia-stare' }, '/ru/category/vzuttia'],
    ];
    for (const [path, params, location] of cases) {
      const api = fakeApi();
      expect(await redirectOf(catalogLoader(args(api, path, params))), path).toEqual({ status: 301, location });
      expect(api.calls.find((u) => u.pathname === '/api/categories/by-path/')?.searchParams.get('path')).toBe(
        Object.values(params).join('/'),
      );
    }
  });

  it('asks where a category moved only for a path not in the tree', async () => {
    const api = fakeApi();
    await catalogLoader(args(api, '/category/odyag', { parent: 'odyag' }));
    expect(api.calls.map((u) => u.pathname)).not.toContain('/api/categories/by-path/');
  });

  it('throws when the API fails, for the error boundary', async () => {
    const page = catalogLoader(args(fakeApi('/api/products'), '/category/odyag', { parent: 'odyag' }));
    await expect(page).rejects.toMatchObject({ status: 500 });
  });

  it('leaves out filters the API would refuse, so a hand-edited address still shows the category', async () => {
    const api = fakeApi();
    const ids = Array.from({ length: 150 }, (_, i) => 100_000_000 + i).join(',');
    const query = new URLSearchParams({
      color: `3,99999999999999,3,${ids}`,
      size: '1234567890',
      min_price: '1e400',
      max_price: '99999999999999999999',
    });
    const page = await catalogLoader(args(api, `/category/odyag?${query}`, { parent: 'odyag' }));
    expect(page.init?.status).toBe(200);
    const sent = api.products()[0];
    const colors = sent?.get('color')?.split(',') ?? [];
    expect(colors[0]).toBe('3');
    expect(colors).toHaveLength(100);
    expect(sent?.get('color')?.length).toBeLessThanOrEqual(1000);
    expect(sent?.has('size')).toBe(false);
    expect(sent?.has('min_price')).toBe(false);
    expect(sent?.has('max_price')).toBe(false);
  });
});

describe('the product loader', () => {
  it('answers 200 with the product, its rating and four other products of its deepest category', async () => {
    const api = fakeApi();
    const page = await productLoader(
      args(api, '/product/odyag/verkhnii-odyag/kurtka-m65', { '*': 'odyag/verkhnii-odyag/kurtka-m65' }),
    );
    expect(page.product?.slug).toBe('kurtka-m65');
    expect(page.product?.description).toBe('Довгий опис');
    expect(page).toMatchObject({ rating: 4.5, categorySlugs: ['odyag', 'verkhnii-odyag'] });
    // The product itself (id 1) is on the category's first page too, and is never its own similar product.
    expect(page.similar?.map((p) => p.id)).toEqual([2, 3, 4, 5]);
    expect(Object.fromEntries(api.products()[0] ?? [])).toEqual({
      page: '1',
      limit: '12',
      sort: 'default',
      category_slug: 'verkhnii-odyag',
    });
  });

  it('is the not-found page (404) without asking the API when the path has one segment or more than four', async () => {
    for (const splat of ['kurtka-m65', '', 'a/b/c/d/kurtka-m65']) {
      const api = fakeApi();
      await expect(productLoader(args(api, `/product/${splat}`, { '*': splat })), splat).rejects.toMatchObject(
        notFoundAnswer,
      );
      expect(api.calls).toEqual([]);
    }
  });

  it('is the not-found page (404) for a product the API does not know, or whose slug it refuses (400)', async () => {
    const page = productLoader(args(fakeApi(), '/product/odyag/no-such-product', { '*': 'odyag/no-such-product' }));
    await expect(page).rejects.toMatchObject(notFoundAnswer);
    const refused = fakeApi(undefined, { '/api/products/': 400 });
    const nul = productLoader(args(refused, '/product/x/%00', { '*': 'x/\u0000' }));
    await expect(nul).rejects.toMatchObject(notFoundAnswer);
    expect(refused.calls.map((u) => u.pathname)).toContain('/api/products/%00');
  });

  it('answers 301 to the product’s current address for a slug it held before, in the page’s language', async () => {
    const now = '/product/odyag/verkhnii-odyag/kurtky/kurtka-m65';
    for (const [path, location] of [
      ['/product/odyag/kurtka-stara', now],
      ['/product/odiah/verkhnii-odiah/kurtka-m-65', now],
      ['/ru/product/odyag/kurtka-stara', `/ru${now}`],
    ] as const) {
      const splat = path.replace(/^(\/ru)?\/product\//, '');
      const page = productLoader(args(fakeApi(), path, { '*': splat }));
      expect(await redirectOf(page), path).toEqual({ status: 301, location });
    }
  });

  it('still shows the product when similar products or the rating cannot be read', async () => {
    for (const fail of ['/api/products?', '/api/rate-product/']) {
      const page = await productLoader(args(fakeApi(fail), '/product/odyag/kurtka-m65', { '*': 'odyag/kurtka-m65' }));
      expect(page.product?.id).toBe(1);
    }
    const noSimilar = await productLoader(
      args(fakeApi('/api/products?'), '/product/odyag/kurtka-m65', { '*': 'odyag/kurtka-m65' }),
    );
    // Null, not an empty list: the page says they could not be loaded rather than that there are none.
    expect(noSimilar.similar).toBeNull();
    const noRating = await productLoader(
      args(fakeApi('/api/rate-product/'), '/product/odyag/kurtka-m65', { '*': 'odyag/kurtka-m65' }),
    );
    // No stars rather than a made-up rating.
    expect(noRating.rating).toBeNull();
  });

  it('throws when the product itself cannot be read, for the error boundary', async () => {
    const page = productLoader(
      args(fakeApi('/api/products/'), '/product/odyag/kurtka-m65', { '*': 'odyag/kurtka-m65' }),
    );
    await expect(page).rejects.toMatchObject({ status: 500 });
  });

  describe('in the browser', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    it('goes on to the product’s current address from a slug it held before', async () => {
      const api = fakeApi();
      vi.stubGlobal('fetch', (path: string) => api.fetch(path));
      const request = new Request('http://shop.test/ru/product/odyag/kurtka-stara');
      // biome-ignore lint/suspicious/noExplicitAny: the route's generated argument type.
      const page = productClientLoader({ params: { '*': 'odyag/kurtka-stara' }, request } as any);
      expect(await redirectOf(page)).toEqual({
        status: 301,
        location: '/ru/product/odyag/verkhnii-odyag/kurtky/kurtka-m65',
      });
    });

    it('asks for similar products with the catalogue’s last sort, colours and price range', async () => {
      const api = fakeApi();
      vi.stubGlobal('fetch', (path: string) => api.fetch(path));
      const before = shopState.get();
      shopState.set((s) => ({ ...s, sort: 'new', colors: [3, 5], minPrice: 100, maxPrice: 900 }));
      try {
        const page = await productClientLoader(
          // biome-ignore lint/suspicious/noExplicitAny: the route's generated argument type.
          { params: { '*': 'odyag/kurtka-m65' } } as any,
        );
        expect(page.product?.id).toBe(1);
      } finally {
        shopState.set(before);
      }
      expect(Object.fromEntries(api.products()[0] ?? [])).toEqual({
        page: '1',
        limit: '12',
        sort: 'new',
        category_slug: 'odyag',
        color: '3,5',
        min_price: '100',
        max_price: '900',
      });
    });
  });
});

describe('the search loader', () => {
  it('asks for the trimmed query, at most 200 characters, with the listing', async () => {
    const api = fakeApi();
    const query = `  ${'ж'.repeat(210)} `;
    const page = await searchLoader(args(api, `/search?${new URLSearchParams({ query, limit: '25' })}`));
    expect(page.init?.status).toBe(200);
    expect(page.data.query).toBe('ж'.repeat(200));
    expect(page.data.listing.limit).toBe(25);
    expect(api.products()[0]?.get('search')).toBe('ж'.repeat(200));
  });

  it('lists every product without a query, or with a blank one', async () => {
    for (const path of ['/search', '/search?query=%20%20']) {
      const api = fakeApi();
      const page = await searchLoader(args(api, path));
      expect(page.data.query).toBe('');
      expect(page.data.list.count).toBe(6);
      expect(api.products()[0]?.has('search')).toBe(false);
    }
  });

  it('throws when the API fails, for the error boundary', async () => {
    await expect(searchLoader(args(fakeApi('/api/products'), '/search?query=x'))).rejects.toMatchObject({
      status: 500,
    });
  });

  it('finds nothing, with status 400, for a query the API refuses (a NUL)', async () => {
    for (const path of ['/search?query=%00', '/ru/search?query=a%00b', '/search?query=a%00b&exact=1']) {
      const api = fakeApi(undefined, { '/api/products': 400 });
      const page = await searchLoader(args(api, path));
      expect(page.init?.status, path).toBe(400);
      expect(page.data.refused).toBe(true);
      expect(page.data.list).toEqual({
        count: 0,
        results: { products: [], available_colors: [], min_price: null, max_price: null },
      });
      expect(page.data.query).not.toContain('\u0000');
      expect(api.products()).toHaveLength(1);
    }
  });
});

describe('the home loader', () => {
  it('fills the popular and new sliders, 12 each', async () => {
    const api = fakeApi();
    const page = await homeLoader(args(api, '/'));
    expect(page.popular).toHaveLength(6);
    expect(page.fresh).toHaveLength(6);
    expect(api.products().map((p) => [p.get('sort'), p.get('limit'), p.get('page')])).toEqual([
      ['popular', '12', '1'],
      ['new', '12', '1'],
    ]);
  });

  it('shows the page with empty sliders when the API fails', async () => {
    const page = await homeLoader(args(fakeApi('/api/products'), '/'));
    expect(page).toMatchObject({ popular: [], fresh: [] });
    expect(page.content.banner.title).toBe('Зимовий розпродаж');
  });

  it('carries the staff’s content in the page’s language only', async () => {
    const uk = await homeLoader(args(fakeApi(), '/'));
    expect(uk.content).toEqual({
      banner: {
        title: 'Зимовий розпродаж',
        description: 'Знижки до 30%',
        image: { wide: '/media/content/banner-wide-1.webp', narrow: '/media/content/banner-narrow-1.webp' },
      },
      tiles: [
        { title: 'Доставка', text: '1–3 дні', link: '/delivery', image: null },
        { title: 'Куртки', text: 'Нова колекція', link: '/category/odyag', image: '/media/content/tile-1.webp' },
        { title: 'Повернення', text: '14 днів', link: '/return', image: null },
      ],
      promo: { title: 'Акції', text: 'Щотижня' },
    });
    // The address decides the language, not the cookie (decision 029).
    const byCookie = await homeLoader(args(fakeApi(), '/', {}, { cookie: 'lng=ru' }));
    expect(byCookie.content.banner.title).toBe('Зимовий розпродаж');
    const ru = await homeLoader(args(fakeApi(), '/ru/'));
    expect(ru.content.banner.title).toBe('Зимняя распродажа');
    expect(ru.content.tiles.map((t) => t.text)).toEqual(['1–3 дня', 'Новая коллекция', '14 дней']);
    expect(ru.content.promo).toEqual({ title: 'Акции', text: 'Каждую неделю' });
  });

  it('throws for the error boundary when the content cannot be read', async () => {
    await expect(homeLoader(args(fakeApi('/api/home-content/'), '/'))).rejects.toMatchObject({ status: 500 });
  });
});
