import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeNovaPoshta, startFakeNovaPoshta } from '../../../test/fake-novaposhta.ts';
import { type Backend, dialectBackends, freshDatabase } from '../../../test/helpers.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { deliveryRepository } from './delivery.repository.ts';
import { syncFromNovaPoshta } from './directory-sync.ts';
import { novaPoshtaClient } from './nova-poshta-client.ts';

const ref = (kind: string, n: number) =>
  `${kind === 'city' ? 'c' : 'w'}${String(n).padStart(7, '0')}-0000-4000-8000-000000000000`;

/** Seven cities with two or three branches each, as getCities/getWarehouses answer them. */
function carrierData() {
  const names = [
    ['Київ', 'Киев'],
    ['Одеса', 'Одесса'],
    ['Львів', 'Львов'],
    ['Харків', 'Харьков'],
    ['Дніпро', 'Днепр'],
    ['Вінниця', 'Винница'],
    ['Полтава', 'Полтава'],
  ];
  const cities = names.map(([uk, ru], i) => ({
    Ref: ref('city', i),
    Description: uk,
    DescriptionRu: ru,
    AreaDescription: `${uk}ська`,
    AreaDescriptionRu: `${ru}ская`,
    SettlementTypeDescription: 'місто',
    Delivery1: '1',
  }));
  const warehouses = cities.flatMap((city, i) =>
    Array.from({ length: i % 2 === 0 ? 3 : 2 }, (_, k) => ({
      Ref: ref('wh', i * 10 + k),
      CityRef: city.Ref,
      Number: String(k + 1),
      Description: `Відділення №${k + 1}: вул. Тестова, ${k + 1}`,
      DescriptionRu: `Отделение №${k + 1}: ул. Тестовая, ${k + 1}`,
      CategoryOfWarehouse: 'Branch',
      WarehouseStatus: 'Working',
      TotalMaxWeightAllowed: '30',
    })),
  );
  return { cities, warehouses };
}

describe.each(dialectBackends)('carrier sync from a Nova Poshta API on %s', (backend: Backend) => {
  let database: Database;
  let np: FakeNovaPoshta;
  const client = (overrides: { apiKey?: string } = {}) =>
    novaPoshtaClient({ apiKey: np.apiKey, apiUrl: np.url, pageSize: 4, retryDelayMs: 0, attempts: 2, ...overrides });
  const stored = () =>
    database.rows<{ ref: string; description: string; warehouse_count: number }>(
      sql`select ref, description, warehouse_count from carrier_cities order by ref`,
    );
  const storedWarehouses = () =>
    database.rows<{ ref: string; city_ref: string; number: number }>(
      sql`select ref, city_ref, number from carrier_warehouses order by ref`,
    );

  beforeAll(async () => {
    database = await freshDatabase(backend);
    np = await startFakeNovaPoshta(carrierData());
  });
  beforeEach(() => {
    const fresh = carrierData();
    np.cities = fresh.cities;
    np.warehouses = fresh.warehouses;
    np.failFrom = undefined;
    np.calls.length = 0;
  });
  afterAll(async () => {
    await database?.close();
    await np?.close();
  });

  it('reads every page in the API’s protocol and fills the directory, with progress', async () => {
    const progress: [string, number, number][] = [];
    const result = await syncFromNovaPoshta(deliveryRepository(database), client(), (phase, done, total) =>
      progress.push([phase, done, total]),
    );
    expect(result).toEqual({ cities: 7, warehouses: 18, removedCities: 0, removedWarehouses: 0 });
    expect(np.calls[0]).toEqual({
      apiKey: 'test-np-key',
      modelName: 'Address',
      calledMethod: 'getCities',
      methodProperties: { Page: '1', Limit: '4' },
    });
    expect(np.calls.map((c) => `${c.calledMethod}:${c.methodProperties.Page}`)).toEqual([
      'getCities:1',
      'getCities:2',
      'getWarehouses:1',
      'getWarehouses:2',
      'getWarehouses:3',
      'getWarehouses:4',
      'getWarehouses:5',
    ]);
    expect(progress).toEqual([
      ['cities', 4, 7],
      ['cities', 7, 7],
      ['branches', 4, 18],
      ['branches', 8, 18],
      ['branches', 12, 18],
      ['branches', 16, 18],
      ['branches', 18, 18],
    ]);
    const cities = await stored();
    expect(cities.map((c) => [c.description, c.warehouse_count])).toEqual([
      ['Київ', 3],
      ['Одеса', 2],
      ['Львів', 3],
      ['Харків', 2],
      ['Дніпро', 3],
      ['Вінниця', 2],
      ['Полтава', 3],
    ]);
  });

  it('keeps everything when a sync fails halfway, and removes what is gone only after a complete one', async () => {
    await syncFromNovaPoshta(deliveryRepository(database), client());
    const before = await storedWarehouses();

    // The carrier renames a city and closes two branches; then the API fails on the second page.
    np.cities[0] = { ...(np.cities[0] as object), Description: 'Київ (перейменовано)' } as (typeof np.cities)[0];
    np.warehouses = np.warehouses.filter((w) => w.Ref !== ref('wh', 0));
    np.warehouses.push({ ...(np.warehouses[0] as object), Ref: ref('wh', 99), Number: '99' });
    np.warehouses[1] = { ...(np.warehouses[1] as object), WarehouseStatus: 'Closed' };
    np.failFrom = { method: 'getWarehouses', page: 2 };
    await expect(syncFromNovaPoshta(deliveryRepository(database), client())).rejects.toThrow(/HTTP 500/);
    expect((await stored())[0]?.description).toBe('Київ (перейменовано)');
    expect((await storedWarehouses()).map((w) => w.ref)).toEqual(before.map((w) => w.ref));

    np.failFrom = undefined;
    const result = await syncFromNovaPoshta(deliveryRepository(database), client());
    expect(result).toMatchObject({ warehouses: 17, removedWarehouses: 2, removedCities: 0 });
    const refs = (await storedWarehouses()).map((w) => w.ref);
    expect(refs).toContain(ref('wh', 99));
    expect(refs).not.toContain(ref('wh', 0));
    expect(refs).not.toContain(ref('wh', 2));
  });

  it('stops at a refused key and changes nothing', async () => {
    await syncFromNovaPoshta(deliveryRepository(database), client());
    const before = await stored();
    const calls = np.calls.length;
    np.cities = [];
    await expect(syncFromNovaPoshta(deliveryRepository(database), client({ apiKey: 'wrong' }))).rejects.toThrow(
      'Nova Poshta refused getCities: API key expired',
    );
    expect(np.calls.length - calls).toBe(1);
    expect(await stored()).toEqual(before);
  });
});

describe('npm run carrier:sync', { timeout: 90_000 }, () => {
  const cli = fileURLToPath(new URL('../../cli.ts', import.meta.url));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kram-carrier-'));
  let np: FakeNovaPoshta;

  // Asynchronous: the fake API answers from this very process.
  const run = (env: Record<string, string>, ...args: string[]) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [cli, 'carrier-sync', ...args], {
        env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => {
        stdout += d;
      });
      child.stderr.on('data', (d) => {
        stderr += d;
      });
      child.on('exit', (status) => resolve({ status, stdout, stderr }));
    });
  const read = async <T>(query: ReturnType<typeof sql>) => {
    const db = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    try {
      return await db.rows<T>(query);
    } finally {
      await db.close();
    }
  };
  const counts = async () =>
    (
      await read<{ cities: number; warehouses: number }>(
        sql`select (select count(*)::int from carrier_cities) as cities, (select count(*)::int from carrier_warehouses) as warehouses`,
      )
    )[0];
  /** The newest run, as the back office shows it. */
  const lastRun = async () =>
    (
      await read<{ trigger: string; source: string; finished: boolean; cities: number | null; error: string | null }>(
        sql`select trigger, source, finished_at is not null as finished, cities, error
            from carrier_sync_runs order by id desc limit 1`,
      )
    )[0];

  beforeAll(async () => {
    np = await startFakeNovaPoshta(carrierData());
  });
  afterAll(async () => {
    await np?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('loads the bundled directory without a key', async () => {
    const res = await run({});
    expect(res.status, res.stderr).toBe(0);
    expect(res.stdout).toContain('NOVA_POSHTA_API_KEY is not set: loading the directory bundled with kram.');
    expect(res.stdout).toMatch(/Directory synced from the bundled directory .*: 44 cities, 360 branches and lockers/);
    expect(await counts()).toEqual({ cities: 44, warehouses: 360 });
    expect(await lastRun()).toEqual({ trigger: 'cli', source: 'bundled', finished: true, cities: 44, error: null });
  });

  it('syncs from the API with a key, with progress lines, replacing the bundled directory', async () => {
    const res = await run({ NOVA_POSHTA_API_KEY: np.apiKey, NOVA_POSHTA_API_URL: np.url }, '--page-size', '5');
    expect(res.status, res.stderr).toBe(0);
    expect(res.stderr).toMatch(/cities: 7\/7 \(100%\)/);
    expect(res.stderr).toMatch(/branches: 18\/18 \(100%\)/);
    expect(res.stdout).toMatch(
      /Directory synced from Nova Poshta .*: 7 cities, 18 branches and lockers \(44 cities and 360 branches no longer listed were removed\)/,
    );
    expect(await counts()).toEqual({ cities: 7, warehouses: 18 });
    expect(await lastRun()).toEqual({ trigger: 'cli', source: 'api', finished: true, cities: 7, error: null });
  });

  it('fails with the API’s message and keeps the directory', async () => {
    const res = await run({ NOVA_POSHTA_API_KEY: 'expired', NOVA_POSHTA_API_URL: np.url });
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('Nova Poshta refused getCities: API key expired');
    expect(await counts()).toEqual({ cities: 7, warehouses: 18 });
    expect(await lastRun()).toEqual({
      trigger: 'cli',
      source: 'api',
      finished: true,
      cities: null,
      error: 'Nova Poshta refused getCities: API key expired',
    });
  });
});
