import type { CarrierStatus, CarrierSyncRun } from '@kram/contract/admin-carrier';
import { describe, expect, it } from 'vitest';
import { formatDateTime, outcomeOf, progressPercent, runError } from './carrier-format.ts';

const run = (over: Partial<CarrierSyncRun> = {}): CarrierSyncRun => ({
  id: 7,
  trigger: 'staff',
  source: 'api',
  started_at: '2026-11-23T08:00:00.000Z',
  finished_at: '2026-11-23T08:03:00.000Z',
  cities: 10_950,
  warehouses: 41_230,
  error: null,
  ...over,
});
const status = (over: Partial<CarrierStatus> = {}): CarrierStatus => ({
  source: 'api',
  cities: 10_950,
  warehouses: 41_230,
  running: null,
  last_run: run(),
  last_success_at: '2026-11-23T08:03:00.000Z',
  daily: true,
  next_run_at: '2026-11-24T08:03:00.000Z',
  ...over,
});

describe('the Nova Poshta screen’s formats', () => {
  it('counts cities as the first half of a run and branches as the second', () => {
    const running = (phase: 'cities' | 'branches', done: number, total: number) => ({
      ...run({ finished_at: null }),
      progress: { phase, done, total },
    });
    expect(progressPercent(running('cities', 500, 1000))).toBe(25);
    expect(progressPercent(running('branches', 0, 40_000))).toBe(50);
    expect(progressPercent(running('branches', 30_000, 40_000))).toBe(88);
    expect(progressPercent({ ...run({ finished_at: null }), progress: null })).toBeNull();
    expect(progressPercent(null)).toBeNull();
  });

  it('translates the server’s interruption and keeps the carrier’s own words', () => {
    expect(runError(run())).toBeNull();
    expect(runError(run({ error: 'Interrupted: the server stopped.' }))).toEqual({
      key: 'resources.carrier.interrupted',
    });
    expect(runError(run({ error: 'Nova Poshta refused getCities: API key expired' }))).toEqual({
      text: 'Nova Poshta refused getCities: API key expired',
    });
  });

  it('tells the outcome of the run being watched once it has ended, and only then', () => {
    expect(outcomeOf(status(), undefined)).toBeUndefined();
    expect(outcomeOf(status({ running: { ...run({ finished_at: null }), progress: null } }), 7)).toBeUndefined();
    expect(outcomeOf(status({ last_run: run({ id: 6 }) }), 7)).toBeUndefined();
    expect(outcomeOf(status(), 7)).toEqual({ ok: true, run: run() });
    const failed = run({ error: 'Nova Poshta answered HTTP 500 to getCities', cities: null, warehouses: null });
    expect(outcomeOf(status({ last_run: failed }), 7)).toEqual({ ok: false, run: failed });
  });

  it('shows times on Kyiv’s clock', () => {
    expect(formatDateTime('2026-11-23T22:30:00.000Z')).toMatch(/^24\.11\.(20)?26, 00:30$/);
  });
});
