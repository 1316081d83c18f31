import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrderAs } from '../../test/customers.ts';
import { errorLogStream } from '../../test/error-logs.ts';
import { buildShop, emptyPostgresDatabase, shopConfig, tableContents } from '../../test/shop.ts';
import { signUp } from '../../test/users.ts';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/client.ts';
import { migrateToPostgres } from './migrate-to-postgres.ts';
import { pgliteDirOf } from './pglite.ts';
import { foreignKeySafeOrder, schemaTables } from './schema-tables.ts';

describe.skipIf(!process.env.TEST_DATABASE_URL)('moving the embedded shop to PostgreSQL', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kram-move-'));
  const source = shopConfig(dataDir);
  const drops: (() => Promise<void>)[] = [];
  let original: Record<string, string>;

  beforeAll(async () => {
    const database = await openDatabase({ pgliteDir: pgliteDirOf(dataDir) });
    try {
      await database.migrate();
      await buildShop(database, source);
      original = await tableContents(database);
    } finally {
      await database.close();
    }
  });
  afterAll(async () => {
    for (const drop of drops) await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const emptyTarget = async () => {
    const target = await emptyPostgresDatabase();
    drops.push(target.drop);
    return target.url;
  };

  it('copies every table row for row, reports the counts per table, and the shop carries on there', async () => {
    const url = await emptyTarget();
    const finished = new Set<string>();
    // Small batches, so tables of several batches are copied in several.
    const copied = await migrateToPostgres({
      config: source,
      url,
      batchSize: 3,
      onProgress: (table, done, total) => {
        if (done === total) finished.add(table);
      },
    });
    expect(copied.map((c) => c.table)).toEqual(foreignKeySafeOrder(schemaTables()).map((t) => t.name));
    expect([...finished].sort()).toEqual(copied.map((c) => c.table).sort());
    for (const c of copied) expect(c.target, c.table).toBe(c.source);
    expect(copied.find((c) => c.table === 'orders')?.source).toBe(2);

    const config = shopConfig(dataDir, url);
    const target = await openDatabase({ url, poolSize: 2 });
    try {
      // Every table of the schema, whatever migrations add: one left behind differs here.
      expect(await tableContents(target)).toEqual(original);
      // New accounts, orders and their lines get ids after the copied ones.
      const app = await buildApp({
        config,
        database: target,
        cacheCheckIntervalMs: 0,
        storefront: false,
        logger: errorLogStream,
      });
      await app.ready();
      try {
        const shopper = await signUp(app);
        const order = await placeOrderAs(app, target, shopper, { lines: 2 });
        expect(order.id).toBeTruthy();
      } finally {
        await app.close();
      }
    } finally {
      await target.close();
    }
  });

  it('refuses a PostgreSQL database that is not empty', async () => {
    const url = await emptyTarget();
    await migrateToPostgres({ config: source, url });
    await expect(migrateToPostgres({ config: source, url })).rejects.toThrow(
      /The PostgreSQL database already has \d+ tables .*: give an empty database\./,
    );
  });

  it('says the shop must be stopped while it has the embedded database open', async () => {
    const url = await emptyTarget();
    const running = await openDatabase({ pgliteDir: pgliteDirOf(dataDir) });
    try {
      await expect(migrateToPostgres({ config: source, url })).rejects.toThrow(
        /The shop is running .*: stop it, then run migrate-to-postgres again/,
      );
    } finally {
      await running.close();
    }
  });
});
