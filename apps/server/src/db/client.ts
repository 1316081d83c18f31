import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireDirLock, type DirLock } from './dir-lock.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: repositories accept either. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction'>;

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Rows of a raw query, the same shape on both drivers. */
  rows<T>(query: SQL): Promise<T[]>;
  ping(): Promise<void>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { url: string; poolSize?: number }
  | { pgliteDir: string }
  | { pgliteMemory: true; loadFrom?: Blob | File };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) return openPostgres(options.url, options.poolSize ?? 10);
  return openPglite(options);
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    rows: async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows,
    ping: async () => {
      await pool.query('select 1');
    },
    migrate: async () => {
      // Several processes may start at once against one database: one migrates, the others wait.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(7242001)');
        await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock(7242001)').catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * PGlite's PostgreSQL runs inside the process, in WebAssembly memory that grows and never shrinks.
 * PostgreSQL's default 128 MB of shared buffers would settle there for good; the shop reads its
 * catalogue from its own in-memory index, so a smaller buffer pool costs it little (bench/soak).
 */
export const pgliteSharedBuffers = '32MB';
const pgliteStartParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${pgliteSharedBuffers}`];

async function openPglite(options: { pgliteDir: string } | { pgliteMemory: true; loadFrom?: Blob | File }) {
  let lock: DirLock | undefined;
  let client: PGlite;
  if ('pgliteDir' in options) {
    fs.mkdirSync(options.pgliteDir, { recursive: true });
    lock = acquireDirLock(path.join(path.dirname(options.pgliteDir), `${path.basename(options.pgliteDir)}.lock`));
    try {
      client = await PGlite.create({
        dataDir: options.pgliteDir,
        extensions: { pg_trgm },
        startParams: pgliteStartParams,
      });
    } catch (error) {
      lock.release();
      throw error;
    }
  } else {
    client = await PGlite.create({
      extensions: { pg_trgm },
      loadDataDir: options.loadFrom,
      startParams: pgliteStartParams,
    });
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite' as const,
    client,
    rows: async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows,
    ping: async () => {
      if (client.closed) throw new Error('database is closed');
      await client.query('select 1');
    },
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}
