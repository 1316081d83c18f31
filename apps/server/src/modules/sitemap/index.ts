/** What the storefront's sitemaps read: which files hold products, and a file page by page. */
import type { FastifyPluginAsync } from 'fastify';
import type { ShopModule } from '../../lib/shop-module.ts';
import type { CatalogApi } from '../catalog/index.ts';
import { sitemapRoutes } from './sitemap.routes.ts';
import { sitemapService } from './sitemap.service.ts';

export function sitemapModule(deps: { catalog: CatalogApi }) {
  const service = sitemapService(deps.catalog);
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(sitemapRoutes(service), { prefix: '/api' });
  };
  const module = { ...service, plugin };
  return module satisfies ShopModule;
}

export type SitemapModule = ReturnType<typeof sitemapModule>;
