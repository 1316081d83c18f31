import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { scheduler } from './infra/jobs/scheduler.ts';
import { singleRunner } from './infra/jobs/single-runner.ts';
import { createMailer } from './infra/mail/mailer.ts';
import { outboxRepository } from './infra/mail/outbox.repository.ts';
import { outboxWorker } from './infra/mail/outbox-worker.ts';
import { registerMetricsRoute } from './infra/metrics/metrics.routes.ts';
import { appMetrics } from './infra/metrics/metrics.ts';
import type { ShopStateSource } from './infra/metrics/shop-state-metrics.ts';
import { memoryStore } from './infra/rate-limit/rate-limit-store.ts';
import { rateLimiter } from './infra/rate-limit/rate-limiter.ts';
import { redisStore } from './infra/rate-limit/redis-store.ts';
import { resolveJwtSecret } from './lib/jwt-secret.ts';

/**
 * What the modules run on that is not business: the token secret, mail (SMTP or the outbox folder)
 * and the outbox worker that sends what the modules write, rate limits (Redis or memory), scheduled
 * jobs under single-runner locks, and Prometheus metrics when a token is set. Started when the app
 * is ready; the outbox worker, the mailer and the limits stop when it closes, after `beforeMailStops`.
 */
export function infrastructure(
  app: FastifyInstance,
  {
    config,
    database,
    shopState,
  }: { config: Config; database: Database; shopState: Omit<ShopStateSource, 'outboxDepth'> },
) {
  const secret = resolveJwtSecret(config.jwtSecret, config.dataDir);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir }, app.log);
  const outboxRepo = outboxRepository(database);
  const mailWorker = outboxWorker(database, outboxRepo, mailer, app.log);
  const limits = rateLimiter(
    config.redisUrl ? redisStore(config.redisUrl, config.redisKeyPrefix, app.log) : memoryStore(),
    app.log,
  );
  const locks = singleRunner(database);
  const jobs = scheduler({ locks, log: app.log });
  // Only with a token: without one, /metrics does not exist and nothing is measured.
  const metrics = config.metricsToken
    ? appMetrics({ database, shopState: { ...shopState, outboxDepth: outboxRepo.depth }, log: app.log })
    : undefined;
  if (metrics && config.metricsToken) {
    const observed = metrics;
    app.addHook('onResponse', (request, reply, done) => {
      observed.observeRequest(request, reply);
      done();
    });
    // Before the storefront, whose catch-all would answer it.
    registerMetricsRoute(app, observed, config.metricsToken);
    app.addHook('onClose', async () => observed.close());
  }
  const waitsBeforeMailStops: (() => Promise<void>)[] = [];

  app.addHook('onReady', async () => {
    mailWorker.start();
    jobs.start();
  });
  app.addHook('onClose', async () => {
    await mailWorker.stop();
    for (const wait of waitsBeforeMailStops) await wait();
    mailer.close();
    await limits.close();
    await jobs.stop();
  });

  return {
    secret,
    mailer,
    /** Mail written in the transaction of what it reports, sent by the worker as soon as it is committed. */
    outbox: { enqueue: outboxRepo.enqueue, forgetOrders: outboxRepo.forgetOrders, wake: mailWorker.wake },
    limits,
    locks,
    jobs,
    /** The catalogue's counters, when metrics are on. */
    catalogObserver: metrics?.catalog,
    /** Work that still sends mail when the app closes (reset links under way): awaited before the mailer closes. */
    beforeMailStops(wait: () => Promise<void>): void {
      waitsBeforeMailStops.push(wait);
    },
  };
}

export type Infrastructure = ReturnType<typeof infrastructure>;
