import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeSolution, fetchChallenge, solve } from '../../../test/captcha.ts';
import {
  createTestContext,
  dialectBackends,
  pgliteOnly,
  type TestContext,
  testJwtSecret,
} from '../../../test/helpers.ts';
import { freshEmail, freshIp } from '../../../test/users.ts';
import { captchaKey, createChallenge } from './altcha.ts';

const refused = { captcha: ['Captcha verification failed.'] };
const key = captchaKey(new TextEncoder().encode(testJwtSecret));

describe.each(dialectBackends)('proof-of-work captcha on %s', (backend) => {
  let ctx: TestContext;

  /** The feedback form is where a captcha is checked. */
  const submit = async (captcha: string) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/feedback/',
      payload: { name: 'Ірина', email: freshEmail(), message: 'Питання', captcha },
      headers: { 'x-forwarded-for': freshIp() },
    });
    return { status: res.statusCode, body: res.json() };
  };

  beforeAll(async () => {
    ctx = await createTestContext(backend, { CAPTCHA_MAX_NUMBER: '2000' });
  });
  afterAll(() => ctx?.close());

  it('hands out a fresh, signed, expiring challenge in the ALTCHA format, never cached', async () => {
    const res = await ctx.app.inject('/api/captcha/challenge/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const challenge = res.json();
    expect(challenge).toEqual({
      algorithm: 'SHA-256',
      challenge: expect.stringMatching(/^[0-9a-f]{64}$/),
      maxnumber: 2000,
      salt: expect.stringMatching(/^[0-9a-f]{24}\?expires=\d+&$/),
      signature: crypto.createHmac('sha256', key).update(challenge.challenge).digest('hex'),
    });
    const expires = Number(/expires=(\d+)/.exec(challenge.salt)?.[1]) * 1000;
    expect(expires - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    expect((await fetchChallenge(ctx.app)).challenge).not.toBe(challenge.challenge);
  });

  it('accepts a solved challenge once and refuses the replay', async () => {
    const { payload } = solve(await fetchChallenge(ctx.app));
    expect(await submit(payload)).toEqual({ status: 201, body: { message: 'Thank you! Your message has been sent.' } });
    expect(await submit(payload)).toEqual({ status: 400, body: refused });
  });

  it('refuses a challenge signed with another key', async () => {
    const forged = createChallenge(crypto.randomBytes(32), {
      maxNumber: 2000,
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect(await submit(solve(forged).payload)).toEqual({ status: 400, body: refused });
  });

  it('refuses a genuine challenge whose signature was changed', async () => {
    const challenge = await fetchChallenge(ctx.app);
    const { number } = solve(challenge);
    const signature = challenge.signature.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    expect(await submit(encodeSolution({ ...challenge, number, signature }))).toEqual({ status: 400, body: refused });
  });

  it('refuses a wrong number, a stretched expiry and another algorithm', async () => {
    const challenge = await fetchChallenge(ctx.app);
    const { number } = solve(challenge);
    const { algorithm, salt, signature } = challenge;
    const base = { algorithm, challenge: challenge.challenge, salt, signature };
    const later = salt.replace(/expires=\d+/, `expires=${Math.floor(Date.now() / 1000) + 86_400}`);
    for (const attempt of [
      { ...base, number: number + 1 },
      { ...base, number, salt: later },
      { ...base, number, algorithm: 'SHA-1' },
    ]) {
      expect(await submit(encodeSolution(attempt))).toEqual({ status: 400, body: refused });
    }
    // The genuine answer still works: refusals do not use a challenge up.
    expect((await submit(encodeSolution({ ...base, number }))).status).toBe(201);
  });

  it('refuses an expired challenge', async () => {
    const expired = createChallenge(key, { maxNumber: 2000, expiresAt: new Date(Date.now() - 1000) });
    expect(await submit(solve(expired).payload)).toEqual({ status: 400, body: refused });
  });

  it.each([['not base64 json'], [encodeSolution({ hello: 'world' })], [encodeSolution([1, 2])]])(
    'refuses the malformed answer %s',
    async (captcha) => {
      expect(await submit(captcha)).toEqual({ status: 400, body: refused });
    },
  );
});

interface SiteverifyCall {
  contentType: string | undefined;
  form: Record<string, string>;
}

/** A local stand-in for Google's siteverify, speaking its protocol. */
async function startSiteverify() {
  const calls: SiteverifyCall[] = [];
  let failing = false;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      calls.push({ contentType: req.headers['content-type'], form });
      if (failing) {
        res.writeHead(500).end('oops');
        return;
      }
      const success = req.method === 'POST' && form.secret === 'the-secret' && form.response === 'good-token';
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          success ? { success, hostname: 'localhost' } : { success, 'error-codes': ['invalid-input-response'] },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/recaptcha/api/siteverify`,
    calls,
    fail(value: boolean) {
      failing = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(pgliteOnly)('reCAPTCHA on %s', (backend) => {
  let ctx: TestContext;
  let google: Awaited<ReturnType<typeof startSiteverify>>;

  const submit = async (captcha: string, ip = freshIp()) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/feedback/',
      payload: { name: 'Ірина', email: freshEmail(), message: 'Питання', captcha },
      headers: { 'x-forwarded-for': ip },
    });
    return { status: res.statusCode, body: res.json() };
  };

  beforeAll(async () => {
    google = await startSiteverify();
    ctx = await createTestContext(backend, {
      RECAPTCHA_SITE_KEY: 'the-site-key',
      RECAPTCHA_SECRET: 'the-secret',
      RECAPTCHA_VERIFY_URL: google.url,
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await google?.close();
  });

  it('checks the widget’s token with siteverify: form-encoded secret and response, never the client’s address', async () => {
    expect((await submit('good-token', '203.0.113.7')).status).toBe(201);
    expect(google.calls.at(-1)).toEqual({
      contentType: 'application/x-www-form-urlencoded',
      form: { secret: 'the-secret', response: 'good-token' },
    });
  });

  it('refuses a token siteverify rejects', async () => {
    expect(await submit('bad-token')).toEqual({ status: 400, body: refused });
  });

  it('answers 503 when siteverify cannot answer', async () => {
    ctx.expectErrorLog(/reCAPTCHA siteverify failed/);
    google.fail(true);
    try {
      expect(await submit('good-token')).toEqual({
        status: 503,
        body: { detail: 'Captcha verification is unavailable. Try again later.', request_id: expect.any(String) },
      });
    } finally {
      google.fail(false);
    }
  });

  it('hands out no proof-of-work challenges', async () => {
    const res = await ctx.app.inject('/api/captcha/challenge/');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: expect.stringContaining('reCAPTCHA') });
  });
});
