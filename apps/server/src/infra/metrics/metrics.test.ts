import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, pgliteOnly } from '../../../test/helpers.ts';
import { type LoggedApp, loggedApp } from '../../../test/log-lines.ts';
import { type CatalogProduct, catalogProducts, lineOf, orderPayload } from '../../../test/orders.ts';
import { freshIp } from '../../../test/users.ts';
import { outboxRepository } from '../mail/outbox.repository.ts';

const token = 'metrics-token-for-the-tests-0123';

/** The value of one sample of the exposition text, or undefined when it is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return undefined;
}

describe.each(pgliteOnly)('/metrics on %s', (backend) => {
  let ctx: LoggedApp;
  let products: CatalogProduct[];
  let slug: string;

  const scrape = async () => {
    const res = await ctx.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  const count = async (query: ReturnType<typeof sql>) => (await ctx.database.rows<{ n: number }>(query))[0]?.n ?? 0;

  beforeAll(async () => {
    ctx = await loggedApp(backend, { METRICS_TOKEN: token }, (app) => {
      app.get('/api/test/fails', async () => {
        throw new Error('the handler broke');
      });
    });
    products = await catalogProducts(ctx.database);
    slug = (await ctx.database.rows<{ slug: string }>(sql`select slug from products order by id limit 1`))[0]
      ?.slug as string;
    // The shop's state is read at the first scrape (and kept a few seconds): set it up before.
    const product = products.find((p) => p.inStock) as CatalogProduct;
    for (const url of ['/api/orders/', '/api/create-monobank-invoice/']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        payload: orderPayload([lineOf(product)], { payment_method: url === '/api/orders/' ? 'cash' : 'card' }),
        headers: { 'x-forwarded-for': freshIp() },
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
    // A mail that failed once and waits an hour: the worker leaves it alone, so it stays unsent.
    const outbox = outboxRepository(ctx.database);
    await outbox.transaction(async (tx) => {
      await outbox.enqueue(
        [
          {
            orderId: null,
            kind: 'order_placed',
            dedupeKey: 'metrics-test',
            message: { to: 'buyer@example.com', subject: 'Order', html: '<p>Order</p>', text: 'Order' },
          },
        ],
        tx,
      );
      const [row] = await tx
        .execute(sql`select id from mail_outbox where dedupe_key = 'metrics-test'`)
        .then((result) => (result as unknown as { rows: { id: number }[] }).rows);
      await outbox.markFailed({ id: row?.id as number, attempts: 0 }, 'connection refused', 3_600_000, tx);
    });
  });
  afterAll(() => ctx?.close());

  it('refuses a scrape without the token, or with another, with 401 and WWW-Authenticate', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong-token-of-some-length',
      `Basic ${token}`,
      `Bearer ${token}x`,
    ]) {
      const res = await ctx.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.json()).toEqual({ detail: expect.stringContaining('METRICS_TOKEN') });
    }
  });

  it('answers the token with the Prometheus text format, and stays out of the API document', async () => {
    const res = await ctx.app.inject({ url: '/metrics', headers: { authorization: `bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('# TYPE kram_http_request_duration_seconds histogram');
    const doc = (await ctx.app.inject('/api/docs')).json();
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
  });

  it('labels requests with their route pattern, never the address a client sent', async () => {
    await ctx.app.inject('/api/products/no-such-product-slug-123');
    await ctx.app.inject(`/api/products/${slug}`);
    await ctx.app.inject('/api/no/such/route-456');
    const text = await scrape();
    const labels = { method: 'GET', route: '/api/products/:slug' };
    expect(sample(text, 'kram_http_request_duration_seconds_count', { ...labels, status_class: '4xx' })).toBe(1);
    expect(sample(text, 'kram_http_request_duration_seconds_count', { ...labels, status_class: '2xx' })).toBe(1);
    const unknown = { method: 'GET', route: 'not_found', status_class: '4xx' };
    expect(sample(text, 'kram_http_request_duration_seconds_count', unknown)).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('no-such-product-slug-123');
    expect(text).not.toContain('route-456');
    expect(text).not.toContain(slug);
  });

  it('counts 5xx answers', async () => {
    const labels = { method: 'GET', route: '/api/test/fails', status: '500' };
    const before = sample(await scrape(), 'kram_http_server_errors_total', labels) ?? 0;
    const res = await ctx.app.inject('/api/test/fails');
    expect(res.statusCode).toBe(500);
    const text = await scrape();
    expect(sample(text, 'kram_http_server_errors_total', labels)).toBe(before + 1);
    expect(
      sample(text, 'kram_http_request_duration_seconds_count', { route: '/api/test/fails', status_class: '5xx' }),
    ).toBe(before + 1);
  });

  it('holds the process metrics: memory, heap, event-loop lag', async () => {
    const text = await scrape();
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('times the database queries, and shows the PostgreSQL pool', async () => {
    const before = sample(await scrape(), 'kram_db_query_duration_seconds_count', { outcome: 'ok' }) ?? 0;
    expect(before).toBeGreaterThan(0);
    await ctx.app.inject('/api/health');
    const text = await scrape();
    expect(sample(text, 'kram_db_query_duration_seconds_count', { outcome: 'ok' })).toBeGreaterThan(before);
    if (backend === 'postgres') {
      expect(sample(text, 'kram_db_pool_connections')).toBeGreaterThan(0);
      expect(sample(text, 'kram_db_pool_max_connections')).toBe(5);
      expect(sample(text, 'kram_db_pool_waiting_clients')).toBe(0);
    } else {
      expect(sample(text, 'kram_db_pool_connections')).toBeUndefined();
    }
  });

  it('reports orders and invoices by status and the mail outbox, as the database holds them', async () => {
    const text = await scrape();
    const newOrders = await count(sql`select count(*)::int as n from orders where status = 'new'`);
    expect(newOrders).toBeGreaterThan(0);
    expect(sample(text, 'kram_orders', { status: 'new' })).toBe(newOrders);
    // Every status is there, an empty one as 0.
    expect(sample(text, 'kram_orders', { status: 'returned' })).toBe(0);
    const created = await count(sql`select count(*)::int as n from payments where status = 'created'`);
    expect(created).toBeGreaterThan(0);
    expect(sample(text, 'kram_invoices', { status: 'created' })).toBe(created);
    expect(sample(text, 'kram_invoices', { status: 'success' })).toBe(0);
    expect(sample(text, 'kram_mail_outbox_unsent')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'kram_mail_outbox_failing')).toBe(1);
  });

  it('counts catalogue cache hits on a repeated read', async () => {
    await ctx.app.inject(`/api/products/${slug}`);
    const before = await scrape();
    const hits = sample(before, 'kram_catalog_cache_hits_total') ?? 0;
    const misses = sample(before, 'kram_catalog_cache_misses_total') ?? 0;
    expect(misses).toBeGreaterThan(0);
    await ctx.app.inject(`/api/products/${slug}`);
    const after = await scrape();
    expect(sample(after, 'kram_catalog_cache_hits_total')).toBe(hits + 1);
    expect(sample(after, 'kram_catalog_cache_misses_total')).toBe(misses);
  });

  it('reports the search index once built: products, words and the rebuild', async () => {
    // A listing waits for the index (the warm-up at start builds it in the background).
    expect((await ctx.app.inject('/api/products?search=сукня')).statusCode).toBe(200);
    const text = await scrape();
    const listed = await count(sql`select count(*)::int as n from products`);
    expect(sample(text, 'kram_search_index_documents')).toBe(listed);
    expect(sample(text, 'kram_search_index_terms')).toBeGreaterThan(100);
    expect(sample(text, 'kram_search_index_rebuild_duration_seconds_count')).toBeGreaterThanOrEqual(1);
  });

  it('reports written products applied to the index in place, not a rebuild', async () => {
    expect((await ctx.app.inject('/api/products?search=сукня')).statusCode).toBe(200);
    const before = await scrape();
    await ctx.database.rows(
      sql`update products set popularity = popularity + 1 where id = (select min(id) from products)`,
    );
    expect((await ctx.app.inject('/api/products?search=куртка')).statusCode).toBe(200);
    const after = await scrape();
    expect(sample(after, 'kram_search_index_updated_products_total')).toBe(
      (sample(before, 'kram_search_index_updated_products_total') ?? 0) + 1,
    );
    expect(sample(after, 'kram_search_index_update_duration_seconds_count')).toBeGreaterThan(
      sample(before, 'kram_search_index_update_duration_seconds_count') ?? 0,
    );
    expect(sample(after, 'kram_search_index_rebuild_duration_seconds_count')).toBe(
      sample(before, 'kram_search_index_rebuild_duration_seconds_count'),
    );
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  it('does not exist: the answer of any unknown address', async () => {
    const ctx = await createTestContext(pgliteOnly[0] ?? 'pglite');
    try {
      for (const authorization of [undefined, `Bearer ${token}`]) {
        const res = await ctx.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ detail: 'Not found.' });
      }
    } finally {
      await ctx.close();
    }
  });
});

/** A storefront build that answers every page "not found", naming the path it was asked for. */
function notFoundStorefront(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kram-storefront-'));
  fs.mkdirSync(path.join(dir, 'server'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'client', 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'server', 'index.js'),
    `export function createStorefrontHandler() {
      return async (request) => new Response('page not found: ' + new URL(request.url).pathname, {
        status: 404, headers: { 'Content-Type': 'text/html; charset=utf-8' },
      });
    }`,
  );
  return dir;
}

describe('/metrics beside the storefront', () => {
  it('is answered before the pages with a token, and is an unknown page without one', async () => {
    const buildDir = notFoundStorefront();
    const withToken = await loggedApp('pglite', { METRICS_TOKEN: token }, () => {}, { storefront: { buildDir } });
    const without = await loggedApp('pglite', {}, () => {}, { storefront: { buildDir } });
    try {
      expect((await withToken.app.inject('/category/odyag?page=2')).statusCode).toBe(404);
      const res = await withToken.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(200);
      // Every page is one route, whatever its address.
      const page = { method: 'GET', route: 'page', status_class: '4xx' };
      expect(sample(res.body, 'kram_http_request_duration_seconds_count', page)).toBe(1);
      expect(res.body).not.toContain('odyag');
      expect((await withToken.app.inject('/metrics')).statusCode).toBe(401);

      const unknown = await without.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.body).toBe('page not found: /metrics');
    } finally {
      await withToken.close();
      await without.close();
      fs.rmSync(buildDir, { recursive: true, force: true });
    }
  });
});
