import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, dialectBackends, type TestContext } from '../../../test/helpers.ts';
import { vitalsRepository } from './vitals.repository.ts';
import { bucketCount, bucketOf } from './vitals-histogram.ts';
import { vitalsRecorder } from './vitals-recorder.ts';

const total = (counts: number[]) => counts.reduce((sum, count) => sum + count, 0);

describe.each(dialectBackends)('the vitals recorder on %s', (backend) => {
  let ctx: TestContext;
  const log = { warn: () => {} };
  const repo = () => vitalsRepository(ctx.database);
  const stored = async () => (await repo().all()).map((r) => [r.day, r.pageType, r.metric, total(r.counts)]);

  beforeAll(async () => {
    ctx = await createTestContext(backend);
  });
  afterAll(() => ctx?.close());
  beforeEach(async () => {
    await ctx.database.rows(sql`delete from web_vitals_daily`);
  });

  it('counts per Kyiv day in one histogram row per kind of page and metric, however many reports', async () => {
    // 21:30 UTC on 31 May is already 1 June in Kyiv.
    let now = new Date('2026-05-31T20:30:00Z');
    const recorder = vitalsRecorder({ repo: repo(), log, now: () => now });
    for (let i = 0; i < 50; i++) recorder.record('LCP', 'home', 1000 + i * 10);
    now = new Date('2026-05-31T21:30:00Z');
    recorder.record('LCP', 'home', 3000);
    recorder.record('LCP', 'home', 3000);
    expect(recorder.buffered).toBe(2);
    await recorder.flush();
    expect(await stored()).toEqual([
      ['2026-05-31', 'home', 'LCP', 50],
      ['2026-06-01', 'home', 'LCP', 2],
    ]);
    const [, june] = await repo().all();
    expect(june?.counts).toHaveLength(bucketCount('LCP'));
    expect(june?.counts[bucketOf('LCP', 3000)]).toBe(2);
  });

  it('buffers at most so many histograms between writes; the ones held keep counting', async () => {
    const recorder = vitalsRecorder({ repo: repo(), log, maxBuffered: 2 });
    recorder.record('CLS', 'home', 0);
    recorder.record('CLS', 'search', 0.5);
    recorder.record('CLS', 'static', 0);
    recorder.record('CLS', 'home', 0.01);
    expect(recorder.buffered).toBe(2);
    await recorder.flush();
    expect((await stored()).map((r) => r.slice(1))).toEqual([
      ['home', 'CLS', 2],
      ['search', 'CLS', 1],
    ]);
  });

  it('deletes days older than 90 when it writes, at most once an hour; an empty buffer writes nothing', async () => {
    let now = new Date('2026-06-30T09:00:00Z');
    const recorder = vitalsRecorder({ repo: repo(), log, now: () => now });
    const zeros = new Array<number>(bucketCount('INP')).fill(0);
    const one = zeros.map((_, i) => (i === 5 ? 1 : 0));
    await repo().add([
      { day: '2026-03-31', pageType: 'home', metric: 'INP', counts: one },
      { day: '2026-04-01', pageType: 'home', metric: 'INP', counts: one },
    ]);
    await recorder.flush();
    expect(await stored()).toHaveLength(2);
    recorder.record('INP', 'home', 64);
    await recorder.flush();
    // 30 June less 90 days is 1 April: that day stays, the one before goes.
    expect((await stored()).map((r) => r[0])).toEqual(['2026-04-01', '2026-06-30']);
    await repo().add([{ day: '2026-03-30', pageType: 'home', metric: 'INP', counts: one }]);
    now = new Date('2026-06-30T09:30:00Z');
    recorder.record('INP', 'home', 64);
    await recorder.flush();
    expect((await stored()).map((r) => r[0])).toContain('2026-03-30');
    now = new Date('2026-06-30T10:00:00Z');
    recorder.record('INP', 'home', 64);
    await recorder.flush();
    expect((await stored()).map((r) => r[0])).not.toContain('2026-03-30');
  });

  it('writes every 30 s once started, and what is left on close; a failed write keeps its counts', async () => {
    let fail = true;
    let writes = 0;
    const flaky = {
      ...repo(),
      add: async (...args: Parameters<ReturnType<typeof repo>['add']>) => {
        writes++;
        if (fail) throw new Error('database away');
        return repo().add(...args);
      },
    };
    const warnings: string[] = [];
    const recorder = vitalsRecorder({
      repo: flaky,
      log: { warn: (_o, message) => warnings.push(message) },
      flushIntervalMs: 20,
    });
    recorder.start();
    recorder.record('LCP', 'checkout', 1500);
    await expect.poll(() => warnings.length).toBeGreaterThan(0);
    expect(warnings[0]).toBe('web vitals were not written; they are kept for the next try');
    expect(recorder.buffered).toBe(1);
    fail = false;
    recorder.record('LCP', 'checkout', 1600);
    await recorder.close();
    expect(await stored()).toEqual([[expect.any(String), 'checkout', 'LCP', 2]]);
    // Closed: the timer is gone, and nothing is left to write.
    const after = writes;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(writes).toBe(after);
  });
});
