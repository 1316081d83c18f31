import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppOptions, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { jwtAlgorithm } from '../src/modules/accounts/access-tokens.ts';
import { defaultAdminDir } from '../src/plugins/admin-app.ts';
import { defaultStorefrontBuildDir } from '../src/plugins/storefront.ts';
import { checkAnswersAgainstContract } from './answer-check.ts';
import { allowErrorLogs, errorLogStream, expectErrorLog } from './error-logs.ts';
import { withDatabase } from './global-setup.ts';

export type Backend = 'pglite' | 'postgres';

/*
 * Which databases a suite runs on (docs/decisions/050). Every database suite runs on PGlite. A suite
 * runs on PostgreSQL as well, when TEST_DATABASE_URL is set, only if what it checks can differ between
 * the two: SQL a module writes itself (its repositories and services: searches, filters, sorts, sums,
 * Kyiv days, upserts), the schema (migrations, constraints, triggers), transactions and locks under
 * concurrency, several processes or connections on one database, backups, the recorded answers, and
 * placing and paying orders. A suite whose rule is decided in the process before or after the
 * database (security headers, request ids, metrics of requests, logs, the input guard, rate limits,
 * the API document, access checks, validation, images) runs on PGlite only: PostgreSQL would run the
 * same queries, which the suites of their repositories already run there.
 */

/** PGlite only: for a suite of rules decided outside the database. */
export const pgliteOnly: Backend[] = ['pglite'];

/** PGlite, and PostgreSQL as well when TEST_DATABASE_URL is set: for a suite where the database's work is checked. */
export const dialectBackends: Backend[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export const testJwtSecret = 'test-secret-that-is-long-enough-for-hs256-signing';

/**
 * A new data folder for a server or CLI process, under `prefix` in the system's temporary folder,
 * holding a copy of an embedded database that is migrated and empty: what a shop's folder holds
 * after its first start without the demo catalogue. A test about the first start itself (creating
 * the database, migrating it, seeding it) starts from an empty folder instead.
 */
export function migratedDataDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.cpSync(inject('migratedDataDir'), dir, { recursive: true });
  return dir;
}

/** A fresh copy of the migrated, demo-seeded template database. */
export async function freshDatabase(backend: Backend): Promise<Database> {
  if (backend === 'pglite') {
    const blob = new Blob([fs.readFileSync(inject('pgliteTemplate'))]);
    return openDatabase({ pgliteMemory: true, loadFrom: blob });
  }
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const template = inject('postgresTemplate');
  if (!template) throw new Error('The PostgreSQL template was not prepared');
  // Named with this run's prefix: the run drops its own databases at the end, and only those.
  const name = `${inject('databasePrefix')}${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  const db = await openDatabase({ url: withDatabase(adminUrl, name), poolSize: 5 });
  const close = db.close;
  return {
    ...db,
    close: async () => {
      await close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /**
   * The running test makes the app log an error matching each pattern; any other error-level line
   * fails the test (test/error-logs.ts). Call it before the request that logs.
   */
  expectErrorLog(...patterns: RegExp[]): void;
  /** The running test may make the app log errors matching the patterns. */
  allowErrorLogs(...patterns: RegExp[]): void;
  close(): Promise<void>;
}

export async function createTestContext(
  backend: Backend,
  env: Record<string, string> = {},
  options: Pick<AppOptions, 'accountCacheMs' | 'storefront' | 'cacheCheckIntervalMs'> = {},
): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kram-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: testJwtSecret,
    // Error and fatal lines are recorded: one the test did not declare fails it.
    LOG_LEVEL: 'error',
    // Tests stand in for clients at many addresses through X-Forwarded-For, as behind a proxy.
    TRUST_PROXY: 'true',
    ...env,
  });
  fs.mkdirSync(config.mediaDir, { recursive: true });
  if (options.storefront === true) assertShippedBuilds();
  const database = await freshDatabase(backend);
  // The cache checks the catalogue version on every request, so tests see their own writes.
  // `storefront: true` loads the real builds, as `npm start` serves them: what tests the process as
  // shipped (the API document, the fuzz, the access matrices) asks for it.
  const app = await buildApp({
    config,
    database,
    cacheCheckIntervalMs: 0,
    storefront: false,
    logger: errorLogStream,
    ...options,
  });
  checkAnswersAgainstContract(app);
  await app.ready();
  return {
    app,
    database,
    config,
    expectErrorLog,
    allowErrorLogs,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The storefront's server build and the back office, which test/global-setup.ts builds: without them
 * the app would quietly serve the API only, and a test meant for the shop as shipped would not be.
 */
export function assertShippedBuilds(): void {
  for (const file of [
    path.join(defaultStorefrontBuildDir, 'server', 'index.js'),
    path.join(defaultAdminDir, 'index.html'),
  ]) {
    if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`node scripts/ensure-build.ts\``);
  }
}

/** An access token as the accounts module issues them. */
export async function accessToken(
  claims: { sub?: string; type?: string; is_staff?: boolean; is_superuser?: boolean } = {},
  options: { secret?: string; expiresIn?: string | number } = {},
): Promise<string> {
  return new SignJWT({ type: 'access', is_staff: false, is_superuser: false, ...claims })
    .setProtectedHeader({ alg: jwtAlgorithm })
    .setSubject(claims.sub ?? '1')
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '15m')
    .sign(new TextEncoder().encode(options.secret ?? testJwtSecret));
}
