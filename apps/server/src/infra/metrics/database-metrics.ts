import { Gauge, Histogram, type Registry } from 'prom-client';
import type { Database, PoolStats } from '../../db/client.ts';

/** Query time on either driver, and PostgreSQL's pool read at scrape time. Returns what stops listening. */
export function databaseMetrics(registry: Registry, database: Database): () => void {
  const queries = new Histogram({
    name: 'kram_db_query_duration_seconds',
    help: 'Time the database driver took per query, by outcome (ok or error).',
    labelNames: ['outcome'],
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const ok = { outcome: 'ok' };
  const failed = { outcome: 'error' };
  const stop = database.onQuery?.((seconds, error) => queries.observe(error ? failed : ok, seconds)) ?? (() => {});

  const { poolStats } = database;
  if (poolStats) {
    const poolGauge = (name: string, help: string, read: (stats: PoolStats) => number) => {
      const gauge: Gauge = new Gauge({
        name,
        help,
        registers: [registry],
        collect: () => gauge.set(read(poolStats())),
      });
    };
    poolGauge('kram_db_pool_connections', 'PostgreSQL connections the pool holds open.', (s) => s.total);
    poolGauge('kram_db_pool_idle_connections', 'PostgreSQL connections open and unused.', (s) => s.idle);
    poolGauge('kram_db_pool_waiting_clients', 'Queries waiting for a free PostgreSQL connection.', (s) => s.waiting);
    poolGauge('kram_db_pool_max_connections', 'The most PostgreSQL connections the pool opens.', (s) => s.max);
  }
  return stop;
}
