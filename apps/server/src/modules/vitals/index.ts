/**
 * Core Web Vitals: the reports shoppers' browsers send, counted per Kyiv day as histograms in each
 * process's memory and added to the database periodically and on close, and the back office's report.
 */
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { RateLimiter } from '../../infra/rate-limit/rate-limiter.ts';
import { runInBackground, type ShopModule } from '../../lib/shop-module.ts';
import { vitalsRepository } from './vitals.repository.ts';
import { vitalsRoutes } from './vitals.routes.ts';
import { vitalsService } from './vitals.service.ts';
import { vitalsRecorder } from './vitals-recorder.ts';

export type { VitalsService } from './vitals.service.ts';

export interface VitalsModuleDeps {
  database: Database;
  limits: RateLimiter;
  log: FastifyBaseLogger;
}

export function vitalsModule(deps: VitalsModuleDeps) {
  const repo = vitalsRepository(deps.database);
  const recorder = vitalsRecorder({ repo, log: deps.log });
  const service = vitalsService(repo, recorder);
  const plugin: FastifyPluginAsync = async (app) => {
    runInBackground(app, recorder);
    await app.register(vitalsRoutes(service, deps.limits), { prefix: '/api' });
  };
  const module = { ...service, plugin };
  return module satisfies ShopModule;
}

export type VitalsModule = ReturnType<typeof vitalsModule>;
