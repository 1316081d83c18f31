import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { generateDemoProducts } from '../src/demo/demo-catalog.ts';
import { demoProductCount, seedCatalog } from '../src/demo/seed.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** A shop's data folder whose embedded database is migrated and empty (see test/helpers.ts). */
    migratedDataDir: string;
    postgresTemplate: string | null;
    /** Every PostgreSQL database this run creates is named with it, and only those are dropped. */
    databasePrefix: string;
  }
}

const ensureBuild = path.resolve(import.meta.dirname, '../../../scripts/ensure-build.ts');

/**
 * Builds the storefront and the back office when missing or older than their sources, as `npm start`
 * does: API tests load them (`storefront: true`), so that they test the process as it ships.
 */
function ensureShippedBuilds(): void {
  const built = spawnSync(process.execPath, [ensureBuild], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error(`building the storefront and the back office failed (${built.status})`);
}

/** Migrates and seeds once; every test file then starts from a copy (see test/helpers.ts). */
export default async function setup(project: TestProject) {
  ensureShippedBuilds();
  const items = generateDemoProducts(demoProductCount);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kram-test-'));

  const lite = await openDatabase({ pgliteMemory: true });
  await lite.migrate();
  await seedCatalog(lite, items);
  const dump = await (lite as unknown as { client: { dumpDataDir(c: 'none'): Promise<Blob> } }).client.dumpDataDir(
    'none',
  );
  const pgliteTemplate = path.join(dir, 'template.tar');
  fs.writeFileSync(pgliteTemplate, Buffer.from(await dump.arrayBuffer()));
  await lite.close();
  project.provide('pgliteTemplate', pgliteTemplate);

  // The process tests start servers and the CLI on data folders of their own; a copy of this one
  // spares each the creation of a database cluster and every migration (about 2 s of CPU).
  const migratedDataDir = path.join(dir, 'migrated');
  const migrated = await openDatabase({ pgliteDir: path.join(migratedDataDir, 'pglite') });
  await migrated.migrate();
  await migrated.close();
  project.provide('migratedDataDir', migratedDataDir);

  // Runs at the same time (two checkouts, CI beside a developer) share the server: each touches its own.
  const prefix = runPrefix();
  project.provide('databasePrefix', prefix);
  const adminUrl = process.env.TEST_DATABASE_URL;
  let templateName: string | null = null;
  if (adminUrl) {
    templateName = `${prefix}template`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${templateName}`);
    await admin.end();
    const db = await openDatabase({ url: withDatabase(adminUrl, templateName), poolSize: 2 });
    await db.migrate();
    await seedCatalog(db, items);
    await db.close();
  }
  project.provide('postgresTemplate', templateName);

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (adminUrl) await dropRunDatabases(adminUrl, prefix);
  };
}

/** A name prefix of one test run's databases: `kram_t_<random>_`. */
export function runPrefix(): string {
  return `kram_t_${crypto.randomBytes(4).toString('hex')}_`;
}

/** Drops the databases whose names start with the prefix (one run's), and no other. */
export async function dropRunDatabases(adminUrl: string, prefix: string): Promise<string[]> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // starts_with, not like: "_" is a like wildcard.
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1) order by datname',
      [prefix],
    );
    for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
    return rows.map((r) => r.datname);
  } finally {
    await admin.end();
  }
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
