import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers.ts';
import { adminContentSecurityPolicy } from './admin-app.ts';

const indexHtml =
  '<!doctype html><html lang="uk"><head><meta name="robots" content="noindex">' +
  '<script type="module" crossorigin src="/admin/assets/index-abc123.js"></script></head>' +
  '<body><div id="root"></div></body></html>';
const script = 'console.log("back office");'.repeat(100);

/** A stand-in for apps/admin/dist: its page and one hashed script with its gzip twin. */
function fakeDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kram-admin-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), indexHtml);
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), script);
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js.gz'), zlib.gzipSync(script));
  return dir;
}

// No storefront build: these tests see the back office's answers and the API's only.
const noStorefront = path.join(os.tmpdir(), 'kram-no-storefront-build');

describe('the back office', () => {
  let ctx: TestContext;
  let adminDir: string;
  beforeAll(async () => {
    adminDir = fakeDist();
    ctx = await createTestContext('pglite', {}, { storefront: { buildDir: noStorefront, adminDir } });
  });
  afterAll(async () => {
    await ctx?.close();
    fs.rmSync(adminDir, { recursive: true, force: true });
  });

  it('answers its page for every address under /uk/admin/ and /ru/admin/, never cached, not indexed', async () => {
    for (const url of ['/uk/admin/', '/ru/admin/', '/uk/admin/login', '/ru/admin/products/7/show?x=1']) {
      const res = await ctx.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.body, url).toBe(indexHtml);
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.headers['x-robots-tag'], url).toBe('noindex');
      expect(res.headers['content-security-policy'], url).toBe(adminContentSecurityPolicy);
    }
  });

  it('allows its own scripts only, and inline styles for MUI', () => {
    const directives = Object.fromEntries(
      adminContentSecurityPolicy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]),
    );
    expect(directives).toEqual({
      'default-src': "'self'",
      'script-src': "'self'",
      'style-src': "'self' 'unsafe-inline'",
      'img-src': "'self' data: blob:",
      'font-src': "'self'",
      'connect-src': "'self'",
      'object-src': "'none'",
      'base-uri': "'self'",
      'form-action': "'self'",
      'frame-ancestors': "'none'",
    });
  });

  it('answers HEAD with the headers only', async () => {
    const res = await ctx.app.inject({ method: 'HEAD', url: '/uk/admin/orders' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toBe('');
  });

  it('sends the address without its slash to the folder, with its query', async () => {
    const cases: [string, string][] = [
      ['/uk/admin', '/uk/admin/'],
      ['/ru/admin', '/ru/admin/'],
      ['/ru/admin?next=orders', '/ru/admin/?next=orders'],
    ];
    for (const [url, location] of cases) {
      const res = await ctx.app.inject(url);
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location, url).toBe(location);
    }
  });

  it('serves its hashed files for a year, precompressed', async () => {
    const res = await ctx.app.inject({ url: '/admin/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(script);
    const plain = await ctx.app.inject('/admin/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers a missing file with the JSON 404', async () => {
    const res = await ctx.app.inject('/admin/assets/nothing-here.js');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });

  it('leaves other languages and the API alone', async () => {
    expect((await ctx.app.inject('/en/admin/')).statusCode).toBe(404);
    const api = await ctx.app.inject('/api/health');
    expect(api.statusCode).toBe(200);
    expect(api.headers['content-security-policy']).not.toBe(adminContentSecurityPolicy);
  });

  it('serves a rebuilt page without a restart', async () => {
    const rebuilt = indexHtml.replace('index-abc123.js', 'index-def456.js');
    fs.writeFileSync(path.join(adminDir, 'index.html'), rebuilt);
    try {
      expect((await ctx.app.inject('/uk/admin/')).body).toBe(rebuilt);
    } finally {
      fs.writeFileSync(path.join(adminDir, 'index.html'), indexHtml);
    }
  });
});

describe('the back office without its build', () => {
  it('answers 503 saying how to build it, and the API goes on', async () => {
    const adminDir = path.join(os.tmpdir(), 'kram-no-such-admin-build');
    const ctx = await createTestContext('pglite', {}, { storefront: { buildDir: noStorefront, adminDir } });
    try {
      for (const url of ['/uk/admin/', '/ru/admin/orders']) {
        const res = await ctx.app.inject(url);
        expect(res.statusCode, url).toBe(503);
        expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
        expect(res.headers['cache-control'], url).toBe('no-store');
        expect(res.body, url).toContain('The back office is not built');
        expect(res.body, url).toContain('npm run build');
      }
      expect((await ctx.app.inject('/api/health')).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });
});
