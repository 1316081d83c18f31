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
import { type QueryListener, queryTiming } from './query-timing.ts';

export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction or the database itself: repositories accept either. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction'>;

/**
 * Runs `work` in one transaction of `database`; repositories called with its executor take part in it.
 * What a repository offers its service as `transaction`.
 */
export const transactionOf =
  (database: Pick<Database, 'db'>) =>
  <T>(work: (tx: Executor) => Promise<T>): Promise<T> =>
    database.db.transaction((tx) => work(tx));

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Rows of a raw query, the same shape on both drivers. */
  rows<T>(query: SQL): Promise<T[]>;
  /**
   * Rows of a hot query kept prepared under `name` (`$1`… for `values`): PostgreSQL plans it once
   * per connection instead of on every call. PGlite runs it as it is.
   */
  prepared<T>(name: string, text: string, values: unknown[]): Promise<T[]>;
  ping(): Promise<void>;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** Tells `listener` each query's duration (for the metrics); returns the way to stop. */
  onQuery?(listener: QueryListener): () => void;
  /** The PostgreSQL pool's connections right now; PGlite has a single connection and no pool. */
  poolStats?(): PoolStats;
  /**
   * Calls `onNotify` on each NOTIFY on `channel` from any process (PostgreSQL; PGlite has one process,
   * which knows its own writes). Keeps one connection of its own, made again after it drops, when
   * `onNotify` is also called since notifications may have been missed. Returns the way to stop.
   */
  listen?(channel: string, onNotify: () => void): () => Promise<void>;
}

export interface PoolStats {
  /** Connections open, idle or in use. */
  total: number;
  idle: number;
  /** Callers waiting for a connection: the pool is exhausted. */
  waiting: number;
  max: number;
}

export type DatabaseOptions =
  | { url: string; poolSize?: number }
  | { pgliteDir: string; loadFrom?: Blob | File }
  | { pgliteMemory: true; loadFrom?: Blob | File };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) return openPostgres(options.url, options.poolSize ?? 10);
  return openPglite(options);
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  // pool.query borrows a client and calls its query, so timing each client as the pool opens it
  // covers both pool.query and the clients of transactions (pool.connect); the time waited for a
  // free connection is not query time, and shows in poolStats instead.
  const timing = queryTiming();
  pool.on('connect', (client) => timing.wrap(client, 'query'));
  const db = drizzleNodePg(pool) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    onQuery: timing.listen,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }),
    rows: async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows,
    prepared: async <T>(name: string, text: string, values: unknown[]) =>
      (await pool.query<T & pg.QueryResultRow>({ name, text, values })).rows as T[],
    ping: async () => {
      await pool.query('select 1');
    },
    migrate: async () => {
      // Several processes may start at once against one database: one migrates, the others wait.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(7242001)');
        await migrateNodePg(drizzleNodePg(client), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock(7242001)').catch(() => {});
        client.release();
      }
    },
    listen: (channel, onNotify) => listenFor(url, channel, onNotify),
    close: () => pool.end(),
  };
}

function listenFor(url: string, channel: string, onNotify: () => void): () => Promise<void> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    if (stopped) return;
    const next = new pg.Client({ connectionString: url });
    const again = () => {
      if (client !== next || stopped) return;
      client = undefined;
      next.end().catch(() => {});
      retry = setTimeout(() => void connect(), 1000);
      retry.unref();
    };
    client = next;
    next.on('error', again);
    next.on('end', again);
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      // Whatever was notified while no connection listened is caught up with now.
      onNotify();
    } catch {
      again();
    }
  };
  void connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = undefined;
    await last?.end().catch(() => {});
  };
}

/**
 * PGlite's PostgreSQL runs inside the process, in WebAssembly memory that grows and never shrinks.
 * PostgreSQL's default 128 MB of shared buffers would settle there for good; the shop reads its
 * catalogue from its own in-memory index, so a smaller buffer pool costs it little (bench/soak).
 */
export const pgliteSharedBuffers = '32MB';
const pgliteStartParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${pgliteSharedBuffers}`];

async function openPglite(
  options: { pgliteDir: string; loadFrom?: Blob | File } | { pgliteMemory: true; loadFrom?: Blob | File },
) {
  let lock: DirLock | undefined;
  let client: PGlite;
  if ('pgliteDir' in options) {
    fs.mkdirSync(options.pgliteDir, { recursive: true });
    lock = acquireDirLock(path.join(path.dirname(options.pgliteDir), `${path.basename(options.pgliteDir)}.lock`));
    try {
      client = await PGlite.create({
        dataDir: options.pgliteDir,
        extensions: { pg_trgm },
        // A backup's data folder, unpacked into an empty folder (PGlite refuses a folder that has one).
        loadDataDir: options.loadFrom,
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
  const timing = timePglite(client);
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    kind: 'pglite' as const,
    client,
    onQuery: timing.listen,
    rows: async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows,
    prepared: async <T>(_name: string, text: string, values: unknown[]) => (await client.query<T>(text, values)).rows,
    ping: async () => {
      if (client.closed) throw new Error('database is closed');
      await client.query('select 1');
    },
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/**
 * PGlite runs queries through query and exec, and those of a transaction through the transaction's
 * own query and exec, made for each transaction: those are wrapped as the transaction begins. A
 * query's time includes waiting for the single connection, as a pool's wait would show separately.
 */
function timePglite(client: PGlite) {
  const timing = queryTiming();
  timing.wrap(client, 'query');
  timing.wrap(client, 'exec');
  const transaction = client.transaction.bind(client);
  client.transaction = (work) =>
    transaction((tx) => {
      timing.wrap(tx, 'query');
      timing.wrap(tx, 'exec');
      return work(tx);
    });
  return timing;
}
