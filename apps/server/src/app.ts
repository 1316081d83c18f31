import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { healthRoutes } from './infra/health/health.routes.ts';
import { readiness as newReadiness, type Readiness } from './infra/health/readiness.ts';
import { infrastructure } from './infrastructure.ts';
import type { AccessTokenVerifier } from './modules/accounts/index.ts';
import { finishApiDocument } from './openapi.ts';
import { type AdminAppOptions, registerAdminApp } from './plugins/admin-app.ts';
import { registerAuth } from './plugins/auth.ts';
import { createPlatform } from './plugins/platform.ts';
import { registerStorefront, type StorefrontOptions } from './plugins/storefront.ts';
import { shopModules } from './shop.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Replaces the JWT verifier, e.g. one that also checks the account is still active. */
  verifier?: AccessTokenVerifier;
  /** How often the catalogue cache compares its version with the database's, in ms. */
  cacheCheckIntervalMs?: number;
  /** How long a process trusts what it read about an account (active, staff) for bearer tokens, in ms. */
  accountCacheMs?: number;
  /** false: no log. A stream: the log's lines go there instead of standard output (tests read them). */
  logger?: boolean | DestinationStream;
  /**
   * Serve the pages: the storefront (React Router SSR) for every path outside /api and /media, and the
   * back office at /uk/admin/ and /ru/admin/. Off unless asked.
   */
  storefront?: boolean | (StorefrontOptions & AdminAppOptions);
  /** How long a request may take to arrive whole, headers and body, in ms (default 30 s); then 408. */
  requestTimeoutMs?: number;
  /** What `/api/ready` answers; the process's own, which it drains on SIGTERM. Default: a new one. */
  readiness?: Readiness;
}

/**
 * The shop as one Fastify app: the HTTP platform, the infrastructure the modules run on, every
 * business module's plugin, the media folder, and the pages (the back office, then the storefront,
 * which answers every path nothing else claimed).
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const readiness = options.readiness ?? newReadiness();
  const platform = await createPlatform({
    config,
    readiness,
    logger: options.logger,
    requestTimeoutMs: options.requestTimeoutMs,
  });
  const { app } = platform;
  // The metrics read the shop's state at a scrape, once the modules below exist.
  const shopState = {
    ordersByStatus: () => shop.orders.countByStatus(),
    invoicesByStatus: () => shop.payments.countByStatus(),
  };
  const infra = infrastructure(app, { config, database, shopState });
  const shop = shopModules({
    config,
    database,
    infra,
    log: app.log,
    ready: () => readiness.ready(),
    cacheCheckIntervalMs: options.cacheCheckIntervalMs,
    accountCacheMs: options.accountCacheMs,
  });
  registerAuth(app, options.verifier ?? shop.accounts.verifier);

  await app.register(
    async (api) => {
      await api.register(healthRoutes(database.ping, readiness));
      api.get('/docs', { schema: { hide: true } }, async () => finishApiDocument(app.swagger()));
    },
    { prefix: '/api' },
  );
  for (const module of shop.modules) await app.register(module.plugin);
  await app.register(fastifyStatic, {
    root: config.mediaDir,
    prefix: '/media/',
    decorateReply: false,
    immutable: true,
    maxAge: '30d',
  });

  if (options.storefront) {
    const pages = typeof options.storefront === 'object' ? options.storefront : {};
    await registerAdminApp(app, pages);
    // Last: the storefront answers every path the API and the media did not claim.
    const renderer = await registerStorefront(app, {
      ...pages,
      publicUrl: config.publicUrl,
      mode: config.env === 'production' ? 'production' : 'development',
      recaptchaSiteKey: config.recaptcha?.siteKey,
      showPricesToGuests: config.showPricesToGuests,
      productPrice: async (id) => (await shop.catalog.productsForPricing([id]))[0]?.price ?? null,
    });
    platform.renderPagesWith(renderer);
  }

  return app;
}
