import http from 'node:http';
import fc from 'fast-check';
// The API fuzz test's generators (requests shaped by each operation's schemas, hostile parts mixed in),
// sent here over a socket to a real process instead of through app.inject.
import { type JsonSchema, type Known, type Operation, requestFor } from '../../apps/server/test/request-arbitrary.ts';

/** One request as it goes on the wire, and the kind of fuzzing that made it. */
export interface WireRequest {
  kind: 'api' | 'page' | 'malformed' | 'headers';
  method: string;
  /** The request target exactly as sent (not re-encoded). */
  target: string;
  headers: [string, string][];
  body?: Buffer;
}

export interface ApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
}

/** What the fuzz knows of the shop: values that exist, so requests get past "not found". */
export interface ShopFacts {
  categories: string[];
  slugs: string[];
  tokens: string[];
  known: Known;
  examples: Record<string, unknown[]>;
}

/** A small seeded generator (mulberry32): the same seed makes the same run. */
export function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)] as T;
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}
type Random = ReturnType<typeof random>;

/** Every method Node's HTTP parser accepts but CONNECT, whose target is a host, not a path (sent on its own). */
const anyMethod = http.METHODS.filter((m) => m !== 'CONNECT');

const hostileValues = [
  '%00',
  'a%00b',
  '%E0%A4%A',
  '%ZZ',
  '%',
  '%FF%FE',
  '%C0%AE%C0%AE',
  '%ED%A0%80',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '<script>alert(1)</script>',
  "'%20or%201=1--",
  '__proto__',
  '-1',
  '1e309',
  'NaN',
  '9'.repeat(40),
  'я'.repeat(10),
  '%D1%8F'.repeat(300),
  'x'.repeat(3000),
];

/** The storefront's pages (apps/storefront/app/routes.ts) and what lives beside them. */
function pagePath(r: Random, shop: ShopFacts): string {
  const category = () => r.pick(shop.categories.length ? shop.categories : ['odyag']);
  const slug = () => r.pick(shop.slugs.length ? shop.slugs : ['no-such-product']);
  const path = r.pick([
    () => '/',
    () => `/category/${category()}`,
    () => `/category/${category()}/${category()}`,
    () => `/category/${category()}/${category()}/${category()}/${category()}`,
    () => `/product/${category()}/${slug()}`,
    () => `/product/${slug()}`,
    () => '/search',
    () => '/wishlist',
    () => '/checkout',
    () => '/success-order',
    () => r.pick(['/delivery', '/contacts', '/about', '/conf', '/return', '/oferta']),
    () => '/change-password',
    () => r.pick(['/profile', '/profile-wishlist', '/profile-orders']),
    () => '/no-such-page',
    () => r.pick(['/sitemap.xml', '/sitemaps/products-1.xml', '/sitemaps/none.xml', '/robots.txt']),
    () => r.pick(['/uk/admin', '/uk/admin/', '/ru/admin/orders', '/admin/assets/none.js']),
    () => r.pick(['/locales/uk.json', '/locales/ru.json', '/locales/en.json', '/favicon.svg', '/manifest.webmanifest']),
    () => r.pick(['/assets/none.js', '/media/none.webp', '/media/products/none.avif']),
    () => `/share/product/${slug()}.png`,
    // React Router's own: a route's data, and the manifest of lazily discovered routes.
    () => `/category/${category()}.data`,
    () => '/_root.data',
    () => `/__manifest?p=${encodeURIComponent(`/product/${slug()}`)}&version=${r.pick(['x', '', '%00'])}`,
  ])();
  const ru = r.chance(0.35) && !/^\/(uk|ru)\/admin|^\/(locales|assets|media|admin)\//.test(path);
  return ru ? `/ru${path === '/' ? '/' : path}` : path;
}

function pageQuery(r: Random, shop: ShopFacts): string {
  if (r.chance(0.5)) return '';
  const parts = Array.from({ length: 1 + r.int(3) }, () =>
    r.pick([
      () => `page=${r.pick(['1', '2', '0', '-1', '99999', 'x', ...hostileValues])}`,
      () => `page_size=${r.pick(['12', '24', '100', '101', '0', 'x'])}`,
      () => `sort=${r.pick(['new', 'cheap', 'expensive', 'popular', 'nope', '%00'])}`,
      () => `query=${r.pick([...hostileValues, 'куртка', '%D0%BA%D1%83%D1%80%D1%82%D0%BA%D0%B0', ''])}`,
      () => `color=${r.pick(['1,2', ',,', '-1', 'a', '%00', '1'.repeat(30)])}`,
      () => `min_price=${r.pick(['0', '-5', '1e400', 'x'])}&max_price=${r.pick(['10', 'NaN'])}`,
      () => `_routes=${r.pick(['routes/catalog', 'root', 'x', '%00', ''])}`,
      () => `${r.pick(['__proto__[a]', 'constructor', 'a[b][c]', '%00', ''])}=${r.pick(hostileValues)}`,
      () => `uid=${r.pick(['x', '%00'])}&token=${r.pick(['x', 'a'.repeat(500)])}`,
      () => `category=${r.pick(shop.categories.length ? shop.categories : ['x'])}`,
    ])(),
  );
  return `?${parts.join('&')}`;
}

/** Addresses no browser sends: broken escapes, NULs, long segments, odd forms of the target. */
function malformedTarget(r: Random, shop: ShopFacts): string {
  const base = r.pick([
    '',
    '/ru',
    '/category',
    '/product/x',
    '/api',
    '/api/products',
    '/media',
    '/uk/admin',
    '/assets',
  ]);
  return r.pick([
    () => `${base}/${r.pick(hostileValues)}`,
    () => `${base}/${r.pick(['%E0%A4%A', '%zz', '%FF', '%', '%%', '%0'])}`,
    () => `${pagePath(r, shop)}/%00`,
    () => `${pagePath(r, shop)}%00${pageQuery(r, shop)}`,
    () => `${base}/${'a'.repeat(r.pick([2048, 2049, 4000, 12_000]))}`,
    () => `${base}/${'%D1%8F'.repeat(r.pick([400, 700, 2000]))}`,
    () => `/${'a/'.repeat(r.pick([100, 1000]))}`,
    () => `${base}//${r.pick(['evil.example', '', '/'])}/x`,
    () => `${base}/./../../${r.pick(['etc/passwd', 'apps/server/src/server.ts', 'package.json'])}`,
    () => `${base}/..%2F..%2Fpackage.json`,
    () => `${base}/${r.pick(['%5C', '\\', '%2F', ';a=b', ':', '@', '!', '$', '~', "'"])}x`,
    () => `${base}?${'a=1&'.repeat(r.pick([100, 2000]))}`,
    () => `${base}?${r.pick(['%', '%zz', '=', '&&&', 'a==b', '%00=%00', 'a[]=1&a[]=2'])}`,
    () => r.pick(['*', 'http://127.0.0.1/', 'http://evil.example/api/products', 'x', '/\u00e9', '/ru/\u0436']),
    () =>
      `/api/products/${r.pick(shop.slugs.length ? shop.slugs : ['x'])}${r.pick(['%00', '%E0%A4%A', '/..', '/%2e%2e', '.json'])}`,
  ])();
}

/** Headers a client may send to anything: odd hosts, cookies, languages, proxies' headers, ranges. */
function hostileHeaders(r: Random): [string, string][] {
  const pool: (() => [string, string])[] = [
    () => ['host', r.pick(['', 'not a host', 'evil.example', '127.0.0.1:99999', '[::1', 'a'.repeat(300), '%00'])],
    () => ['cookie', r.pick(['lng=ru', 'lng=en', 'lng=%zz', 'lng=ru; lng=uk', `a=${'b'.repeat(7000)}`, '=;;=', 'lng'])],
    () => ['accept-language', r.pick(['ru', 'uk;q=0.1, ru;q=0.9', '*', 'x'.repeat(500), ';;;q=abc', 'ru-RU,ru;q=0.9'])],
    () => ['accept-encoding', r.pick(['gzip', 'br', 'gzip;q=0', '*', 'identity;q=0', 'zstd', 'x'.repeat(200)])],
    () => ['accept', r.pick(['application/json', 'text/html', '*/*;q=abc', 'x/y', ''])],
    () => ['x-forwarded-for', r.pick(['1.2.3.4', 'not-an-ip', '1.2.3.4, ::1, x', ''.padEnd(500, '9.')])],
    () => ['x-forwarded-host', r.pick(['not a host', 'evil.example', ''])],
    () => ['x-forwarded-proto', r.pick(['https', 'javascript', '', 'http, https'])],
    () => ['x-request-id', r.pick(['abc', 'a'.repeat(100), 'x y', '../../', '\u00e9'])],
    () => ['range', r.pick(['bytes=0-10', 'bytes=10-0', 'bytes=-1', 'bytes=0-0,1-1,2-2,3-3', 'bytes=x', 'lines=1-2'])],
    () => ['if-none-match', r.pick(['*', '"x"', 'W/"x"', 'garbage'])],
    () => ['if-modified-since', r.pick(['yesterday', 'Thu, 01 Jan 1970 00:00:00 GMT', '9'.repeat(30)])],
    () => [
      'authorization',
      r.pick(['Bearer ', 'Bearer x.y.z', 'Basic Og==', `Bearer ${'a'.repeat(6000)}`, 'Bearer \u00e9']),
    ],
    () => ['user-agent', r.pick(['Googlebot/2.1', 'curl/8', 'x'.repeat(4000), ''])],
    () => [
      'content-type',
      r.pick(['application/json', 'text/plain', 'multipart/form-data', 'application/json; charset=utf-16']),
    ],
    () => ['referer', r.pick(['http://evil.example/', '%00', ''])],
  ];
  return Array.from({ length: 1 + r.int(4) }, () => r.pick(pool)());
}

/** A body for a request that may carry one: JSON (broken or hostile), a form, broken multipart. */
function hostileBody(r: Random): { type: string; body: Buffer } {
  return r.pick([
    () => ({
      type: 'application/json',
      body: Buffer.from(r.pick(['{', '[1,2', '{"a":"\\u0000"}', 'null', '{}', '"x"'])),
    }),
    () => ({ type: 'application/json', body: Buffer.from(`${'['.repeat(5000)}${']'.repeat(5000)}`) }),
    () => ({ type: 'application/json', body: Buffer.from(JSON.stringify({ a: 'я'.repeat(600_000) })) }),
    () => ({ type: 'application/x-www-form-urlencoded', body: Buffer.from('a=1&b=%zz') }),
    () => ({ type: 'text/plain', body: Buffer.from('hello') }),
    () => ({
      type: 'multipart/form-data; boundary=x',
      body: Buffer.from('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n'),
    }),
    () => ({ type: 'multipart/form-data', body: Buffer.from('--x\r\n\r\n') }),
    () => ({ type: 'application/octet-stream', body: Buffer.alloc(2048, 0) }),
  ])();
}

/** API requests shaped by each operation's schemas, `perOperation` per operation (fast-check, seeded). */
function apiRequests(document: ApiDocument, shop: ShopFacts, perOperation: number, seed: number): WireRequest[] {
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );
  return operations.flatMap(({ path, method, operation }, index) =>
    fc
      .sample(
        requestFor(method, path, operation, {
          components: document.components.schemas,
          tokens: shop.tokens,
          known: shop.known,
          examples: shop.examples,
        }),
        { numRuns: perOperation, seed: seed + index },
      )
      .map((request) => ({
        kind: 'api' as const,
        method: request.method,
        target: request.url,
        headers: Object.entries(request.headers),
        body: request.payload === undefined ? undefined : Buffer.from(request.payload),
      })),
  );
}

/**
 * `total` requests, about half to the API's operations and the rest to pages, malformed addresses and
 * hostile headers; a tenth of them with a method the address does not take. Shuffled, so that each kind
 * meets the others' aftermath.
 */
export function fuzzPlan(document: ApiDocument, shop: ShopFacts, total: number, seed: number): WireRequest[] {
  const r = random(seed);
  const operationCount = Object.values(document.paths).reduce((n, item) => n + Object.keys(item).length, 0);
  const api = apiRequests(document, shop, Math.ceil((total * 0.5) / operationCount), seed);
  const others: WireRequest[] = [];
  while (api.length + others.length < total) {
    const roll = r.next();
    if (roll < 0.5) {
      others.push({
        kind: 'page',
        method: r.chance(0.85) ? 'GET' : 'HEAD',
        target: pagePath(r, shop) + pageQuery(r, shop),
        headers: [],
      });
    } else if (roll < 0.8) {
      others.push({
        kind: 'malformed',
        method: r.chance(0.7) ? 'GET' : r.pick(anyMethod),
        target: malformedTarget(r, shop),
        headers: [],
      });
    } else {
      const target = r.chance(0.6)
        ? pagePath(r, shop) + pageQuery(r, shop)
        : `/api/products?search=${r.pick(['x', '%00'])}`;
      others.push({ kind: 'headers', method: r.chance(0.8) ? 'GET' : 'HEAD', target, headers: hostileHeaders(r) });
    }
  }
  const all = [...api, ...others];
  for (const request of all) {
    if (r.chance(0.1)) request.method = r.pick(anyMethod);
    const bodyless = request.method === 'GET' || request.method === 'HEAD';
    if (!request.body && !bodyless && r.chance(0.4)) {
      const { type, body } = hostileBody(r);
      request.headers = [...request.headers.filter(([name]) => name !== 'content-type'), ['content-type', type]];
      request.body = body;
    }
  }
  for (let i = all.length - 1; i > 0; i--) {
    const j = r.int(i + 1);
    [all[i], all[j]] = [all[j] as WireRequest, all[i] as WireRequest];
  }
  return all.slice(0, total);
}

/** The request's bytes: its line, a Host unless it names its own, its headers, Content-Length and body. */
export function wireBytes(request: WireRequest, host: string): Buffer {
  const lines = [`${request.method} ${request.target} HTTP/1.1`];
  const names = new Set(request.headers.map(([name]) => name.toLowerCase()));
  if (!names.has('host')) lines.push(`Host: ${host}`);
  for (const [name, value] of request.headers) lines.push(`${name}: ${value}`);
  if (request.body) lines.push(`Content-Length: ${request.body.length}`);
  lines.push('Connection: close', '', '');
  // Header values go as UTF-8 bytes, the way a careless client sends them.
  return Buffer.concat([Buffer.from(lines.join('\r\n')), request.body ?? Buffer.alloc(0)]);
}
