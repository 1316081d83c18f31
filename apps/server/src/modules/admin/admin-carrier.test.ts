import type { CarrierStatus, CarrierSyncRun } from '@kram/contract/admin-carrier';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeNovaPoshta, startFakeNovaPoshta } from '../../../test/fake-novaposhta.ts';
import { createTestContext, dialectBackends, type TestContext } from '../../../test/helpers.ts';
import { bearer, staffUser, type TestUser } from '../../../test/users.ts';

const ref = (kind: string, n: number) => `${kind}${String(n).padStart(7, '0')}-0000-4000-8000-000000000000`;

/** Three cities with two branches each. */
function carrierData() {
  const cities = ['Київ', 'Одеса', 'Львів'].map((name, i) => ({ Ref: ref('c', i), Description: name }));
  const warehouses = cities.flatMap((city, i) =>
    [1, 2].map((n) => ({
      Ref: ref('w', i * 10 + n),
      CityRef: city.Ref,
      Number: String(n),
      Description: `Відділення №${n}`,
      WarehouseStatus: 'Working',
    })),
  );
  return { cities, warehouses };
}

describe.each(dialectBackends)('the Nova Poshta directory in the back office on %s', (backend) => {
  let np: FakeNovaPoshta;

  beforeAll(async () => {
    np = await startFakeNovaPoshta(carrierData());
  });
  beforeEach(() => {
    np.failFrom = undefined;
    np.hold = undefined;
  });
  afterAll(() => np?.close());

  /** Calls as one member of staff, and waits for runs through the status call the screen polls. */
  function client(ctx: () => TestContext, staff: () => TestUser) {
    const status = async (): Promise<CarrierStatus> => {
      const res = await ctx().app.inject({ url: '/api/admin/carrier/', headers: bearer(staff().access) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    return {
      status,
      sync: () =>
        ctx().app.inject({ method: 'POST', url: '/api/admin/carrier/sync/', headers: bearer(staff().access) }),
      async settled(run: CarrierSyncRun): Promise<CarrierStatus> {
        for (let i = 0; i < 300; i++) {
          const now = await status();
          if (!now.running && now.last_run?.id === run.id) return now;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        throw new Error(`run ${run.id} did not end`);
      },
    };
  }

  describe('without NOVA_POSHTA_API_KEY', () => {
    let ctx: TestContext;
    let staff: TestUser;
    const api = client(
      () => ctx,
      () => staff,
    );

    beforeAll(async () => {
      ctx = await createTestContext(backend);
      staff = await staffUser(ctx.app, ctx.database);
    });
    afterAll(() => ctx?.close());

    it('says the directory comes from the bundled file, with no daily sync', async () => {
      expect(await api.status()).toEqual({
        source: 'bundled',
        cities: 0,
        warehouses: 0,
        running: null,
        last_run: null,
        last_success_at: null,
        daily: false,
        next_run_at: null,
      });
    });

    it('reloads the bundled directory on demand, records the run, and logs who asked', async () => {
      const res = await api.sync();
      expect(res.statusCode, res.body).toBe(202);
      const run = res.json() as CarrierSyncRun;
      expect(run).toMatchObject({ trigger: 'staff', source: 'bundled', finished_at: null, error: null });

      const after = await api.settled(run);
      expect(after).toMatchObject({ source: 'bundled', cities: 44, warehouses: 360, running: null });
      expect(after.last_run).toMatchObject({ id: run.id, trigger: 'staff', cities: 44, warehouses: 360, error: null });
      expect(Date.parse(after.last_run?.finished_at ?? '')).toBeGreaterThanOrEqual(Date.parse(run.started_at));
      expect(after.last_success_at).toBe(after.last_run?.finished_at);

      const log = (
        await ctx.app.inject({ url: '/api/admin/audit/?action=carrier.sync', headers: bearer(staff.access) })
      ).json();
      expect(log.results).toHaveLength(1);
      expect(log.results[0]).toMatchObject({
        actor_id: staff.id,
        entity: 'carrier_sync_run',
        entity_id: String(run.id),
        before: null,
        after: { id: run.id, trigger: 'staff', source: 'bundled', started_at: run.started_at, finished_at: null },
      });
    });

    it('takes no fields', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/carrier/sync/',
        headers: bearer(staff.access),
        payload: { source: 'api' },
      });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('with NOVA_POSHTA_API_KEY', () => {
    let ctx: TestContext;
    let staff: TestUser;
    const api = client(
      () => ctx,
      () => staff,
    );

    beforeAll(async () => {
      ctx = await createTestContext(backend, { NOVA_POSHTA_API_KEY: np.apiKey, NOVA_POSHTA_API_URL: np.url });
      staff = await staffUser(ctx.app, ctx.database);
    });
    afterAll(() => ctx?.close());

    it('syncs from the API on demand, and plans the next daily sync a day after it', async () => {
      const before = await api.status();
      expect(before).toMatchObject({ source: 'api', daily: true });
      // Never synced: the daily job looks soon after start.
      expect(Date.parse(before.next_run_at ?? '')).toBeLessThanOrEqual(Date.now() + 60_000);

      const res = await api.sync();
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json()).toMatchObject({ trigger: 'staff', source: 'api' });
      const after = await api.settled(res.json());
      expect(after).toMatchObject({ cities: 3, warehouses: 6 });
      expect(after.last_run).toMatchObject({ source: 'api', cities: 3, warehouses: 6, error: null });
      expect(np.calls.some((c) => c.calledMethod === 'getWarehouses')).toBe(true);
      const finished = Date.parse(after.last_run?.finished_at ?? '');
      expect(Date.parse(after.next_run_at ?? '')).toBe(finished + 24 * 60 * 60_000);
    });

    it('refuses a second sync while one runs, and shows the one under way', async () => {
      let answer!: () => void;
      np.hold = new Promise((resolve) => {
        answer = resolve;
      });
      const first = await api.sync();
      expect(first.statusCode).toBe(202);
      const second = await api.sync();
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({
        detail: 'A sync of the Nova Poshta directory is already running.',
        code: 'sync_running',
      });
      expect((await api.status()).running).toMatchObject({ id: first.json().id, trigger: 'staff', progress: null });
      answer();
      await api.settled(first.json());
      // Only the first was recorded and logged.
      const runs = await ctx.database.rows<{ n: number }>(
        sql`select count(*)::int as n from carrier_sync_runs where started_at >= ${first.json().started_at}`,
      );
      expect(runs[0]?.n).toBe(1);
      const log = (
        await ctx.app.inject({ url: '/api/admin/audit/?action=carrier.sync', headers: bearer(staff.access) })
      ).json();
      expect(log.results[0].entity_id).toBe(String(first.json().id));
      // Once it ended, the next one may start.
      const third = await api.sync();
      expect(third.statusCode).toBe(202);
      await api.settled(third.json());
    });

    it('records a failed sync with the carrier’s answer, and keeps the last success', async () => {
      const success = (await api.status()).last_success_at;
      np.failFrom = { method: 'getCities', page: 1 };
      ctx.expectErrorLog(/carrier directory sync failed/);
      const res = await api.sync();
      expect(res.statusCode).toBe(202);
      const after = await api.settled(res.json());
      expect(after.last_run).toMatchObject({
        cities: null,
        warehouses: null,
        error: 'Nova Poshta answered HTTP 500 to getCities',
      });
      expect(after.last_success_at).toBe(success);
      expect(after).toMatchObject({ cities: 3, warehouses: 6 });
    });
  });

  it('stops a sync under way when the server stops, and records it as interrupted', async () => {
    const ctx = await createTestContext(backend, { NOVA_POSHTA_API_KEY: np.apiKey, NOVA_POSHTA_API_URL: np.url });
    try {
      const staff = await staffUser(ctx.app, ctx.database);
      np.hold = new Promise(() => {});
      const res = await client(
        () => ctx,
        () => staff,
      ).sync();
      expect(res.statusCode).toBe(202);
      const started = performance.now();
      await ctx.app.close();
      expect(performance.now() - started).toBeLessThan(2000);
      const [run] = await ctx.database.rows<{ finished_at: Date | null; error: string | null }>(
        sql`select finished_at, error from carrier_sync_runs where id = ${res.json().id}`,
      );
      expect(run?.finished_at).not.toBeNull();
      expect(run?.error).toBe('Interrupted: the server stopped.');
    } finally {
      await ctx.close();
    }
  });
});
