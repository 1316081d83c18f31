import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withDatabase } from '../../../test/global-setup.ts';
import { type Backend, dialectBackends, freshDatabase } from '../../../test/helpers.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { type ScheduledJob, type Scheduler, scheduler } from './scheduler.ts';
import { singleRunner } from './single-runner.ts';

const hour = 60 * 60_000;

interface Warnings {
  lines: unknown[];
  warn(...args: unknown[]): void;
}
const warnings = (): Warnings => ({
  lines: [],
  warn(...args: unknown[]) {
    this.lines.push(args);
  },
});
const asLog = (w: Warnings) => w as unknown as Parameters<typeof scheduler>[0]['log'];

async function until(condition: () => boolean, what: string) {
  for (let i = 0; i < 500; i++) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting until ${what}`);
}

/** A job that remembers when it last ran, due an hour after that. */
function hourlyJob(name: string, work: () => Promise<void> = async () => {}) {
  const job = {
    runs: 0,
    lastRun: 0,
    name,
    dueAt: async () => new Date(job.lastRun + hour),
    async run() {
      job.runs++;
      await work();
      job.lastRun = Date.now();
    },
  };
  return job satisfies ScheduledJob;
}

describe.each(dialectBackends)('the scheduler on %s', (backend: Backend) => {
  let database: Database;
  const started: Scheduler[] = [];
  const make = (options: Partial<Parameters<typeof scheduler>[0]> = {}, db = database) => {
    const jobs = scheduler({ locks: singleRunner(db), log: asLog(warnings()), firstCheckMs: 0, ...options });
    started.push(jobs);
    return jobs;
  };

  beforeAll(async () => {
    database = await freshDatabase(backend);
  });
  afterEach(async () => {
    await Promise.all(started.splice(0).map((s) => s.stop()));
  });
  afterAll(() => database?.close());

  it('runs a due job at its first look, then sleeps until it is due again', async () => {
    const job = hourlyJob('due-now');
    const jobs = make();
    jobs.add(job);
    expect(jobs.has(job.name)).toBe(false);
    jobs.start();
    expect(jobs.has(job.name)).toBe(true);
    await until(() => job.runs === 1 && (jobs.nextRunAt(job.name)?.getTime() ?? 0) > Date.now(), 'it ran');
    const next = jobs.nextRunAt(job.name)?.getTime() ?? 0;
    expect(Math.abs(next - (job.lastRun + hour))).toBeLessThan(1000);
    expect(job.runs).toBe(1);
  });

  it('leaves a job that is not due alone, and never sleeps past maxSleepMs', async () => {
    const job = hourlyJob('not-due');
    job.lastRun = Date.now();
    const jobs = make({ maxSleepMs: 30 * 60_000 });
    jobs.add(job);
    const before = Date.now();
    jobs.start();
    await until(() => (jobs.nextRunAt(job.name)?.getTime() ?? 0) > before + 60_000, 'it planned the next look');
    expect(job.runs).toBe(0);
    expect(Math.abs((jobs.nextRunAt(job.name)?.getTime() ?? 0) - (before + 30 * 60_000))).toBeLessThan(1000);
  });

  it('logs a failure and tries again after retryMs', async () => {
    const log = warnings();
    const job = hourlyJob('failing', async () => {
      throw new Error('carrier down');
    });
    const jobs = make({ retryMs: 30, log: asLog(log) });
    jobs.add(job);
    jobs.start();
    await until(() => job.runs >= 2, 'it ran twice');
    expect(log.lines[0]).toEqual([
      expect.objectContaining({
        job: 'failing',
        retryMs: 30,
        err: expect.objectContaining({ message: 'carrier down' }),
      }),
      'scheduled job failed: trying again later',
    ]);
  });

  it('keeps no timer alive, and stop() waits for the work under way and ends the timers', async () => {
    const timeouts = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const job = hourlyJob('slow', () => gate);
    const jobs = make();
    const before = timeouts();
    jobs.add(job);
    jobs.start();
    expect(timeouts()).toBe(before);
    await until(() => job.runs === 1, 'it started');
    // Looking now: no next look is planned until this one ends.
    expect(jobs.nextRunAt(job.name)).toBeUndefined();
    let stopped = false;
    const stopping = jobs.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(jobs.nextRunAt(job.name)).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(job.runs).toBe(1);
  });

  it('runs a job once when two processes look at the same time', async () => {
    // On PostgreSQL each "process" has its own connections; PGlite has one process per database.
    const [url] = await database.rows<{ name: string }>(sql`select current_database() as name`);
    const other =
      backend === 'postgres'
        ? await openDatabase({
            url: withDatabase(process.env.TEST_DATABASE_URL as string, url?.name ?? ''),
            poolSize: 2,
          })
        : database;
    try {
      let inside = 0;
      let most = 0;
      const shared = hourlyJob('shared', async () => {
        inside++;
        most = Math.max(most, inside);
        await new Promise((resolve) => setTimeout(resolve, 100));
        inside--;
      });
      const first = make({ retryMs: 20 });
      const second = make({ retryMs: 20 }, other);
      first.add(shared);
      second.add(shared);
      first.start();
      second.start();
      await until(() => shared.runs === 1 && shared.lastRun > 0, 'one ran');
      // The other one's retry comes and finds the job done.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(shared.runs).toBe(1);
      expect(most).toBe(1);
    } finally {
      await Promise.all(started.splice(0).map((s) => s.stop()));
      if (other !== database) await other.close();
    }
  });
});
