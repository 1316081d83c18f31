import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeNovaPoshta, startFakeNovaPoshta } from '../../../test/fake-novaposhta.ts';
import { type Backend, dialectBackends, freshDatabase } from '../../../test/helpers.ts';
import type { Database } from '../../db/client.ts';
import { type Scheduler, scheduler } from '../../infra/jobs/scheduler.ts';
import { singleRunner } from '../../infra/jobs/single-runner.ts';
import { deliveryRepository } from './delivery.repository.ts';
import { directoryRunsRepository } from './directory-runs.repository.ts';
import { directorySyncService } from './directory-sync.service.ts';

const day = 24 * 60 * 60_000;
const quiet = { warn: () => {}, error: () => {}, info: () => {} } as unknown as Parameters<typeof scheduler>[0]['log'];

function carrierData() {
  const cities = ['Київ', 'Одеса'].map((name, i) => ({ Ref: `c${i}`, Description: name }));
  const warehouses = cities.map((city, i) => ({
    Ref: `w${i}`,
    CityRef: city.Ref,
    Number: '1',
    Description: 'Відділення №1',
  }));
  return { cities, warehouses };
}

describe.each(dialectBackends)('the daily sync of the Nova Poshta directory on %s', (backend: Backend) => {
  let database: Database;
  let np: FakeNovaPoshta;
  const running: Scheduler[] = [];

  /** One server process: its lock, its scheduler with the daily job, looking at once. */
  function startProcess() {
    const locks = singleRunner(database);
    const jobs = scheduler({ locks, log: quiet, firstCheckMs: 0 });
    const directory = directorySyncService({
      repo: deliveryRepository(database),
      runs: directoryRunsRepository(database),
      locks,
      jobs,
      novaPoshta: { apiKey: np.apiKey, apiUrl: np.url },
      log: quiet,
      client: { retryDelayMs: 0, attempts: 1 },
    });
    jobs.add(directory.dailyJob);
    jobs.start();
    running.push(jobs);
    return { jobs, directory };
  }
  const runs = () =>
    database.rows<{ trigger: string; source: string; finished: boolean; cities: number | null; error: string | null }>(
      sql`select trigger, source, finished_at is not null as finished, cities, error from carrier_sync_runs order by id`,
    );
  /** The process has looked and planned its next look for later than `laterThanMs` from now. */
  async function lookedAndSleeps(jobs: Scheduler, laterThanMs = 60 * 60_000) {
    for (let i = 0; i < 500; i++) {
      const next = jobs.nextRunAt('carrier-directory-sync')?.getTime() ?? 0;
      if (next > Date.now() + laterThanMs) return next;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('the scheduler never planned a later look');
  }

  beforeAll(async () => {
    database = await freshDatabase(backend);
    np = await startFakeNovaPoshta(carrierData());
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((jobs) => jobs.stop()));
  });
  afterAll(async () => {
    await database?.close();
    await np?.close();
  });

  it('syncs by itself when it never has, and says when it will next', async () => {
    const { jobs, directory } = startProcess();
    await lookedAndSleeps(jobs);
    expect(await runs()).toEqual([{ trigger: 'schedule', source: 'api', finished: true, cities: 2, error: null }]);
    const status = await directory.status();
    expect(status).toMatchObject({ source: 'api', cities: 2, warehouses: 2, running: null });
    expect(Date.parse(status.next_run_at ?? '')).toBe(Date.parse(status.last_success_at ?? '') + day);
  });

  it('does not sync again after a restart within the day', async () => {
    const calls = np.calls.length;
    const { jobs } = startProcess();
    await lookedAndSleeps(jobs);
    expect(await runs()).toHaveLength(1);
    expect(np.calls.length).toBe(calls);
  });

  it('syncs again once the last success from the API is a day old; failures and the bundled file do not count', async () => {
    await database.db.execute(
      sql`update carrier_sync_runs set started_at = now() - interval '25 hours', finished_at = now() - interval '25 hours'`,
    );
    await database.db.execute(sql`
      insert into carrier_sync_runs (trigger, source, started_at, finished_at, error)
      values ('staff', 'api', now() - interval '1 hour', now() - interval '1 hour', 'Nova Poshta answered HTTP 500 to getCities')`);
    await database.db.execute(sql`
      insert into carrier_sync_runs (trigger, source, started_at, finished_at, cities, warehouses)
      values ('cli', 'bundled', now() - interval '1 hour', now() - interval '1 hour', 44, 360)`);
    const { jobs } = startProcess();
    await lookedAndSleeps(jobs);
    const all = await runs();
    expect(all).toHaveLength(4);
    expect(all[3]).toEqual({ trigger: 'schedule', source: 'api', finished: true, cities: 2, error: null });
  });

  it('records a failed daily sync and tries again later', async () => {
    await database.db.execute(sql`update carrier_sync_runs set finished_at = now() - interval '25 hours'`);
    np.failFrom = { method: 'getCities', page: 1 };
    try {
      const { jobs } = startProcess();
      const started = Date.now();
      await lookedAndSleeps(jobs, 30 * 60_000);
      const last = (await runs()).at(-1);
      expect(last).toEqual({
        trigger: 'schedule',
        source: 'api',
        finished: true,
        cities: null,
        error: 'Nova Poshta answered HTTP 500 to getCities',
      });
      // The retry comes after the scheduler's retry delay (an hour), not at once.
      const next = jobs.nextRunAt('carrier-directory-sync')?.getTime() ?? 0;
      expect(next - started).toBeGreaterThanOrEqual(60 * 60_000);
      expect(next - Date.now()).toBeLessThanOrEqual(60 * 60_000);
    } finally {
      np.failFrom = undefined;
    }
  });
});
