/** The shop's editable content: the home page's banner, tiles and promo, and their uploaded pictures. */
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { ShopModule } from '../../lib/shop-module.ts';
import type { AuditLog } from '../audit/index.ts';
import { contentRepository } from './content.repository.ts';
import { contentRoutes } from './content.routes.ts';
import { contentService } from './content.service.ts';
import { homeImages } from './home-images.ts';

export type { ContentService } from './content.service.ts';
export { defaultHomeContent } from './home-content-default.ts';

export interface ContentModuleDeps {
  database: Database;
  audit: AuditLog;
  log: FastifyBaseLogger;
  /** Where uploaded pictures are kept (served under /media/). */
  mediaDir: string;
  /** How long a process answers the home content it read before reading it again, in ms. */
  checkIntervalMs?: number;
}

export function contentModule(deps: ContentModuleDeps) {
  const service = contentService(contentRepository(deps.database), {
    audit: deps.audit,
    log: deps.log,
    images: homeImages(deps.mediaDir),
    checkIntervalMs: deps.checkIntervalMs,
  });
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(contentRoutes(service), { prefix: '/api' });
  };
  const module = { ...service, plugin };
  return module satisfies ShopModule;
}

export type ContentModule = ReturnType<typeof contentModule>;
