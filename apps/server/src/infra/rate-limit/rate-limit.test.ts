import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, pgliteOnly, type TestContext } from '../../../test/helpers.ts';
import { freshEmail, freshIp, freshTelephone, signUp, type TestUser } from '../../../test/users.ts';
import { buildApp } from '../../app.ts';
import { rateLimits } from './rate-limiter.ts';

type Store = 'memory' | 'redis';
const redisUrl = process.env.TEST_REDIS_URL;
const stores: Store[] = redisUrl ? ['memory', 'redis'] : ['memory'];
const combinations = pgliteOnly.flatMap((backend) => stores.map((store) => [backend, store] as const));
const throttled = { detail: expect.stringMatching(/^Request was throttled\. Expected available in \d+ seconds\.$/) };

/** Counters of this file's run only, removed afterwards. */
const runPrefix = `kram-test-${crypto.randomBytes(6).toString('hex')}:`;

describe.each(combinations)('rate limits on %s with a %s store', (backend, store) => {
  let ctx: TestContext;
  const env: Record<string, string> =
    store === 'redis' ? { REDIS_URL: redisUrl as string, REDIS_KEY_PREFIX: `${runPrefix}${backend}:` } : {};

  const post = async (url: string, payload: object, ip: string, app = ctx.app) => {
    const res = await app.inject({ method: 'POST', url, payload, headers: { 'x-forwarded-for': ip } });
    return { status: res.statusCode, body: res.json(), retryAfter: res.headers['retry-after'] };
  };
  const login = (user: Pick<TestUser, 'email'>, password: string, ip = freshIp(), app = ctx.app) =>
    post('/api/login/', { email_or_phone: user.email, password }, ip, app);

  beforeAll(async () => {
    ctx = await createTestContext(backend, env);
  });
  afterAll(() => ctx?.close());

  it('refuses the sixth sign-in to one account within 15 minutes, even with the right password', async () => {
    const user = await signUp(ctx.app);
    for (let i = 0; i < rateLimits.loginPerAccount.limit - 1; i++) {
      expect((await login(user, 'wrong-password')).status).toBe(401);
    }
    // The sign-up's own sign-in reset the count, so this is the fifth attempt since: still allowed.
    expect((await login(user, 'wrong-password')).status).toBe(401);
    const sixth = await login(user, user.password);
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual(throttled);
    expect(Number(sixth.retryAfter)).toBeGreaterThan(14 * 60);
    expect(Number(sixth.retryAfter)).toBeLessThanOrEqual(15 * 60);
    // Other accounts are not affected.
    const other = await signUp(ctx.app);
    expect((await login(other, other.password)).status).toBe(200);
  });

  it('locks an account whichever identifier is typed: its e-mail in any case or its telephone in any form', async () => {
    const user = await signUp(ctx.app);
    const spacedPhone = `${user.telephone.slice(0, 4)} ${user.telephone.slice(4, 6)} ${user.telephone.slice(6)}`;
    const as = (emailOrPhone: string, password: string) =>
      post('/api/login/', { email_or_phone: emailOrPhone, password }, freshIp());
    const tries = [user.email, user.email.toUpperCase(), user.telephone, spacedPhone, user.email];
    expect(tries).toHaveLength(rateLimits.loginPerAccount.limit);
    for (const identifier of tries) expect((await as(identifier, 'wrong-password')).status).toBe(401);
    for (const identifier of [user.telephone, spacedPhone, user.email, user.email.toUpperCase()]) {
      expect(await as(identifier, user.password)).toMatchObject({ status: 429, body: throttled });
    }
  });

  it('does not give a telephone a fresh set of tries after the e-mail is locked', async () => {
    const user = await signUp(ctx.app);
    for (let i = 0; i < rateLimits.loginPerAccount.limit; i++) {
      expect((await login(user, 'wrong-password')).status).toBe(401);
    }
    expect((await login(user, 'wrong-password')).status).toBe(429);
    for (let i = 0; i < rateLimits.loginPerAccount.limit; i++) {
      const byPhone = await post('/api/login/', { email_or_phone: user.telephone, password: 'nope' }, freshIp());
      expect(byPhone).toMatchObject({ status: 429, body: throttled });
    }
    const right = await post('/api/login/', { email_or_phone: user.telephone, password: user.password }, freshIp());
    expect(right).toMatchObject({ status: 429, body: throttled });
  });

  it('limits tries at an identifier that names no account, each on its own', async () => {
    const unknown = freshEmail();
    const phone = freshTelephone();
    for (let i = 0; i < rateLimits.loginPerAccount.limit; i++) {
      expect((await login({ email: unknown }, 'whatever')).status).toBe(401);
      expect((await post('/api/login/', { email_or_phone: phone, password: 'x' }, freshIp())).status).toBe(401);
    }
    expect(await login({ email: unknown.toUpperCase() }, 'whatever')).toMatchObject({ status: 429, body: throttled });
    expect((await post('/api/login/', { email_or_phone: phone, password: 'x' }, freshIp())).status).toBe(429);
    expect((await login({ email: freshEmail() }, 'whatever')).status).toBe(401);
  });

  it('forgets an account’s failures after a successful sign-in', async () => {
    const user = await signUp(ctx.app);
    for (let i = 0; i < rateLimits.loginPerAccount.limit - 1; i++) await login(user, 'wrong-password');
    expect((await login(user, user.password)).status).toBe(200);
    for (let i = 0; i < rateLimits.loginPerAccount.limit; i++) {
      expect((await login(user, 'wrong-password')).status).toBe(401);
    }
    expect((await login(user, 'wrong-password')).status).toBe(429);
  });

  it('refuses one address past 20 sign-in attempts a minute, whatever the accounts', async () => {
    const ip = freshIp();
    for (let i = 0; i < rateLimits.loginPerIp.limit; i++) {
      expect((await login({ email: freshEmail() }, 'whatever', ip)).status).toBe(401);
    }
    const next = await login({ email: freshEmail() }, 'whatever', ip);
    expect(next.status).toBe(429);
    expect(Number(next.retryAfter)).toBeLessThanOrEqual(60);
    expect((await login({ email: freshEmail() }, 'whatever')).status).toBe(401);
  });

  it('lets 100 registrations an hour through one address, as behind a carrier NAT, and 5 per e-mail', async () => {
    const ip = freshIp();
    const register = (email: string, from: string, telephone = freshTelephone()) =>
      post(
        '/api/register/',
        { first_name: 'A', last_name: 'B', email, telephone, password: 'secret1', password2: 'secret1' },
        from,
      );
    expect(rateLimits.registerPerIp).toMatchObject({ limit: 100, windowMs: 60 * 60_000 });
    expect(rateLimits.registerPerAccount).toMatchObject({ limit: 5, windowMs: 60 * 60_000 });
    // The eleventh shopper behind one address registers: the old limit of ten refused them.
    for (let i = 0; i < 11; i++) expect((await register(freshEmail(), ip)).status).toBe(201);
    // The rest of the hour's attempts from the address, cheaply: a taken telephone is refused before
    // any password is hashed, and still counts.
    const taken = (await signUp(ctx.app)).telephone;
    for (let i = 11; i < rateLimits.registerPerIp.limit; i++) {
      expect((await register(freshEmail(), ip, taken)).status).toBe(400);
    }
    const over = await register(freshEmail(), ip);
    expect(over).toMatchObject({ status: 429, body: throttled });
    expect(Number(over.retryAfter)).toBeGreaterThan(59 * 60);
    expect(Number(over.retryAfter)).toBeLessThanOrEqual(60 * 60);

    const email = freshEmail();
    expect((await register(email, freshIp())).status).toBe(201);
    for (let i = 1; i < rateLimits.registerPerAccount.limit; i++)
      expect((await register(email.toUpperCase(), freshIp())).status).toBe(400);
    expect(await register(email, freshIp())).toMatchObject({ status: 429, body: throttled });
  });

  it('limits password-reset requests per e-mail, so nobody floods a mailbox', async () => {
    const user = await signUp(ctx.app);
    for (let i = 0; i < rateLimits.resetRequestPerAccount.limit; i++) {
      expect((await post('/api/password-reset-request/', { email: user.email }, freshIp())).status).toBe(200);
    }
    expect(await post('/api/password-reset-request/', { email: user.email.toUpperCase() }, freshIp())).toMatchObject({
      status: 429,
      body: throttled,
    });
  });

  it('limits password-reset requests per address', async () => {
    const ip = freshIp();
    for (let i = 0; i < rateLimits.resetRequestPerIp.limit; i++) {
      expect((await post('/api/password-reset-request/', { email: freshEmail() }, ip)).status).toBe(200);
    }
    expect((await post('/api/password-reset-request/', { email: freshEmail() }, ip)).status).toBe(429);
  });

  it('limits feedback per address and per e-mail, before the captcha is even looked at', async () => {
    const message = (email: string) => ({ name: 'Бот', email, message: 'spam', captcha: 'not-solved' });
    const ip = freshIp();
    for (let i = 0; i < rateLimits.feedbackPerIp.limit; i++) {
      expect((await post('/api/feedback/', message(freshEmail()), ip)).status).toBe(400);
    }
    expect(await post('/api/feedback/', message(freshEmail()), ip)).toMatchObject({ status: 429, body: throttled });

    const email = freshEmail();
    for (let i = 0; i < rateLimits.feedbackPerAccount.limit; i++) {
      expect((await post('/api/feedback/', message(email), freshIp())).status).toBe(400);
    }
    expect((await post('/api/feedback/', message(email), freshIp())).status).toBe(429);
  });

  if (store === 'redis') {
    it('shares the counters between processes that use the same Redis', async () => {
      // A second process of the same shop: its own memory, the same database and Redis.
      const second = {
        app: await buildApp({ config: ctx.config, database: ctx.database, storefront: false, logger: false }),
      };
      try {
        await second.app.ready();
        const user = await signUp(ctx.app);
        for (let i = 0; i < rateLimits.loginPerAccount.limit; i++) {
          const app = i % 2 === 0 ? ctx.app : second.app;
          expect((await login(user, 'wrong-password', freshIp(), app)).status).toBe(401);
        }
        expect((await login(user, user.password, freshIp(), second.app)).status).toBe(429);
        expect((await login(user, user.password, freshIp(), ctx.app)).status).toBe(429);
      } finally {
        await second.app.close();
      }
    });
  }
});

afterAll(async () => {
  if (!redisUrl) return;
  const redis = new Redis(redisUrl);
  try {
    const keys = await redis.keys(`${runPrefix}*`);
    expect(keys.length).toBeGreaterThan(0);
    if (keys.length) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
});
