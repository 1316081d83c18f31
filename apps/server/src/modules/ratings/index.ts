/** Ratings: one per shopper and product, their average on the product's page, and the back office's list. */
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { ShopModule } from '../../lib/shop-module.ts';
import { ratingsRepository } from './ratings.repository.ts';
import { ratingsRoutes } from './ratings.routes.ts';
import { ratingsService } from './ratings.service.ts';
import { type RatingNames, ratingsModeration } from './ratings-moderation.service.ts';

export type { RatedProduct, RatingNames, RatingsModeration } from './ratings-moderation.service.ts';

export interface RatingsModuleDeps {
  database: Database;
  /** The catalogue's reads: whether a product exists. */
  catalog: Parameters<typeof ratingsService>[1];
  /** What the back office's list shows beside a rating, from the catalogue and the accounts. */
  names: RatingNames;
}

export function ratingsModule(deps: RatingsModuleDeps) {
  const repo = ratingsRepository(deps.database);
  const service = ratingsService(repo, deps.catalog);
  const moderation = ratingsModeration(repo, deps.names);
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(ratingsRoutes(service), { prefix: '/api' });
  };
  const module = { ...service, moderation, plugin };
  return module satisfies ShopModule;
}

export type RatingsModule = ReturnType<typeof ratingsModule>;
