import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { Registry } from 'prom-client';
import type { Database } from '../../db/client.ts';
import { type CatalogObserver, catalogMetrics } from './catalog-metrics.ts';
import { databaseMetrics } from './database-metrics.ts';
import { httpMetrics } from './http-metrics.ts';
import { collectProcessMetrics } from './process-metrics.ts';
import { type ShopStateSource, shopStateMetrics } from './shop-state-metrics.ts';

export interface AppMetrics {
  /** This app's own registry: tests build many apps in one process, so prom-client's global one is never used. */
  registry: Registry;
  observeRequest(request: FastifyRequest, reply: FastifyReply): void;
  /** Handed to the catalogue service, which knows nothing of Prometheus. */
  catalog: CatalogObserver;
  /** Stops what runs on its own (the event-loop monitor, the GC observer, the query listener). */
  close(): void;
}

export function appMetrics(options: {
  database: Database;
  shopState: ShopStateSource;
  log: FastifyBaseLogger;
  shopStateTtlMs?: number;
}): AppMetrics {
  const registry = new Registry();
  const stopProcess = collectProcessMetrics(registry);
  const http = httpMetrics(registry);
  const stopDatabase = databaseMetrics(registry, options.database);
  shopStateMetrics(registry, options.shopState, { log: options.log, ttlMs: options.shopStateTtlMs });
  return {
    registry,
    observeRequest: http.observe,
    catalog: catalogMetrics(registry),
    close() {
      stopProcess();
      stopDatabase();
    },
  };
}
