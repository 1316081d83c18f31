import { sql } from 'drizzle-orm';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectBackends, freshDatabase } from '../../../test/helpers.ts';
import type { Database } from '../../db/client.ts';
import { databaseMetrics } from './database-metrics.ts';

describe.each(dialectBackends)('the database metrics on %s', (backend) => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase(backend);
  });
  afterAll(() => database?.close());

  const queries = async (registry: Registry, outcome: 'ok' | 'error') => {
    const metric = (await registry.getSingleMetric('kram_db_query_duration_seconds')?.get()) as
      | { values: { metricName?: string; labels: Record<string, unknown>; value: number }[] }
      | undefined;
    return (
      metric?.values.find(
        (v) => v.metricName === 'kram_db_query_duration_seconds_count' && v.labels.outcome === outcome,
      )?.value ?? 0
    );
  };

  it('time plain queries, those of transactions, and failed ones, until stopped', async () => {
    const registry = new Registry();
    const stop = databaseMetrics(registry, database);
    await database.rows(sql`select 1`);
    expect(await queries(registry, 'ok')).toBe(1);
    // PostgreSQL: begin, the query and commit on the transaction's connection; PGlite runs begin and
    // commit inside its transaction call, so the query alone is seen.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 2`);
    });
    const afterTransaction = backend === 'postgres' ? 4 : 2;
    expect(await queries(registry, 'ok')).toBe(afterTransaction);
    await expect(database.rows(sql`select * from no_such_table`)).rejects.toThrow();
    expect(await queries(registry, 'error')).toBe(1);
    stop();
    await database.rows(sql`select 3`);
    expect(await queries(registry, 'ok')).toBe(afterTransaction);
  });

  it('read the pool at scrape time on PostgreSQL only', async () => {
    const registry = new Registry();
    const stop = databaseMetrics(registry, database);
    try {
      const text = await registry.metrics();
      if (backend === 'postgres') {
        expect(text).toMatch(/^kram_db_pool_connections [1-9]/m);
        expect(text).toMatch(/^kram_db_pool_max_connections 5$/m);
      } else {
        expect(text).not.toContain('kram_db_pool');
      }
    } finally {
      stop();
    }
  });
});
