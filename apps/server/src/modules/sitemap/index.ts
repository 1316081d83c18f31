/** What the storefront's sitemaps read: which files hold products, and a file page by page. */
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { ShopModule } from '../../lib/shop-module.ts';
import { sitemapRepository } from './sitemap.repository.ts';
import { sitemapRoutes } from './sitemap.routes.ts';
import { sitemapService } from './sitemap.service.ts';

export function sitemapModule(deps: { database: Database }) {
  const service = sitemapService(sitemapRepository(deps.database));
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(sitemapRoutes(service), { prefix: '/api' });
  };
  const module = { ...service, plugin };
  return module satisfies ShopModule;
}

export type SitemapModule = ReturnType<typeof sitemapModule>;
