import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { healthRoutes } from './infra/health/health.routes.ts';
import { readiness as newReadiness, type Readiness } from './infra/health/readiness.ts';
import { scheduler } from './infra/jobs/scheduler.ts';
import { singleRunner } from './infra/jobs/single-runner.ts';
import { createMailer } from './infra/mail/mailer.ts';
import { outboxRepository } from './infra/mail/outbox.repository.ts';
import { outboxWorker } from './infra/mail/outbox-worker.ts';
import { registerMetricsRoute } from './infra/metrics/metrics.routes.ts';
import { appMetrics } from './infra/metrics/metrics.ts';
import { memoryStore } from './infra/rate-limit/rate-limit-store.ts';
import { rateLimiter } from './infra/rate-limit/rate-limiter.ts';
import { redisStore } from './infra/rate-limit/redis-store.ts';
import { toJson } from './lib/json.ts';
import { resolveJwtSecret } from './lib/jwt-secret.ts';
import { requestLogLevel } from './lib/logger.ts';
import { errorForLog } from './lib/pg-errors.ts';
import { type AccessTokenVerifier, jwtAccessVerifier } from './modules/accounts/access-tokens.ts';
import { accountsRepository } from './modules/accounts/accounts.repository.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { accountsService } from './modules/accounts/accounts.service.ts';
import { activeAccountVerifier } from './modules/accounts/active-account-verifier.ts';
import { passwordResetService } from './modules/accounts/password-reset.service.ts';
import { profileRoutes } from './modules/accounts/profile.routes.ts';
import { sessionsRepository } from './modules/accounts/sessions.repository.ts';
import { sessionsService } from './modules/accounts/sessions.service.ts';
import { tokenSigner } from './modules/accounts/tokens.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import type { AdminDeps } from './modules/admin/admin-deps.ts';
import { auditLog, auditRepository } from './modules/audit/index.ts';
import { captchaKey } from './modules/captcha/altcha.ts';
import { captchaRepository } from './modules/captcha/captcha.repository.ts';
import { captchaRoutes } from './modules/captcha/captcha.routes.ts';
import { captchaService } from './modules/captcha/captcha.service.ts';
import { catalogRepository } from './modules/catalog/catalog.repository.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { catalogService } from './modules/catalog/catalog.service.ts';
import { contentRepository } from './modules/content/content.repository.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { contentService } from './modules/content/content.service.ts';
import { homeImages } from './modules/content/home-images.ts';
import { deliveryModule } from './modules/delivery/index.ts';
import { feedbackRepository } from './modules/feedback/feedback.repository.ts';
import { feedbackRoutes } from './modules/feedback/feedback.routes.ts';
import { feedbackService } from './modules/feedback/feedback.service.ts';
import { ordersModule } from './modules/orders/index.ts';
import { paymentsModule } from './modules/payments/index.ts';
import { ratingsRepository } from './modules/ratings/ratings.repository.ts';
import { ratingsRoutes } from './modules/ratings/ratings.routes.ts';
import { ratingsService } from './modules/ratings/ratings.service.ts';
import { searchInsightsRepository } from './modules/search-insights/search-insights.repository.ts';
import { searchInsightsService } from './modules/search-insights/search-insights.service.ts';
import { searchRecorder } from './modules/search-insights/search-recorder.ts';
import { shareImages } from './modules/sharing/share-images.service.ts';
import { shareImagesRoutes } from './modules/sharing/sharing.routes.ts';
import { sitemapRepository } from './modules/sitemap/sitemap.repository.ts';
import { sitemapRoutes } from './modules/sitemap/sitemap.routes.ts';
import { sitemapService } from './modules/sitemap/sitemap.service.ts';
import { vitalsRepository } from './modules/vitals/vitals.repository.ts';
import { vitalsRoutes } from './modules/vitals/vitals.routes.ts';
import { vitalsService } from './modules/vitals/vitals.service.ts';
import { vitalsRecorder } from './modules/vitals/vitals-recorder.ts';
import { wishlistRepository } from './modules/wishlist/wishlist.repository.ts';
import { wishlistRoutes } from './modules/wishlist/wishlist.routes.ts';
import { wishlistService } from './modules/wishlist/wishlist.service.ts';
import { finishApiDocument } from './openapi.ts';
import { type AdminAppOptions, registerAdminApp } from './plugins/admin-app.ts';
import { registerAuth } from './plugins/auth.ts';
import {
  answerFrameworkError,
  answerUnexpected,
  maxPathSegment,
  refuseTunnels,
  registerErrorHandling,
} from './plugins/errors.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerPrivateAnswers } from './plugins/private-answers.ts';
import { registerRequestId, requestIdOf } from './plugins/request-id.ts';
import { registerRequestLanguage } from './plugins/request-language.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import {
  isPagePath,
  registerStorefront,
  type StorefrontOptions,
  type StorefrontPageRenderer,
} from './plugins/storefront.ts';

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

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
  // Set once the storefront is registered (last); the router's errors for pages render through it.
  let renderPage: StorefrontPageRenderer | undefined;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : typeof options.logger === 'object'
          ? { level: config.logLevel, stream: options.logger, serializers: { err: errorForLog } }
          : { level: config.logLevel, serializers: { err: errorForLog } },
    // Fastify logs request and response on separate lines; one line per request is logged below.
    logController: new LogController({ disableRequestLogging: true }),
    // The id on every log line of a request (reqId) and in its X-Request-Id answer: the proxy's, when safe.
    requestIdHeader: false,
    genReqId: requestIdOf,
    bodyLimit: 1024 * 1024,
    // Client addresses (rate limits, logs) come from X-Forwarded-For only behind a trusted proxy.
    trustProxy: config.trustProxy,
    // Long path segments reach the routes, whose schemas (or the storefront's not-found page) answer
    // them; only a segment no browser sends is refused by the router itself (frameworkErrors).
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: maxPathSegment },
    // A page address with a broken escape (/product/%E0%A4%A) is the storefront's not-found page.
    frameworkErrors: (error, request, reply) => {
      // Answered outside any route, where no hook runs: the id is named here (plugins/request-id.ts).
      reply.header('x-request-id', request.id);
      // Nor does the error handler, and Fastify does not wait on what this returns: whatever fails in
      // here is answered as a logged 500, never left as a rejection that would end the process.
      const answer = async () =>
        renderPage && error.code === 'FST_ERR_BAD_URL' && isPagePath(request.url)
          ? renderPage(request, reply)
          : answerFrameworkError(error, request, reply);
      answer().catch((failure: unknown) => answerUnexpected(failure, request, reply));
    },
    // A client that stops sending mid-request gets a 408 instead of holding its connection, and the
    // shutdown, for good. Node reads the timeout when the server is made (setting it later has no
    // effect) and checks the connections every connectionsCheckingInterval.
    requestTimeout: requestTimeoutMs,
    http: {
      requestTimeout: requestTimeoutMs,
      connectionsCheckingInterval: Math.min(5000, Math.ceil(requestTimeoutMs / 4)),
    },
  });

  // Only with a token: without one, /metrics does not exist and nothing is measured.
  const metrics = config.metricsToken
    ? appMetrics({
        database,
        shopState: {
          // Read at a scrape, when the modules below exist.
          ordersByStatus: () => orders.countByStatus(),
          invoicesByStatus: () => payments.countByStatus(),
          outboxDepth: outboxRepository(database).depth,
        },
        log: app.log,
      })
    : undefined;
  if (metrics) app.addHook('onClose', async () => metrics.close());

  // Files (assets, public files, media) at debug: one info line per page, not one per image.
  app.addHook('onResponse', (request, reply, done) => {
    metrics?.observeRequest(request, reply);
    request.log[requestLogLevel(request, reply)](
      {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
    done();
  });

  app.setValidatorCompiler(validatorCompiler);
  // Handlers are typed against the response schemas; serialising is plain JSON (see docs/decisions).
  app.setSerializerCompiler(() => toJson);
  registerErrorHandling(app);
  refuseTunnels(app, requestIdOf);
  registerRequestId(app);
  registerRequestLanguage(app);
  registerInputGuard(app);
  registerPrivateAnswers(app);
  await registerSecurityHeaders(app, { publicUrl: config.publicUrl });

  const secret = resolveJwtSecret(config.jwtSecret, config.dataDir);
  const accountsRepo = accountsRepository(database);
  const sessionsRepo = sessionsRepository(database);
  // Also what this process forgets when it resets a password or revokes a sign-in.
  const accountVerifier = activeAccountVerifier(jwtAccessVerifier(secret), sessionsRepo.viewerState, {
    ttlMs: options.accountCacheMs,
  });
  registerAuth(app, options.verifier ?? accountVerifier);

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'kram API', version: '1.0.0', description: 'The shop API of kram.' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });

  const readiness = options.readiness ?? newReadiness();
  // A draining process asks each client to close its connection after the answer, so a proxy's
  // kept-alive connections move to the other processes before this one closes its port.
  app.addHook('onRequest', (_request, reply, done) => {
    if (readiness.closingConnections) reply.header('connection', 'close');
    done();
  });
  const catalog = catalogService(catalogRepository(database), {
    cacheCheckIntervalMs: options.cacheCheckIntervalMs,
    observer: metrics?.catalog,
  });
  app.addHook('onReady', async () => {
    // In the background: a large catalogue's search index takes a few seconds to build; the process is
    // ready for traffic once it is (or once building it failed: the first search then builds it).
    catalog
      .warm()
      .catch((error) => app.log.warn({ err: error }, 'catalogue warm-up failed'))
      .finally(() => readiness.ready());
  });
  // Other processes' catalogue writes reach this one's search within moments (PostgreSQL's NOTIFY),
  // rather than at its next check of the catalogue version.
  if (database.listen) {
    const stop = database.listen('kram_catalog', () => catalog.changedElsewhere());
    app.addHook('onClose', async () => stop());
  }
  // Listing searches are counted in memory and added to the database every 30 s and on close.
  const insightsRepo = searchInsightsRepository(database);
  const searches = searchRecorder({ repo: insightsRepo, log: app.log });
  app.addHook('onReady', async () => searches.start());
  app.addHook('onClose', async () => searches.close());
  // So are the Core Web Vitals that shoppers' browsers report, as histograms.
  const vitalsRepo = vitalsRepository(database);
  const vitalCounts = vitalsRecorder({ repo: vitalsRepo, log: app.log });
  app.addHook('onReady', async () => vitalCounts.start());
  app.addHook('onClose', async () => vitalCounts.close());
  const vitals = vitalsService(vitalsRepo, vitalCounts);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir }, app.log);
  // Order mails are written to the mail_outbox table with the order; this worker sends them.
  const outboxRepo = outboxRepository(database);
  const mailWorker = outboxWorker(database, outboxRepo, mailer, app.log);
  app.addHook('onReady', async () => mailWorker.start());
  const limits = rateLimiter(
    config.redisUrl ? redisStore(config.redisUrl, config.redisKeyPrefix, app.log) : memoryStore(),
    app.log,
  );
  const accounts = accountsService(accountsRepo, {
    sessions: sessionsRepo,
    invalidation: accountVerifier,
    outbox: { enqueue: outboxRepo.enqueue, wake: mailWorker.wake },
    publicUrl: config.publicUrl,
  });
  const sessions = sessionsService(accountsRepo, sessionsRepo, tokenSigner(secret), accountVerifier);
  const passwordReset = passwordResetService(accountsRepo, sessionsRepo, mailer, app.log, {
    publicUrl: config.publicUrl,
    invalidation: accountVerifier,
  });
  app.addHook('onClose', async () => {
    await mailWorker.stop();
    // Reset links are mailed after the answer: the ones under way go out first.
    await passwordReset.settled();
    mailer.close();
    await limits.close();
  });
  const captcha = captchaService(
    captchaRepository(database),
    { key: captchaKey(secret), maxNumber: config.captchaMaxNumber, recaptcha: config.recaptcha },
    app.log,
  );
  const feedback = feedbackService({
    repo: feedbackRepository(database),
    captcha,
    mailer,
    shopEmail: config.shopEmail,
    log: app.log,
  });

  const audit = auditLog(auditRepository(database));
  const content = contentService(contentRepository(database), {
    audit,
    log: app.log,
    images: homeImages(config.mediaDir),
    checkIntervalMs: options.cacheCheckIntervalMs,
  });
  // Scheduled work under single-runner locks; with a Nova Poshta key, the directory's daily refresh.
  const locks = singleRunner(database);
  const jobs = scheduler({ locks, log: app.log });
  const delivery = deliveryModule({ database, novaPoshta: config.novaPoshta, locks, jobs, audit, log: app.log });
  app.addHook('onReady', async () => jobs.start());
  // After the delivery module's own close (its plugin is registered later, so it closes first): a
  // directory sync under way is stopped rather than waited for.
  app.addHook('onClose', async () => jobs.stop());
  // Card payments: Monobank with a token, else the shop's own sandbox, which signs like Monobank.
  const payments = paymentsModule({ database, config, log: app.log });
  // Orders follow the payments module's news of paid invoices, and write their mails to the outbox.
  const orders = ordersModule({
    database,
    catalog,
    delivery,
    payments,
    outbox: { enqueue: outboxRepo.enqueue, wake: mailWorker.wake },
    shopEmail: config.shopEmail,
    telegram: config.telegram,
    audit,
    staffEmail: async (userId) => (await accountsRepo.byId(userId))?.email,
    limits,
    log: app.log,
  });
  const admin: AdminDeps = {
    database,
    audit,
    staffEmail: async (userId) => (await accountsRepo.byId(userId))?.email,
    accountVerifier,
    catalog,
    mediaDir: config.mediaDir,
    content,
    delivery,
    orders: orders.staff,
    searchInsights: searchInsightsService(insightsRepo, searches),
    vitals,
  };

  // Before the storefront, whose catch-all would answer it.
  if (metrics && config.metricsToken) registerMetricsRoute(app, metrics, config.metricsToken);

  await app.register(
    async (api) => {
      await api.register(healthRoutes(database.ping, readiness));
      await api.register(catalogRoutes(catalog, searches.record));
      await api.register(contentRoutes(content));
      await api.register(accountsRoutes(accounts, sessions, passwordReset, limits));
      await api.register(profileRoutes(accounts, limits));
      await api.register(wishlistRoutes(wishlistService(wishlistRepository(database), catalog)));
      await api.register(ratingsRoutes(ratingsService(ratingsRepository(database), catalog)));
      await api.register(sitemapRoutes(sitemapService(sitemapRepository(database))));
      await api.register(captchaRoutes(captcha));
      await api.register(feedbackRoutes(feedback, limits));
      await api.register(vitalsRoutes(vitals, limits));
      await api.register(adminRoutes(admin), { prefix: '/admin' });
      api.get('/docs', { schema: { hide: true } }, async () => finishApiDocument(app.swagger()));
    },
    { prefix: '/api' },
  );
  await app.register(delivery.plugin);
  await app.register(orders.plugin);
  await app.register(payments.plugin);

  // Link-preview pictures, drawn on first request into the media folder (decision 030).
  await app.register(
    shareImagesRoutes(
      shareImages({ mediaDir: config.mediaDir, catalog, shopName: 'kram', publicUrl: config.publicUrl }),
    ),
  );
  await app.register(fastifyStatic, {
    root: config.mediaDir,
    prefix: '/media/',
    decorateReply: false,
    immutable: true,
    maxAge: '30d',
  });

  if (options.storefront) await registerAdminApp(app, typeof options.storefront === 'object' ? options.storefront : {});
  // Last: the storefront answers every path the API and the media did not claim.
  if (options.storefront) {
    renderPage = await registerStorefront(app, {
      ...(typeof options.storefront === 'object' ? options.storefront : {}),
      publicUrl: config.publicUrl,
      mode: config.env === 'production' ? 'production' : 'development',
      recaptchaSiteKey: config.recaptcha?.siteKey,
      showPricesToGuests: config.showPricesToGuests,
      productPrice: async (id) => (await catalog.productsForPricing([id]))[0]?.price ?? null,
    });
  }

  return app;
}
