import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { generateDemoProducts } from '../src/demo/demo-catalog.ts';
import { seedCatalog } from '../src/demo/seed.ts';
import { placeOrderAs } from './customers.ts';
import { errorLogStream } from './error-logs.ts';
import { withDatabase } from './global-setup.ts';
import { testJwtSecret } from './helpers.ts';
import { filesUnder } from './images.ts';
import { catalogProducts } from './orders.ts';
import { bearer, signUp, staffUser } from './users.ts';

/** The configuration of a shop whose data folder is `dataDir` (PostgreSQL when `databaseUrl` is given). */
export function shopConfig(dataDir: string, databaseUrl?: string): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: testJwtSecret,
    LOG_LEVEL: 'error',
    TRUST_PROXY: 'true',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
}

/**
 * A small shop as its owner would have it after some trade, made through the real code: a demo
 * catalogue with rendered images, shoppers with orders, a wishlist and a rating, and a change by staff
 * in the audit log.
 */
export async function buildShop(database: Database, config: Config, products = 8): Promise<void> {
  fs.mkdirSync(config.mediaDir, { recursive: true });
  await seedCatalog(database, generateDemoProducts(products, 7), { mediaDir: config.mediaDir });
  const app = await buildApp({ config, database, cacheCheckIntervalMs: 0, storefront: false, logger: errorLogStream });
  await app.ready();
  try {
    const shopper = await signUp(app);
    await placeOrderAs(app, database, shopper, { lines: 2 });
    await placeOrderAs(app, database, shopper, { lines: 1, quantity: 3 });
    const [first, second] = await catalogProducts(database);
    const answers = [
      await app.inject({
        method: 'POST',
        url: '/api/wishlist/',
        headers: bearer(shopper.access),
        payload: { product_id: first?.id },
      }),
      await app.inject({
        method: 'POST',
        url: '/api/rate-product/',
        headers: bearer(shopper.access),
        payload: { product_id: second?.id, rating: 4 },
      }),
      // A histogram row (integer[]), written when the app closes.
      await app.inject({
        method: 'POST',
        url: '/api/vitals/',
        payload: { metric: 'LCP', value: 1800, page_type: 'product' },
      }),
    ];
    const staff = await staffUser(app, database, { superuser: true });
    answers.push(
      await app.inject({
        method: 'POST',
        url: '/api/admin/sizes/',
        headers: bearer(staff.access),
        payload: { name: '5XL' },
      }),
    );
    for (const answer of answers) {
      if (answer.statusCode >= 300) throw new Error(`building the shop: ${answer.statusCode} ${answer.body}`);
    }
  } finally {
    await app.close();
  }
}

/** Every table of the public schema as ordered JSON, the whole database's contents to compare. */
export async function tableContents(database: Database): Promise<Record<string, string>> {
  return database.db.transaction(async (tx) => {
    // Times print with the session's zone: both sides print in UTC.
    await tx.execute(sql`set local time zone 'UTC'`);
    const tables = (
      (await tx.execute(sql`select tablename from pg_tables where schemaname = 'public' order by 1`)) as unknown as {
        rows: { tablename: string }[];
      }
    ).rows;
    const contents: Record<string, string> = {};
    for (const { tablename } of tables) {
      const result = (await tx.execute(
        sql`select coalesce(jsonb_agg(to_jsonb(r) order by to_jsonb(r)::text), '[]')::text as rows from ${sql.identifier(tablename)} r`,
      )) as unknown as { rows: { rows: string }[] };
      contents[tablename] = result.rows[0]?.rows ?? '';
    }
    return contents;
  });
}

/** Each media file's path and the hash of its bytes. */
export async function mediaContents(mediaDir: string): Promise<Record<string, string>> {
  const files = await filesUnder(mediaDir);
  return Object.fromEntries(
    files.map((f) => [
      f,
      crypto
        .createHash('sha256')
        .update(fs.readFileSync(path.join(mediaDir, f)))
        .digest('hex'),
    ]),
  );
}

/** An empty PostgreSQL database of this test run (dropped with the run's others at the end). */
export async function emptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `${inject('databasePrefix')}${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(adminUrl, name),
    async drop() {
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}
