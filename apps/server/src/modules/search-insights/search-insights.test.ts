import type { AdminSearchInsights } from '@kram/contract/admin-search';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, dialectBackends, type TestContext } from '../../../test/helpers.ts';
import { bearer, staffUser, type TestUser } from '../../../test/users.ts';
import { buildApp } from '../../app.ts';
import { addDays, kyivDay } from '../../lib/kyiv-time.ts';
import { searchInsightsRepository } from './search-insights.repository.ts';
import { normaliseQuery } from './search-query.ts';
import { searchRecorder } from './search-recorder.ts';

describe('a query as the insights count it', () => {
  it('is lower-case, trimmed, with inner spaces collapsed, at most 100 characters', () => {
    expect(normaliseQuery('  Худі   ЧОРНЕ\t xl ')).toBe('худі чорне xl');
    expect(normaliseQuery('   ')).toBe('');
    expect([...normaliseQuery('я'.repeat(150))]).toHaveLength(100);
    // Cut by characters, never inside one; no trailing space after a cut.
    expect(normaliseQuery(`${'a'.repeat(99)} b`)).toBe('a'.repeat(99));
    expect(normaliseQuery('👍'.repeat(120))).toBe('👍'.repeat(100));
  });

  it("falls on Kyiv's day", () => {
    // 22:30 UTC on 22 November is 00:30 on the 23rd in Kyiv.
    expect(kyivDay(new Date('2026-11-22T22:30:00Z'))).toBe('2026-11-23');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe.each(dialectBackends)('search insights on %s', (backend) => {
  let ctx: TestContext;
  let staff: TestUser;
  const log = { warn: () => {} };
  const repo = () => searchInsightsRepository(ctx.database);
  const search = (text: string, page = 1) =>
    ctx.app.inject(`/api/products?search=${encodeURIComponent(text)}&page=${page}`);
  const insights = async (query = '') => {
    const res = await ctx.app.inject({
      url: `/api/admin/search/insights/${query}`,
      headers: bearer(staff.access),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AdminSearchInsights;
  };

  beforeAll(async () => {
    ctx = await createTestContext(backend);
    staff = await staffUser(ctx.app, ctx.database);
  });
  afterAll(() => ctx?.close());
  beforeEach(async () => {
    await ctx.database.rows(sql`delete from search_queries_daily`);
  });

  it('counts listing searches, first pages only, cached answers included, and not suggestions', async () => {
    for (let i = 0; i < 3; i++) expect((await search(' Худі  ')).statusCode).toBe(200);
    await search('худі', 2);
    await search('зюзюблик');
    await ctx.app.inject('/api/search/suggest?q=куртка');
    await ctx.app.inject('/api/products?category_slug=odyag');

    const today = kyivDay(new Date());
    const report = await insights();
    expect(report.top).toEqual([
      { query: 'худі', searches: 3, zero_results: 0 },
      { query: 'зюзюблик', searches: 1, zero_results: 1 },
    ]);
    expect(report.zero_results).toEqual([{ query: 'зюзюблик', searches: 1 }]);
    expect(report.to).toBe(today);
    expect(report.from).toBe(addDays(today, -29));
    expect(report.days).toHaveLength(30);
    expect(report.days.at(-1)).toEqual({ day: today, searches: 4, zero_results: 1 });
    expect(report.days[0]).toEqual({ day: addDays(today, -29), searches: 0, zero_results: 0 });
    // Nothing but the day, the query and the counts is stored.
    const columns = await ctx.database.rows<{ column_name: string }>(
      sql`select column_name from information_schema.columns where table_name = 'search_queries_daily' order by 1`,
    );
    expect(columns.map((c) => c.column_name)).toEqual(['day', 'query', 'searches', 'zero_results']);
  });

  it('reads a range of days and refuses a bad one', async () => {
    await repo().add(
      [
        { day: '2026-01-10', query: 'берці', searches: 5, zeroResults: 0 },
        { day: '2026-01-12', query: 'берці', searches: 2, zeroResults: 0 },
        { day: '2026-01-12', query: 'кфкфк', searches: 4, zeroResults: 4 },
      ],
      { maxPerDay: 2000 },
    );
    const report = await insights('?from=2026-01-11&to=2026-01-12');
    expect(report.top).toEqual([
      { query: 'кфкфк', searches: 4, zero_results: 4 },
      { query: 'берці', searches: 2, zero_results: 0 },
    ]);
    expect(report.days).toEqual([
      { day: '2026-01-11', searches: 0, zero_results: 0 },
      { day: '2026-01-12', searches: 6, zero_results: 4 },
    ]);
    const bad = async (query: string) => {
      const res = await ctx.app.inject({ url: `/api/admin/search/insights/${query}`, headers: bearer(staff.access) });
      expect(res.statusCode).toBe(400);
      return res.json();
    };
    expect(await bad('?from=2026-01-12&to=2026-01-11')).toEqual({ from: ['"from" must not be after "to".'] });
    expect(await bad('?from=2024-01-01&to=2026-01-11')).toEqual({ from: ['A range is at most 366 days.'] });
    expect(await bad('?from=yesterday')).toEqual({ from: ['Enter a date as YYYY-MM-DD.'] });
  });

  it('keeps at most so many queries per day: a new one beyond is not stored, stored ones keep counting', async () => {
    const now = () => new Date('2026-05-05T12:00:00Z');
    const recorder = searchRecorder({ repo: repo(), log, now, maxPerDay: 3 });
    for (const q of ['a1', 'a2', 'a2', 'a3']) recorder.record(q, 1);
    await recorder.flush();
    for (const q of ['a4', 'a1', 'a5']) recorder.record(q, 0);
    await recorder.flush();
    expect(await repo().all()).toEqual([
      { day: '2026-05-05', query: 'a1', searches: 2, zeroResults: 1 },
      { day: '2026-05-05', query: 'a2', searches: 2, zeroResults: 0 },
      { day: '2026-05-05', query: 'a3', searches: 1, zeroResults: 0 },
    ]);
    // Within one write, the most searched new queries take the free places.
    await ctx.database.rows(sql`delete from search_queries_daily where query = 'a3'`);
    recorder.record('b1', 1);
    recorder.record('b2', 1);
    recorder.record('b2', 1);
    await recorder.flush();
    expect((await repo().all()).map((r) => r.query)).toEqual(['a1', 'a2', 'b2']);
  });

  it('buffers at most so many queries between writes; the ones held keep counting', async () => {
    const recorder = searchRecorder({ repo: repo(), log, maxBuffered: 2 });
    for (const q of ['x1', 'x2', 'x3', 'x1']) recorder.record(q, 1);
    expect(recorder.buffered).toBe(2);
    await recorder.flush();
    expect((await repo().all()).map((r) => [r.query, r.searches])).toEqual([
      ['x1', 2],
      ['x2', 1],
    ]);
  });

  it('deletes days older than 90 when it writes, at most once an hour; an empty buffer writes nothing', async () => {
    let now = new Date('2026-06-30T09:00:00Z');
    const recorder = searchRecorder({ repo: repo(), log, now: () => now });
    const old = [
      { day: '2026-03-31', query: 'old', searches: 1, zeroResults: 0 },
      { day: '2026-04-01', query: 'kept', searches: 1, zeroResults: 0 },
    ];
    await repo().add(old, { maxPerDay: 2000 });
    // Nothing buffered: no write at all, so nothing is pruned either.
    await recorder.flush();
    expect(await repo().all()).toHaveLength(2);

    recorder.record('new', 3);
    await recorder.flush();
    // 30 June less 90 days is 1 April: that day stays, the one before goes.
    expect((await repo().all()).map((r) => r.day)).toEqual(['2026-04-01', '2026-06-30']);

    await repo().add([{ day: '2026-03-30', query: 'old', searches: 1, zeroResults: 0 }], { maxPerDay: 2000 });
    now = new Date('2026-06-30T09:30:00Z');
    recorder.record('new', 3);
    await recorder.flush();
    expect((await repo().all()).map((r) => r.day)).toContain('2026-03-30');
    now = new Date('2026-06-30T10:00:00Z');
    recorder.record('new', 3);
    await recorder.flush();
    expect((await repo().all()).map((r) => r.day)).not.toContain('2026-03-30');
  });

  it('an empty buffer issues no statement', async () => {
    let writes = 0;
    const counted = { ...repo(), add: async () => void writes++ };
    const recorder = searchRecorder({ repo: counted, log });
    await recorder.flush();
    await recorder.close();
    expect(writes).toBe(0);
    recorder.record('   ', 1);
    await recorder.flush();
    expect(writes).toBe(0);
  });

  it('writes what is left on close, and keeps what a failed write held for the next one', async () => {
    let fail = true;
    const flaky = {
      ...repo(),
      add: async (...args: Parameters<ReturnType<typeof repo>['add']>) => {
        if (fail) throw new Error('database away');
        return repo().add(...args);
      },
    };
    const warnings: string[] = [];
    const recorder = searchRecorder({ repo: flaky, log: { warn: (_o, message) => warnings.push(message) } });
    recorder.start();
    recorder.record('каремат', 1);
    await recorder.flush();
    expect(warnings).toHaveLength(1);
    expect(recorder.buffered).toBe(1);
    fail = false;
    recorder.record('каремат', 0);
    await recorder.close();
    expect((await repo().all()).map((r) => [r.query, r.searches, r.zeroResults])).toEqual([['каремат', 2, 1]]);
  });

  it('adds up the counts of two processes on one database', async () => {
    const second = await buildApp({ config: ctx.config, database: ctx.database, storefront: false, logger: false });
    try {
      await second.ready();
      await search('спальник');
      await second.inject('/api/products?search=Спальник');
      await second.inject('/api/products?search=спальник');
      await second.inject('/api/products?search=qwzxqwzx');
      // The second process writes when it closes; this one when the owner reads.
      await second.close();
      const report = await insights();
      expect(report.top).toEqual([
        { query: 'спальник', searches: 3, zero_results: 0 },
        { query: 'qwzxqwzx', searches: 1, zero_results: 1 },
      ]);
    } finally {
      await second.close();
    }
  });
});
