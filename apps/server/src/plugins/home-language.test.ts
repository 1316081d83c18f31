import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers.ts';
import { isCrawler } from './home-language.ts';

const chrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('crawlers', () => {
  it.each([
    googlebot,
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
    'Mozilla/5.0 (compatible; YandexImages/3.0; +http://yandex.com/bots)',
    'DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)',
    'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    'Twitterbot/1.0',
    'TelegramBot (like TwitterBot)',
    'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
    'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)',
    'GOOGLEBOT',
  ])('knows %s', (agent) => {
    expect(isCrawler(agent)).toBe(true);
  });

  it.each([
    chrome,
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 YaBrowser/24.1.0.0 Safari/537.36',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    '',
  ])('takes %j for a shopper', (agent) => {
    expect(isCrawler(agent)).toBe(false);
  });
});

/** A stand-in for the storefront's build that names the path it rendered. */
const fakeHandler = `
export function createStorefrontHandler() {
  return async (request) => {
    const url = new URL(request.url);
    return new Response('rendered ' + url.pathname + url.search, {
      headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, no-cache' },
    });
  };
}
`;

describe('the home page and the lng cookie', () => {
  let ctx: TestContext;
  let buildDir: string;
  beforeAll(async () => {
    buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kram-storefront-'));
    fs.mkdirSync(path.join(buildDir, 'server'), { recursive: true });
    fs.mkdirSync(path.join(buildDir, 'client', 'assets'), { recursive: true });
    fs.writeFileSync(path.join(buildDir, 'server', 'index.js'), fakeHandler);
    ctx = await createTestContext('pglite', {}, { storefront: { buildDir } });
  });
  afterAll(async () => {
    await ctx?.close();
    fs.rmSync(buildDir, { recursive: true, force: true });
  });

  const open = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    ctx.app.inject({ method, url, headers: { 'user-agent': chrome, ...headers } });

  it('sends a shopper who chose Russian from / on to /ru/, the query kept, varying on cookie and agent', async () => {
    const res = await open('/', { cookie: 'theme=dark; lng=ru' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/ru/');
    expect(res.headers.vary).toBe('Cookie, User-Agent');
    expect(res.headers['cache-control']).toBe('private, no-cache');

    const withQuery = await open('/?utm_source=mail&x=1', { cookie: 'lng=ru' });
    expect(withQuery.statusCode).toBe(302);
    expect(withQuery.headers.location).toBe('/ru/?utm_source=mail&x=1');
    expect((await open('/', { cookie: 'lng=ru' }, 'HEAD')).headers.location).toBe('/ru/');
  });

  it('renders / for Ukrainian, no cookie or an unknown one, with the same Vary', async () => {
    for (const cookie of ['lng=uk', '', 'lng=de', 'lang=ru']) {
      const res = await open('/', cookie ? { cookie } : {});
      expect(res.statusCode, cookie).toBe(200);
      expect(res.body).toBe('rendered /');
      expect(res.headers.vary, cookie).toBe('Cookie, User-Agent');
    }
  });

  it('never sends a crawler on, whatever cookie it carries', async () => {
    for (const agent of [googlebot, 'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)']) {
      const res = await open('/', { cookie: 'lng=ru', 'user-agent': agent });
      expect(res.statusCode, agent).toBe(200);
      expect(res.body).toBe('rendered /');
      expect(res.headers.vary).toBe('Cookie, User-Agent');
    }
  });

  it('leaves every other address to its own language: the cookie does not move a bookmarked page', async () => {
    for (const url of ['/category/odyag?page=2', '/product/odyag/kurtka', '/ru/', '/ru/search?query=a', '/wishlist']) {
      for (const cookie of ['lng=ru', 'lng=uk']) {
        const res = await open(url, { cookie });
        expect(res.statusCode, `${url} ${cookie}`).toBe(200);
        expect(res.body).toBe(`rendered ${url}`);
        expect(res.headers.vary).toBeUndefined();
      }
    }
  });
});
