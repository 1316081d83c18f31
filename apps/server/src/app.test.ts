import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, pgliteOnly, type TestContext } from '../test/helpers.ts';

describe.each(pgliteOnly)('the app on %s', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(backend);
  });
  afterAll(() => ctx?.close());

  it('answers health 200 while the database is reachable', async () => {
    const res = await ctx.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('answers unknown API routes with a JSON 404', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await ctx.app.inject({ method, url: '/api/no/such/route' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
  });

  it('serves the OpenAPI document generated from the contract schemas', async () => {
    const res = await ctx.app.inject('/api/docs');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/categories/',
        '/api/products',
        '/api/products/{slug}',
        '/api/search/suggest',
      ]),
    );
    const params = doc.paths['/api/products'].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(
      expect.arrayContaining(['search', 'page', 'limit', 'sort', 'min_price', 'max_price', 'color', 'category_slug']),
    );
    expect(doc.components.schemas.Product.properties).toHaveProperty('category_full_path');
  });

  it('serves product images from the media folder', async () => {
    const dir = path.join(ctx.config.mediaDir, 'products');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'sample-400.webp'), Buffer.from('RIFF....WEBP'));
    const res = await ctx.app.inject('/media/products/sample-400.webp');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect((await ctx.app.inject('/media/products/missing-400.webp')).statusCode).toBe(404);
    expect((await ctx.app.inject('/media/../config.ts')).statusCode).toBe(404);
  });
});

describe('when the database fails', () => {
  it('answers health 503 and a 500 without any stack trace', async () => {
    const ctx = await createTestContext('pglite');
    ctx.expectErrorLog(/unhandled error.*PGlite is closed/s);
    try {
      await ctx.database.close();
      const health = await ctx.app.inject('/api/health');
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({
        status: 'unavailable',
        database: 'down',
        request_id: health.headers['x-request-id'],
      });
      const res = await ctx.app.inject('/api/products?category_slug=uncached');
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ detail: 'Internal server error.', request_id: res.headers['x-request-id'] });
      expect(res.body).not.toMatch(/at |\.ts|Error:/);
    } finally {
      await ctx.app.close();
    }
  });
});
