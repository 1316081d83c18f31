import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, productionWarnings } from './config.ts';
import { DatabaseLockedError } from './db/dir-lock.ts';
import { openConfiguredDatabase } from './db/open.ts';
import { seedDemoInChildProcess } from './demo/seed-process.ts';
import { type ControlChannel, openControlChannel } from './infra/control/control-channel.ts';
import { closePort } from './infra/health/port-close.ts';
import { readiness as newReadiness } from './infra/health/readiness.ts';
import { type StartingServer, startingServer } from './infra/health/starting-server.ts';
import { processLog } from './lib/logger.ts';
import { keepServingOnUnhandledRejection } from './lib/unhandled-rejections.ts';
import { createAdminCommands } from './modules/accounts/index.ts';
import { catalogImport } from './modules/catalog/index.ts';
import { directoryIsEmpty, loadBundledIfEmpty } from './modules/delivery/index.ts';
import { defaultAdminDir } from './plugins/admin-app.ts';
import { defaultStorefrontBuildDir } from './plugins/storefront.ts';

/**
 * How long requests in flight when the port closes may take to finish before their connections are
 * cut: with what closing the database takes, a SIGTERM ends the process within its drain and 5 s.
 */
const shutdownGraceMs = 3000;
/** How long a connection accepted just before the port closed has to start its request. */
const firstRequestMs = 1000;
/** How long before the port closes answers stop asking clients to close their connections (readiness.ts). */
const holdBeforeCloseMs = 500;
/** How long a shutdown may take in all before the process exits regardless. */
const shutdownLimitMs = 10_000;

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { log, output } = processLog(config);
  keepServingOnUnhandledRejection(log);
  for (const warning of productionWarnings(config)) log.warn(warning);
  const unbuilt = config.env === 'production' ? missingBuilds() : [];
  if (unbuilt.length > 0) {
    console.error(
      `${unbuilt.join(' and ')} ${unbuilt.length > 1 ? 'are' : 'is'} not built: run \`npm run build\` before \`npm run start:prod\`.`,
    );
    process.exit(1);
  }
  fs.mkdirSync(config.mediaDir, { recursive: true });

  // Until the shop can serve, its port answers 503 "starting" (migrations, a first seed).
  let starting: StartingServer | undefined;
  try {
    starting = await startingServer({ port: config.port, host: config.host });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    console.error(`Port ${config.port} is in use by another program (or another kram): set PORT to a free one.`);
    process.exit(1);
  }
  log.info(`starting: answering 503 on port ${starting.port} until the shop is ready`);
  let database: Awaited<ReturnType<typeof openConfiguredDatabase>> | undefined;
  let app: FastifyInstance | undefined;
  let control: ControlChannel | undefined;
  const readiness = newReadiness();

  let closing = false;
  // The first start's demo catalogue, added by a child process: a stop while it runs ends it too.
  const stopSeeding = new AbortController();
  let seeding: Promise<void> | undefined;
  const shutdown = async (signal: string) => {
    if (closing) {
      log.warn({ signal }, 'second signal: exiting at once');
      process.exit(1);
    }
    closing = true;
    // Whatever holds it (a hook that never settles), the process ends.
    setTimeout(() => {
      log.error({ ms: shutdownLimitMs + config.shutdownDrainMs }, 'shutdown did not finish in time: exiting');
      void output.flush(200).then(() => process.exit(1));
    }, shutdownLimitMs + config.shutdownDrainMs).unref();
    if (!app) {
      // Still starting: nothing is being served yet. A migration in progress is one transaction.
      log.info({ signal }, 'stopping before the shop started');
      stopSeeding.abort();
      await seeding?.catch(() => {});
      await starting?.close();
      await database?.close().catch(() => {});
      await output.flush(1000);
      process.exit(0);
    }
    const serving = app;
    // SIGTERM is how a supervisor or a deploy stops one of several processes: first report not
    // ready and keep serving, so a load balancer that polls /api/ready moves traffic away; Ctrl-C
    // in a terminal stops at once.
    readiness.drain();
    if (signal === 'SIGTERM' && config.shutdownDrainMs > 0) {
      log.info({ signal, drainMs: config.shutdownDrainMs }, 'draining: /api/ready answers 503, still serving');
      // The drain's last moments keep connections open, so that none is being opened as the port closes.
      const holdMs = Math.min(holdBeforeCloseMs, config.shutdownDrainMs / 2);
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs - holdMs));
      readiness.holdConnections(true);
      await new Promise((resolve) => setTimeout(resolve, holdMs));
    }
    log.info({ signal }, 'shutting down: finishing requests in flight');
    // From here each connection is let go after its answer: the client's next one is refused at once.
    readiness.holdConnections(false);
    try {
      // The port first, the app after: the app answers requests on connections already open (a page's
      // in-process API calls too) until the last one is done, instead of Fastify's 503 while closing.
      // A slow client, or a request body that never arrives, is cut after the grace period.
      await closePort(serving.server, {
        firstRequestMs: signal === 'SIGTERM' ? firstRequestMs : 0,
        graceMs: shutdownGraceMs,
        onGraceOver: () =>
          log.warn({ graceMs: shutdownGraceMs }, 'closing the connections still open after the grace period'),
      });
      await serving.close();
      await control?.close();
      await database?.close();
      log.info('shut down cleanly');
      await output.flush(1000);
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      await output.flush(1000);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    database = await openConfiguredDatabase(config);
  } catch (error) {
    await starting.close();
    if (error instanceof DatabaseLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  log.info({ database: database.kind }, 'database ready');

  if (config.seedDemo && (await catalogImport(database).isEmpty())) {
    // First start of an empty shop: the demo catalogue is added by a process of its own, so that the
    // memory its image drawing takes leaves with it (src/demo/seed-process.ts).
    await database.close();
    database = undefined;
    seeding = seedDemoInChildProcess(stopSeeding.signal);
    try {
      await seeding;
    } catch (error) {
      // Stopped while seeding: the shutdown ends the process once the child has gone.
      if (closing) return;
      throw error;
    }
    database = await openConfiguredDatabase(config);
  }
  // Checkout needs cities and branches: without a Nova Poshta key, the bundled directory fills an empty one.
  if (!config.novaPoshta.apiKey) {
    const loaded = await loadBundledIfEmpty(database);
    if (loaded)
      log.info({ cities: loaded.cities, branches: loaded.warehouses }, 'bundled Nova Poshta directory loaded');
  } else if (await directoryIsEmpty(database)) {
    log.warn('the Nova Poshta directory is empty: the daily sync fills it from the API shortly after start');
  }

  const built = await buildApp({ config, database, storefront: true, logger: output, readiness });
  if (closing) return;
  // The placeholder hands its port over: a connection refused in between is retried by a proxy.
  const { port } = starting;
  await starting.close();
  starting = undefined;
  app = built;
  await app.listen({ port, host: config.host });
  log.info(`kram is serving on ${config.publicUrl}`);
  if (!config.databaseUrl) {
    // The embedded database is this process's alone: `npm run create-admin` asks it through a socket
    // only the shop's user can open. (With PostgreSQL the command opens the database itself.)
    try {
      control = await openControlChannel(config.dataDir, createAdminCommands(database), log);
    } catch (error) {
      log.warn(
        { err: error },
        'the control channel did not open: `npm run create-admin` works only with the shop stopped',
      );
    }
  }
}

/** What `npm run build` makes and production serves: the storefront and the back office. */
function missingBuilds(): string[] {
  const storefront = fs.existsSync(path.join(defaultStorefrontBuildDir, 'server', 'index.js'));
  const admin = fs.existsSync(path.join(defaultAdminDir, 'index.html'));
  return [!storefront && 'The storefront', !admin && (storefront ? 'The back office' : 'the back office')].filter(
    (name): name is string => Boolean(name),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
