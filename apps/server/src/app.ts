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
import { type AccessTokenVerifier, accountsModule } from './modules/accounts/index.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import type { AdminDeps } from './modules/admin/admin-deps.ts';
import { auditLog, auditRepository } from './modules/audit/index.ts';
import { captchaModule } from './modules/captcha/index.ts';
import { catalogModule } from './modules/catalog/index.ts';
import { productLabels } from './modules/catalog/product-labels.ts';
import { contentModule } from './modules/content/index.ts';
import { deliveryRepository } from './modules/delivery/delivery.repository.ts';
import { deliveryRoutes } from './modules/delivery/delivery.routes.ts';
import { deliveryService } from './modules/delivery/delivery.service.ts';
import { directoryRunsRepository } from './modules/delivery/directory-runs.repository.ts';
import { directorySyncService } from './modules/delivery/directory-sync.service.ts';
import { feedbackModule } from './modules/feedback/index.ts';
import { customerOrders, orderEraser } from './modules/orders/customer-orders.ts';
import { orderDashboard, orderDayTotals } from './modules/orders/order-dashboard.ts';
import { orderEvents } from './modules/orders/order-events.ts';
import { orderManagement } from './modules/orders/order-management.ts';
import { subscribeOrderNotifications } from './modules/orders/order-notifications.ts';
import { ordersRepository } from './modules/orders/orders.repository.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { ordersService } from './modules/orders/orders.service.ts';
import { noNotifier, telegramNotifier } from './modules/orders/telegram.ts';
import { configuredCardProvider } from './modules/payments/card-provider.ts';
import { paymentsRepository } from './modules/payments/payments.repository.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { paymentsService } from './modules/payments/payments.service.ts';
import { sandboxRoutes } from './modules/payments/sandbox.routes.ts';
import { resolveSandboxKeys } from './modules/payments/sandbox-keys.ts';
import { refuseAllWebhooks, webhookVerifier } from './modules/payments/webhook-verifier.ts';
import { ratingsModule } from './modules/ratings/index.ts';
import { searchInsightsModule } from './modules/search-insights/index.ts';
import { sharingModule } from './modules/sharing/index.ts';
import { sitemapModule } from './modules/sitemap/index.ts';
import { vitalsModule } from './modules/vitals/index.ts';
import { wishlistModule } from './modules/wishlist/index.ts';
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
          ordersByStatus: ordersRepository(database).countByStatus,
          invoicesByStatus: paymentsRepository(database).countByStatus,
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
  // Listing searches are counted in memory and added to the database every 30 s and on close.
  const searchInsights = searchInsightsModule({ database, log: app.log });
  const audit = auditLog(auditRepository(database));
  const catalog = catalogModule({
    database,
    audit,
    mediaDir: config.mediaDir,
    log: app.log,
    cacheCheckIntervalMs: options.cacheCheckIntervalMs,
    observer: metrics?.catalog,
    searched: searchInsights.record,
    warmed: () => readiness.ready(),
  });
  await app.register(catalog.plugin);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir }, app.log);
  // Order mails are written to the mail_outbox table with the order; this worker sends them.
  const outboxRepo = outboxRepository(database);
  const mailWorker = outboxWorker(database, outboxRepo, mailer, app.log);
  app.addHook('onReady', async () => mailWorker.start());
  const limits = rateLimiter(
    config.redisUrl ? redisStore(config.redisUrl, config.redisKeyPrefix, app.log) : memoryStore(),
    app.log,
  );
  // The Core Web Vitals that shoppers' browsers report, counted like the searches, as histograms.
  const vitals = vitalsModule({ database, limits, log: app.log });
  const accounts = accountsModule({
    database,
    secret,
    publicUrl: config.publicUrl,
    accountCacheMs: options.accountCacheMs,
    mailer,
    outbox: { enqueue: outboxRepo.enqueue, wake: mailWorker.wake },
    limits,
    audit,
    log: app.log,
    customerOrders: customerOrders(database),
  });
  registerAuth(app, options.verifier ?? accounts.verifier);
  app.addHook('onClose', async () => {
    await mailWorker.stop();
    // Reset links are mailed after the answer: the ones under way go out first.
    await accounts.settled();
    mailer.close();
    await limits.close();
  });
  const captcha = captchaModule({
    database,
    secret,
    maxNumber: config.captchaMaxNumber,
    recaptcha: config.recaptcha,
    log: app.log,
  });
  const feedback = feedbackModule({
    database,
    captcha,
    mailer,
    shopEmail: config.shopEmail,
    limits,
    audit,
    emailsOf: accounts.emailsOf,
    log: app.log,
  });

  const wishlist = wishlistModule({ database, catalog });
  const products = productLabels(database);
  const ratings = ratingsModule({
    database,
    catalog,
    names: {
      products: products.labels,
      productIdsNamed: products.idsNamed,
      emails: accounts.emailsOf,
      userIdsWithEmail: accounts.idsWithEmailContaining,
    },
  });
  // Deleting an account on request takes the buyer's data out of their orders and empties the wishlist.
  accounts.onErase(orderEraser(database, outboxRepo));
  accounts.onErase(wishlist.eraseAccount);

  const delivery = deliveryService(deliveryRepository(database));
  const orders = ordersService({
    repo: ordersRepository(database),
    catalog,
    directory: delivery,
    events: orderEvents(app.log),
  });
  subscribeOrderNotifications(orders.events, {
    outbox: { enqueue: outboxRepo.enqueue, wake: mailWorker.wake },
    notifier: config.telegram ? telegramNotifier(config.telegram, app.log) : noNotifier,
    shopEmail: config.shopEmail,
  });
  // Card payments: Monobank with a token, else the shop's own sandbox, which signs like Monobank.
  const card = configuredCardProvider(config, resolveSandboxKeys);
  if (config.env === 'production' && card.sandboxSigningKey) {
    app.log.warn(
      'PAYMENTS_SANDBOX=true in production: card orders are "paid" on the shop\'s own sandbox page, and anyone ' +
        'placing one can mark it paid. Set MONOBANK_TOKEN to take real card payments.',
    );
  } else if (!card.provider) {
    app.log.warn('card payment is off: set MONOBANK_TOKEN (or PAYMENTS_SANDBOX=true to try the shop without one)');
  }
  const payments = paymentsService({
    repo: paymentsRepository(database),
    orders,
    provider: card.provider,
    verifier: card.provider ? webhookVerifier(card.provider.keys) : refuseAllWebhooks,
    publicUrl: config.publicUrl,
    log: app.log,
  });

  const content = contentModule({
    database,
    audit,
    log: app.log,
    mediaDir: config.mediaDir,
    checkIntervalMs: options.cacheCheckIntervalMs,
  });
  // Scheduled work under single-runner locks; with a Nova Poshta key, the directory's daily refresh.
  const locks = singleRunner(database);
  const jobs = scheduler({ locks, log: app.log });
  const directorySync = directorySyncService({
    repo: deliveryRepository(database),
    runs: directoryRunsRepository(database),
    locks,
    audit,
    jobs,
    novaPoshta: config.novaPoshta,
    log: app.log,
  });
  if (config.novaPoshta.apiKey) jobs.add(directorySync.dailyJob);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => {
    await directorySync.close();
    await jobs.stop();
  });
  const admin: AdminDeps = {
    database,
    audit,
    staffEmail: accounts.emailOf,
    accounts,
    catalog,
    content,
    feedback: feedback.inbox,
    ratings: ratings.moderation,
    directorySync,
    dashboard: orderDashboard({
      dayTotals: orderDayTotals(database),
      countByStatus: ordersRepository(database).countByStatus,
    }),
    orders: orderManagement({
      repo: ordersRepository(database),
      events: orders.events,
      audit,
      invoices: paymentsRepository(database),
    }),
    searchInsights,
    vitals,
  };

  // Before the storefront, whose catch-all would answer it.
  if (metrics && config.metricsToken) registerMetricsRoute(app, metrics, config.metricsToken);

  await app.register(searchInsights.plugin);
  await app.register(content.plugin);
  await app.register(accounts.plugin);
  await app.register(wishlist.plugin);
  await app.register(ratings.plugin);
  await app.register(captcha.plugin);
  await app.register(feedback.plugin);
  await app.register(sitemapModule({ catalog }).plugin);
  await app.register(vitals.plugin);
  await app.register(
    async (api) => {
      await api.register(healthRoutes(database.ping, readiness));
      await api.register(deliveryRoutes(delivery));
      await api.register(ordersRoutes(orders, limits));
      await api.register(paymentsRoutes(payments, limits));
      await api.register(adminRoutes(admin), { prefix: '/admin' });
      api.get('/docs', { schema: { hide: true } }, async () => finishApiDocument(app.swagger()));
    },
    { prefix: '/api' },
  );

  // Link-preview pictures, drawn on first request into the media folder (decision 030).
  await app.register(
    sharingModule({ mediaDir: config.mediaDir, catalog, shopName: 'kram', publicUrl: config.publicUrl }).plugin,
  );
  await app.register(fastifyStatic, {
    root: config.mediaDir,
    prefix: '/media/',
    decorateReply: false,
    immutable: true,
    maxAge: '30d',
  });

  if (card.sandboxSigningKey) await app.register(sandboxRoutes(payments, card.sandboxSigningKey));

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
