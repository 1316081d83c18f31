import fs from 'node:fs';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, productionWarnings } from './config.ts';
import { DatabaseLockedError } from './db/dir-lock.ts';
import { openConfiguredDatabase } from './db/open.ts';
import { seedDemoInChildProcess } from './demo/seed-process.ts';
import { processLog } from './lib/logger.ts';
import { catalogWriter } from './modules/catalog/catalog-writer.ts';
import { deliveryRepository } from './modules/delivery/delivery.repository.ts';
import { loadBundledDirectoryIfEmpty } from './modules/delivery/directory-sync.ts';

/** How long requests in flight at a SIGTERM may take to finish before their connections are closed. */
const shutdownGraceMs = 3000;
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
  for (const warning of productionWarnings(config)) log.warn(warning);
  fs.mkdirSync(config.mediaDir, { recursive: true });

  let database: Awaited<ReturnType<typeof openConfiguredDatabase>>;
  try {
    database = await openConfiguredDatabase(config);
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  log.info({ database: database.kind }, 'database ready');

  if (config.seedDemo && (await catalogWriter(database).isEmpty())) {
    // First start of an empty shop: the demo catalogue is added by a process of its own, so that the
    // memory its image drawing takes leaves with it (src/demo/seed-process.ts).
    await database.close();
    await seedDemoInChildProcess();
    database = await openConfiguredDatabase(config);
  }
  // Checkout needs cities and branches: without a Nova Poshta key, the bundled directory fills an empty one.
  if (!config.novaPoshta.apiKey) {
    const loaded = await loadBundledDirectoryIfEmpty(deliveryRepository(database));
    if (loaded)
      log.info({ cities: loaded.cities, branches: loaded.warehouses }, 'bundled Nova Poshta directory loaded');
  } else if (await deliveryRepository(database).isEmpty()) {
    log.warn('the Nova Poshta directory is empty: the daily sync fills it from the API shortly after start');
  }

  const app = await buildApp({ config, database, storefront: true, logger: output });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      log.warn({ signal }, 'second signal: exiting at once');
      process.exit(1);
    }
    closing = true;
    log.info({ signal }, 'shutting down: finishing requests in flight');
    // Whatever holds it (a hook that never settles), the process ends.
    setTimeout(() => {
      log.error({ ms: shutdownLimitMs }, 'shutdown did not finish in time: exiting');
      void output.flush(200).then(() => process.exit(1));
    }, shutdownLimitMs).unref();
    // Node's server.close() closes the connections idle at that moment only; a keep-alive connection
    // whose request was still running stays open after its answer until keepAliveTimeout (72 s). Close
    // each one as soon as it falls idle, and after the grace period every connection still open: a
    // slow client, or a request body that never arrives, does not hold the shutdown.
    const reapIdle = setInterval(() => app.server.closeIdleConnections(), 50);
    const forceClose = setTimeout(() => {
      log.warn({ graceMs: shutdownGraceMs }, 'closing the connections still open after the grace period');
      app.server.closeAllConnections();
    }, shutdownGraceMs);
    try {
      // close() stops accepting connections and waits for requests in flight.
      await app.close();
      clearInterval(reapIdle);
      clearTimeout(forceClose);
      await database.close();
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

  await app.listen({ port: config.port, host: config.host });
  log.info(`kram is serving on ${config.publicUrl}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
