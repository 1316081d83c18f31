/**
 * Search insights: what shoppers searched for in the listing, counted per Kyiv day in each process's
 * memory and added to the database every 30 s and on close, and the report the back office reads.
 */
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import { runInBackground, type ShopModule } from '../../lib/shop-module.ts';
import { searchInsightsRepository } from './search-insights.repository.ts';
import { searchInsightsService } from './search-insights.service.ts';
import { searchRecorder } from './search-recorder.ts';

export type { SearchInsightsService } from './search-insights.service.ts';

export interface SearchInsightsModuleDeps {
  database: Database;
  log: FastifyBaseLogger;
}

export function searchInsightsModule(deps: SearchInsightsModuleDeps) {
  const repo = searchInsightsRepository(deps.database);
  const recorder = searchRecorder({ repo, log: deps.log });
  const service = searchInsightsService(repo, recorder);
  // No routes of its own: the catalogue's listing records searches, the back office reads the report.
  const plugin: FastifyPluginAsync = async (app) => {
    runInBackground(app, recorder);
  };
  const module = {
    ...service,
    /** Counts one listing search (its text and whether it found anything). */
    record: recorder.record,
    plugin,
  };
  return module satisfies ShopModule;
}

export type SearchInsightsModule = ReturnType<typeof searchInsightsModule>;
