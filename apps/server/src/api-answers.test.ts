import type { Product } from '@kram/contract/catalog';
import { errorCodesHeader, readErrorCodes } from '@kram/contract/error-codes';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dialectBackends, type TestContext } from '../test/helpers.ts';
import { type CatalogProduct, catalogProducts, lineOf, orderPayload } from '../test/orders.ts';
import { bearer, signUp, staffUser } from '../test/users.ts';
import { vitalsRepository } from './modules/vitals/vitals.repository.ts';
import { bucketCount, bucketOf } from './modules/vitals/vitals-histogram.ts';

/**
 * The shop API's answers to a fixed set of requests, kept in files beside this test. Refactoring
 * must leave them byte for byte as they were; only values that differ on every run (tokens, ids,
 * invoice addresses) are masked. A change to an answer on purpose is a change to these files.
 */

interface Exchange {
  request: string;
  status: number;
  body: unknown;
}

const volatileKeys = new Set(['access', 'refresh', 'order_id', 'payment_url', 'invoice_id', 'created_at']);
const jwt = /^[\w-]+\.[\w-]+\.[\w-]+$/;
const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

function mask(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(mask);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, volatileKeys.has(k) && v !== null ? `<${k}>` : mask(v)]),
    );
  }
  if (typeof value === 'string') return jwt.test(value) ? '<jwt>' : value.replace(uuid, '<uuid>');
  return value;
}

async function exchange(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  options: { payload?: object; headers?: Record<string, string> } = {},
): Promise<Exchange> {
  const res = await app.inject({
    method,
    url,
    payload: options.payload,
    headers: { 'x-forwarded-for': '10.9.9.9', ...options.headers },
  });
  const body = res.body === '' ? null : res.json();
  if (res.statusCode >= 400) expectOneCodePerMessage(body, res.headers[errorCodesHeader]);
  return { request: `${method} ${url}`, status: res.statusCode, body: mask(body) };
}

/**
 * Every message of an error answer has its code in the header, field by field in the body's order:
 * a client never needs the English words to know what went wrong.
 */
function expectOneCodePerMessage(body: Record<string, unknown>, header: unknown) {
  const codes = readErrorCodes(typeof header === 'string' ? header : undefined);
  const expected = Object.entries(body).flatMap(([field, value]) =>
    Array.isArray(value) ? value.map(() => field) : field === 'detail' ? [undefined] : [],
  );
  expect(codes.map((c) => c.field)).toEqual(expected);
  for (const code of codes) expect(code.code).toMatch(/^[a-z_]+(\.[a-z0-9_]+)*$/);
}

const snapshot = (exchanges: Exchange[]) => `${JSON.stringify(exchanges, null, 1)}\n`;

type ListedProduct = Pick<Product, 'id' | 'slug' | 'price' | 'old_price' | 'is_on_promo' | 'is_on_sale' | 'is_new'>;

/**
 * A listing as recorded: everything but its products as answered, the first product whole, and each
 * other product as one line of what sorts, filters and price hiding decide (id, slug, price, old
 * price, flags). Which products, in which order, with which prices is kept; a product's whole shape
 * is recorded once per listing and by the product pages.
 */
function recordedListing(listing: Exchange): Exchange {
  const body = listing.body as { results?: { products?: ListedProduct[] } } | null;
  const products = body?.results?.products;
  if (!products || products.length === 0) return listing;
  const [first, ...rest] = products;
  const line = (p: ListedProduct) =>
    [
      p.id,
      p.slug,
      p.price ?? 'no price',
      p.old_price ? `was ${p.old_price}` : '',
      p.is_on_promo ? 'promo' : '',
      p.is_on_sale ? 'sale' : '',
      p.is_new ? 'new' : '',
    ]
      .filter((part) => part !== '')
      .join(' ');
  return { ...listing, body: { ...body, results: { ...body.results, products: [first, ...rest.map(line)] } } };
}

describe.each(dialectBackends)('recorded API answers on %s', (backend) => {
  let ctx: TestContext;
  let token: string;
  let products: CatalogProduct[];

  beforeAll(async () => {
    ctx = await createTestContext(backend);
    products = await catalogProducts(ctx.database);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('catalogue', async () => {
    const { app } = ctx;
    const register = await exchange(app, 'POST', '/api/register/', {
      payload: {
        first_name: 'Ірина',
        last_name: 'Бойко',
        email: 'answers@example.com',
        telephone: '+380501112233',
        password: 'secret-1',
        password2: 'secret-1',
      },
    });
    expect(register.status).toBe(201);
    const login = await app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { email_or_phone: 'answers@example.com', password: 'secret-1' },
    });
    token = login.json().access;

    const listings = [
      '/api/products',
      '/api/products?page=2&limit=25',
      '/api/products?sort=new',
      '/api/products?sort=popular&limit=50',
      '/api/products?sort=sale&in_stock=true',
      '/api/products?sort=cheap',
      '/api/products?sort=expensive&page=3',
      '/api/products?category_slug=odyag',
      '/api/products?category_slug=odyag&color=1,2,3&sort=new',
      '/api/products?category_slug=vzuttia&size=20,21',
      '/api/products?category_slug=no-such-category',
      '/api/products?min_price=500&max_price=2500&sort=cheap',
      '/api/products?color=4&min_price=1000',
      '/api/products?search=%D0%BA%D1%83%D1%80%D1%82%D0%BA%D0%B0',
      '/api/products?search=rehnrf&sort=new',
      '/api/products?search=kurtka&color=1',
      '/api/products?search=%D1%88%D1%82%D0%B0%D0%BD%D0%B8%20%D1%82%D0%B0%D0%BA%D1%82%D0%B8%D1%87%D0%BD%D1%96&limit=50',
      '/api/products?search=%D1%81%D0%BF%D0%B0%D0%BB%D1%8C%D0%BD%D0%B8%D0%BA&sort=cheap',
      '/api/products?search=zzzzqqq',
      '/api/products?sort=nope',
      '/api/products?limit=13',
      '/api/products?page=0',
      '/api/products?color=a,b',
    ];
    const out: Exchange[] = [register, await exchange(app, 'GET', '/api/categories/')];
    for (const url of listings) {
      out.push(recordedListing(await exchange(app, 'GET', url)));
      const signedIn = await exchange(app, 'GET', url, { headers: bearer(token) });
      out.push(recordedListing({ ...signedIn, request: `GET ${url} (signed in)` }));
    }
    for (const product of [products[0], products[7], products[150]] as CatalogProduct[]) {
      const [row] = await ctx.database.rows<{ slug: string }>(sql`select slug from products where id = ${product.id}`);
      const url = `/api/products/${row?.slug}`;
      out.push(await exchange(app, 'GET', url));
      out.push({ ...(await exchange(app, 'GET', url, { headers: bearer(token) })), request: `GET ${url} (signed in)` });
    }
    out.push(await exchange(app, 'GET', '/api/products/no-such-product'));
    for (const q of ['%D0%BA%D1%83%D1%80', 'rehn', 'tac', '']) {
      out.push(await exchange(app, 'GET', `/api/search/suggest?q=${q}`));
    }
    await expect(snapshot(out)).toMatchFileSnapshot('__answers__/catalogue.json');
  });

  it('accounts', async () => {
    const { app } = ctx;
    const auth = { headers: bearer(token) };
    const productId = (products[3] as CatalogProduct).id;
    const out: Exchange[] = [
      await exchange(app, 'POST', '/api/register/', {
        payload: {
          first_name: 'Ірина',
          last_name: 'Бойко',
          email: 'answers@example.com',
          telephone: '+380501112233',
          password: 'secret-1',
          password2: 'secret-1',
        },
      }),
      await exchange(app, 'POST', '/api/register/', {
        payload: { first_name: '', last_name: 'x', email: 'bad', telephone: '123', password: '1', password2: '2' },
      }),
      await exchange(app, 'POST', '/api/login/', {
        payload: { email_or_phone: 'answers@example.com', password: 'wrong-one' },
      }),
      await exchange(app, 'POST', '/api/login/', {
        payload: { email_or_phone: '+380501112233', password: 'secret-1' },
      }),
      await exchange(app, 'POST', '/api/login/', { payload: {} }),
      await exchange(app, 'GET', '/api/user-profile/', auth),
      await exchange(app, 'GET', '/api/user-profile/'),
      await exchange(app, 'PATCH', '/api/user-profile/', { ...auth, payload: { first_name: 'Іра' } }),
      await exchange(app, 'PATCH', '/api/user-profile/', { ...auth, payload: { telephone: 'nope' } }),
      await exchange(app, 'POST', '/api/wishlist/', { ...auth, payload: { product_id: productId } }),
      await exchange(app, 'POST', '/api/wishlist/', { ...auth, payload: { product_id: 99999999 } }),
      await exchange(app, 'GET', '/api/wishlist/', auth),
      await exchange(app, 'DELETE', '/api/wishlist/remove/', { ...auth, payload: { product_id: productId } }),
      await exchange(app, 'GET', '/api/wishlist/', auth),
      await exchange(app, 'GET', `/api/rate-product/?product_id=${productId}`),
      await exchange(app, 'POST', '/api/rate-product/', { ...auth, payload: { product_id: productId, rating: 4 } }),
      await exchange(app, 'POST', '/api/rate-product/', { ...auth, payload: { product_id: productId, rating: 6 } }),
      await exchange(app, 'POST', '/api/rate-product/', { payload: { product_id: productId, rating: 3 } }),
      await exchange(app, 'GET', `/api/rate-product/?product_id=${productId}`),
      await exchange(app, 'POST', '/api/password-reset-request/', { payload: { email: 'answers@example.com' } }),
      await exchange(app, 'POST', '/api/password-reset-request/', { payload: { email: 'nobody@example.com' } }),
      await exchange(app, 'POST', '/api/password-reset-request/', { payload: { email: 'not-an-email' } }),
      await exchange(app, 'POST', '/api/reset-password/', {
        payload: { token: 'abc', uid: 'xyz', new_password: 'another-1' },
      }),
      await exchange(app, 'POST', '/api/token/refresh/', { payload: { refresh: 'not-a-token' } }),
      await exchange(app, 'POST', '/api/feedback/', {
        payload: { name: '', phone_number: '', email: 'x', message: '', captcha: '' },
      }),
    ];
    await expect(snapshot(out)).toMatchFileSnapshot('__answers__/accounts.json');
  });

  it('orders and payments', async () => {
    const { app } = ctx;
    const auth = { headers: bearer(token) };
    const dressed = products.filter((p) => p.inStock && p.sizeIds.length > 0 && p.colorIds.length > 0);
    const [a, b] = dressed as [CatalogProduct, CatalogProduct];
    const soldOut = products.find((p) => !p.inStock) as CatalogProduct;
    const order = (overrides: object = {}) => ({
      ...orderPayload([lineOf(a, 2), lineOf(b)], overrides),
      email: 'buyer@example.com',
    });
    const out: Exchange[] = [
      await exchange(app, 'GET', '/api/novaposhta/cities/?search=%D0%9A%D0%B8%D1%97'),
      await exchange(app, 'GET', '/api/novaposhta/cities/?search='),
      await exchange(app, 'POST', '/api/orders/', { payload: order() }),
      await exchange(app, 'POST', '/api/orders/', { ...auth, payload: order({ payment_method: 'matching' }) }),
      await exchange(app, 'POST', '/api/orders/', { payload: order({ delivery_type: 'self_delivery' }) }),
      await exchange(app, 'POST', '/api/orders/', { payload: order({ items: [] }) }),
      await exchange(app, 'POST', '/api/orders/', { payload: order({ items: [lineOf(soldOut)] }) }),
      await exchange(app, 'POST', '/api/orders/', { payload: { ...order(), price: '1.00' } }),
      await exchange(app, 'POST', '/api/orders/', { payload: order({ items: [lineOf(a, 9999)] }) }),
      await exchange(app, 'GET', '/api/orders/', auth),
      await exchange(app, 'GET', '/api/orders/'),
      await exchange(app, 'POST', '/api/create-monobank-invoice/', {
        ...auth,
        payload: order({ payment_method: 'card' }),
      }),
      await exchange(app, 'POST', '/api/create-monobank-invoice/', { payload: order({ isAgreement: false }) }),
    ];
    await expect(snapshot(out)).toMatchFileSnapshot('__answers__/orders.json');
  });

  it('web vitals', async () => {
    const { app } = ctx;
    const staff = await staffUser(app, ctx.database);
    const shopper = await signUp(app);
    // Two days of histograms, so the staff's answer does not depend on the day the test runs (no
    // report below is taken, so nothing is written that would delete days past the 90 kept).
    const lcp = (values: number[]) => {
      const counts = new Array<number>(bucketCount('LCP')).fill(0);
      for (const value of values) counts[bucketOf('LCP', value)] = (counts[bucketOf('LCP', value)] ?? 0) + 1;
      return counts;
    };
    await vitalsRepository(ctx.database).add([
      { day: '2026-01-05', pageType: 'product', metric: 'LCP', counts: lcp([1200, 2600, 3100, 900]) },
      { day: '2026-01-06', pageType: 'product', metric: 'LCP', counts: lcp([4500, 1800]) },
      { day: '2026-01-06', pageType: 'home', metric: 'LCP', counts: lcp([700]) },
    ]);
    const report = (payload: object) => exchange(app, 'POST', '/api/vitals/', { payload });
    const out: Exchange[] = [
      await report({ metric: 'TTFB', value: 120, page_type: 'home' }),
      await report({ metric: 'INP', value: 60_001, page_type: 'home' }),
      await report({ metric: 'INP', value: 80, page_type: 'product', url: '/product/x' }),
      await report({ metric: 'LCP', value: 900, page_type: 'landing' }),
      await report({ metric: 'CLS', value: '0.1', page_type: 'home' }),
      await exchange(app, 'GET', '/api/admin/vitals/?from=2026-01-05&to=2026-01-06', {
        headers: bearer(staff.access),
      }),
      await exchange(app, 'GET', '/api/admin/vitals/?from=2026-01-06&to=2026-01-05', {
        headers: bearer(staff.access),
      }),
      await exchange(app, 'GET', '/api/admin/vitals/', { headers: bearer(shopper.access) }),
    ];
    await expect(snapshot(out)).toMatchFileSnapshot('__answers__/vitals.json');
  });
});
