import type { AdminVitals } from '@kram/contract/admin-vitals';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, dialectBackends, type TestContext } from '../../../test/helpers.ts';
import { bearer, freshIp, signUp, staffUser, type TestUser } from '../../../test/users.ts';
import { buildApp } from '../../app.ts';
import { addDays, kyivDay } from '../../lib/kyiv-time.ts';
import { vitalsRepository } from './vitals.repository.ts';
import { bucketCount, bucketOf } from './vitals-histogram.ts';

describe.each(dialectBackends)('web vitals on %s', (backend) => {
  let ctx: TestContext;
  let staff: TestUser;
  const repo = () => vitalsRepository(ctx.database);
  const report = (payload: unknown, options: { type?: string; ip?: string } = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/vitals/',
      headers: { 'content-type': options.type ?? 'application/json', 'x-forwarded-for': options.ip ?? freshIp() },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const vitals = async (query = '') => {
    const res = await ctx.app.inject({ url: `/api/admin/vitals/${query}`, headers: bearer(staff.access) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AdminVitals;
  };
  /** A histogram with `values` counted, as a day's row holds it. */
  const counts = (metric: 'LCP' | 'INP' | 'CLS', values: number[]) => {
    const row = new Array<number>(bucketCount(metric)).fill(0);
    for (const value of values) row[bucketOf(metric, value)] = (row[bucketOf(metric, value)] ?? 0) + 1;
    return row;
  };

  beforeAll(async () => {
    ctx = await createTestContext(backend);
    staff = await staffUser(ctx.app, ctx.database);
  });
  afterAll(() => ctx?.close());
  beforeEach(async () => {
    await ctx.database.rows(sql`delete from web_vitals_daily`);
  });

  it('counts reports sent as JSON and as sendBeacon’s text/plain, per kind of page and metric, keeping nothing else', async () => {
    for (const value of [1200, 1800, 2300, 3100]) {
      expect((await report({ metric: 'LCP', value, page_type: 'product' })).statusCode).toBe(204);
    }
    const beacon = await report('{"metric":"CLS","value":0.02,"page_type":"product"}', {
      type: 'text/plain;charset=UTF-8',
    });
    expect(beacon.statusCode, beacon.body).toBe(204);
    expect(beacon.body).toBe('');
    await report({ metric: 'INP', value: 96, page_type: 'home' });

    const today = kyivDay(new Date());
    const answer = await vitals();
    expect(answer.to).toBe(today);
    expect(answer.from).toBe(addDays(today, -27));
    expect(answer.pages.map((p) => p.page_type)).toEqual(['home', 'product']);
    const product = answer.pages[1]?.metrics;
    // Three of four are at most 2300 ms: the rank 3 ends at the top of 2300's bucket, (2278, 2500].
    expect(product?.LCP).toEqual({ samples: 4, p75: 2500, rating: 'good' });
    expect(product?.CLS).toMatchObject({ samples: 1, rating: 'good' });
    expect(product?.INP).toEqual({ samples: 0, p75: null, rating: null });
    expect(answer.pages[0]?.metrics.INP).toMatchObject({ samples: 1, rating: 'good' });

    const columns = await ctx.database.rows<{ column_name: string }>(
      sql`select column_name from information_schema.columns where table_name = 'web_vitals_daily' order by 1`,
    );
    expect(columns.map((c) => c.column_name)).toEqual(['counts', 'day', 'metric', 'page_type']);
    expect((await repo().all()).map((r) => [r.pageType, r.metric])).toEqual([
      ['home', 'INP'],
      ['product', 'CLS'],
      ['product', 'LCP'],
    ]);
  });

  it('refuses anything but a metric, a value within its bounds and a known kind of page, naming the field', async () => {
    const bad = async (payload: unknown, type?: string) => {
      const res = await report(payload, { type });
      expect(res.statusCode, res.body).toBe(400);
      return res.json();
    };
    const lcp = { metric: 'LCP', value: 1000, page_type: 'home' };
    expect(await bad({ ...lcp, metric: 'FCP' })).toEqual({ metric: ['Expected one of LCP, INP, CLS.'] });
    expect(await bad({ ...lcp, page_type: 'product/kurtka' })).toEqual({
      page_type: ['Expected one of home, category, product, search, static, checkout, account, wishlist, other.'],
    });
    expect(await bad({ ...lcp, url: '/product/x' })).toEqual({ non_field_errors: ['Unrecognized key: "url"'] });
    expect(await bad({ ...lcp, value: -1 })).toEqual({ value: ['A value is not negative.'] });
    expect(await bad({ ...lcp, value: '1000' })).toEqual({ value: ['Expected a number.'] });
    expect(await bad({ ...lcp, value: 120_001 })).toEqual({ value: ['LCP is at most 120000.'] });
    expect(await bad({ metric: 'INP', value: 60_001, page_type: 'home' })).toEqual({
      value: ['INP is at most 60000.'],
    });
    expect(await bad({ metric: 'CLS', value: 100.5, page_type: 'home' })).toEqual({ value: ['CLS is at most 100.'] });
    expect(await bad({ page_type: 'home' })).toMatchObject({ metric: expect.any(Array), value: expect.any(Array) });
    expect(await bad('{"metric":"LCP",', 'text/plain')).toMatchObject({ detail: expect.stringContaining('JSON') });
    expect(await bad('', 'text/plain')).toMatchObject({ detail: expect.any(String) });
    expect(await bad('[1,2]', 'text/plain')).toMatchObject({ non_field_errors: expect.any(Array) });
    // Values at the bounds are taken.
    expect((await report({ ...lcp, value: 120_000 })).statusCode).toBe(204);
    expect((await report({ metric: 'CLS', value: 0, page_type: 'other' })).statusCode).toBe(204);

    const large = await report({ ...lcp, pad: 'x'.repeat(2000) });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ detail: expect.any(String) });
    const form = await report('metric=LCP', { type: 'application/x-www-form-urlencoded' });
    expect(form.statusCode).toBe(415);
    // The two accepted reports only.
    expect((await vitals()).pages.map((p) => p.page_type)).toEqual(['home', 'other']);
  });

  it('reads text/plain as JSON for this call only', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login/',
      headers: { 'content-type': 'text/plain', 'x-forwarded-for': freshIp() },
      payload: JSON.stringify({ email_or_phone: staff.email, password: staff.password }),
    });
    expect(login.statusCode).not.toBe(200);
    expect(login.statusCode).toBeLessThan(500);
  });

  it('limits each address to 120 reports a minute', async () => {
    const ip = freshIp();
    const lcp = { metric: 'LCP', value: 900, page_type: 'search' };
    for (let i = 0; i < 120; i++) expect((await report(lcp, { ip })).statusCode).toBe(204);
    const refused = await report(lcp, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json()).toMatchObject({ detail: expect.any(String) });
    expect((await report(lcp)).statusCode).toBe(204);
  });

  it('adds up days and reads the p75 of the range from the summed histograms', async () => {
    // Days within the 90 kept, so that a write of buffered reports does not delete them.
    const day = (n: number) => addDays(kyivDay(new Date()), -20 + n);
    await repo().add([
      { day: day(1), pageType: 'category', metric: 'LCP', counts: counts('LCP', [1000, 1000, 1000]) },
      { day: day(2), pageType: 'category', metric: 'LCP', counts: counts('LCP', [5000]) },
      { day: day(3), pageType: 'category', metric: 'LCP', counts: counts('LCP', [5000, 5000, 5000, 5000]) },
      { day: day(2), pageType: 'checkout', metric: 'CLS', counts: counts('CLS', [0, 0, 0, 0.3]) },
    ]);
    // The same day again adds bucket by bucket.
    await repo().add([{ day: day(2), pageType: 'category', metric: 'LCP', counts: counts('LCP', [1000, 1000]) }]);
    const first = await vitals(`?from=${day(1)}&to=${day(2)}`);
    expect(first).toMatchObject({ from: day(1), to: day(2) });
    // Five of six at 1000 ms: good.
    expect(first.pages[0]).toMatchObject({ page_type: 'category', metrics: { LCP: { samples: 6, rating: 'good' } } });
    expect(first.pages[0]?.metrics.LCP.p75).toBeLessThanOrEqual(1081);
    expect(first.pages[1]).toEqual({
      page_type: 'checkout',
      metrics: {
        LCP: { samples: 0, p75: null, rating: null },
        INP: { samples: 0, p75: null, rating: null },
        CLS: { samples: 4, p75: 0, rating: 'good' },
      },
    });
    // Over three days, five of ten at 5000 ms: poor.
    const all = await vitals(`?from=${day(1)}&to=${day(3)}`);
    expect(all.pages[0]?.metrics.LCP).toMatchObject({ samples: 10, rating: 'poor' });
    expect(all.pages[0]?.metrics.LCP.p75).toBeGreaterThan(4807);
    expect(all.pages[0]?.metrics.LCP.p75).toBeLessThanOrEqual(5270);
    expect((await vitals(`?from=${day(4)}&to=${day(4)}`)).pages).toEqual([]);
  });

  it('refuses a bad range, and answers staff only', async () => {
    const bad = async (query: string) => {
      const res = await ctx.app.inject({ url: `/api/admin/vitals/${query}`, headers: bearer(staff.access) });
      expect(res.statusCode).toBe(400);
      return res.json();
    };
    expect(await bad('?from=2026-01-12&to=2026-01-11')).toEqual({ from: ['"from" must not be after "to".'] });
    expect(await bad('?from=2024-01-01&to=2026-01-11')).toEqual({ from: ['A range is at most 366 days.'] });
    expect(await bad('?from=yesterday')).toEqual({ from: ['Enter a date as YYYY-MM-DD.'] });
    expect(await bad('?page_type=home')).toEqual({ non_field_errors: ['Unrecognized key: "page_type"'] });

    // Asked for without the trailing slash, it answers the same.
    const bare = await ctx.app.inject({ url: '/api/admin/vitals', headers: bearer(staff.access) });
    expect(bare.statusCode).toBe(200);
    expect(bare.json()).toEqual(await vitals());
    expect((await ctx.app.inject('/api/admin/vitals')).statusCode).toBe(401);

    const guest = await ctx.app.inject('/api/admin/vitals/');
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toMatchObject({ detail: expect.any(String) });
    const shopper = await signUp(ctx.app);
    const forbidden = await ctx.app.inject({ url: '/api/admin/vitals/', headers: bearer(shopper.access) });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
  });

  it('adds up the reports of two processes; a process writes what it holds when it closes', async () => {
    const second = await buildApp({ config: ctx.config, database: ctx.database, storefront: false, logger: false });
    try {
      await second.ready();
      const send = (app: typeof second, value: number) =>
        app.inject({
          method: 'POST',
          url: '/api/vitals/',
          headers: { 'x-forwarded-for': freshIp() },
          payload: { metric: 'INP', value, page_type: 'wishlist' },
        });
      expect((await send(second, 150)).statusCode).toBe(204);
      expect((await send(second, 700)).statusCode).toBe(204);
      expect((await send(ctx.app, 100)).statusCode).toBe(204);
      // Nothing is written per report: the second process's two wait in its memory.
      expect(await repo().all()).toEqual([]);
      await second.close();
      expect((await repo().all()).map((r) => r.counts.reduce((a, b) => a + b, 0))).toEqual([2]);
      // This process writes its own when staff read.
      expect((await vitals()).pages).toEqual([
        { page_type: 'wishlist', metrics: expect.objectContaining({ INP: expect.objectContaining({ samples: 3 }) }) },
      ]);
    } finally {
      await second.close();
    }
  });
});
