import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, pgliteOnly, type TestContext } from '../../test/helpers.ts';
import { permissionsPolicy } from './security-headers.ts';

/** A stand-in for the storefront's server build: a page, the sitemap and robots.txt, as the real routes answer. */
const fakeHandler = `
export function createStorefrontHandler() {
  return async (request) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/sitemap.xml') {
      return new Response('<?xml version="1.0"?><urlset/>', { headers: { 'Content-Type': 'application/xml' } });
    }
    if (pathname === '/robots.txt') {
      return new Response('User-agent: *', { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
    }
    return new Response('<!DOCTYPE html><p>page</p>', { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
  };
}
`;

function fakeBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kram-storefront-'));
  fs.mkdirSync(path.join(dir, 'server'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'client', 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'server', 'index.js'), fakeHandler);
  fs.writeFileSync(path.join(dir, 'client', 'assets', 'entry-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dir, 'client', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

describe.each(pgliteOnly)('the security headers on %s', (backend) => {
  const buildDir = fakeBuild();
  const shops: Record<'http' | 'https', TestContext> = {} as never;
  beforeAll(async () => {
    for (const [scheme, publicUrl] of [
      ['http', 'http://localhost:3000'],
      ['https', 'https://shop.example'],
    ] as const) {
      const ctx = await createTestContext(backend, { PUBLIC_URL: publicUrl }, { storefront: { buildDir } });
      const media = path.join(ctx.config.mediaDir, 'products');
      fs.mkdirSync(media, { recursive: true });
      fs.writeFileSync(path.join(media, 'one-400.webp'), Buffer.from('RIFF....WEBP'));
      shops[scheme] = ctx;
    }
  });
  afterAll(async () => {
    await shops.http?.close();
    await shops.https?.close();
    fs.rmSync(buildDir, { recursive: true, force: true });
  });

  const answers: [string, string, number, RegExp][] = [
    ['JSON API', '/api/health', 200, /application\/json/],
    ['JSON 404', '/api/no/such/route', 404, /application\/json/],
    ['media', '/media/products/one-400.webp', 200, /image\/webp/],
    ['missing media', '/media/products/none-400.webp', 404, /application\/json/],
    ['asset', '/assets/entry-abc123.js', 200, /javascript/],
    ['public file', '/favicon.svg', 200, /image\/svg/],
    ['sitemap', '/sitemap.xml', 200, /xml/],
    ['robots', '/robots.txt', 200, /text\/plain/],
    ['page', '/category/odyag', 200, /text\/html/],
    ['sandbox payment page', '/payment/sandbox/sandbox-nothing-here', 404, /text\/html/],
  ];

  it.each(answers)(
    '%s (%s): nosniff, a Permissions-Policy, and HSTS only on https',
    async (_kind, url, status, type) => {
      for (const scheme of ['http', 'https'] as const) {
        const res = await shops[scheme].app.inject(url);
        expect(res.statusCode).toBe(status);
        expect(res.headers['content-type']).toMatch(type);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['permissions-policy']).toBe(permissionsPolicy);
        expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
        expect(res.headers['strict-transport-security']).toBe(scheme === 'https' ? 'max-age=31536000' : undefined);
        expect(res.headers['x-powered-by']).toBeUndefined();
      }
    },
  );

  it('keeps the pages’ own Content-Security-Policy and gives every other answer one that allows nothing', async () => {
    const page = await shops.https.app.inject('/category/odyag');
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+'/);
    const sandbox = await shops.https.app.inject('/payment/sandbox/sandbox-nothing-here');
    expect(sandbox.headers['content-security-policy']).toMatch(/style-src 'nonce-[^']+'/);
    for (const url of ['/api/health', '/media/products/one-400.webp', '/sitemap.xml']) {
      expect((await shops.https.app.inject(url)).headers['content-security-policy']).toBe(
        "default-src 'none';frame-ancestors 'none';base-uri 'none';form-action 'none'",
      );
    }
  });

  it('lets other sites show product photos, and nothing else', async () => {
    const photo = await shops.https.app.inject('/media/products/one-400.webp');
    expect(photo.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const json = await shops.https.app.inject('/api/health');
    expect(json.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});
