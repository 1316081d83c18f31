import fs from 'node:fs';
import pino from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DatabaseLockedError } from './db/dir-lock.ts';
import { openConfiguredDatabase } from './db/open.ts';
import { seedDemoIfEmpty } from './demo/seed.ts';
import { deliveryRepository } from './modules/delivery/delivery.repository.ts';
import { loadBundledDirectoryIfEmpty } from './modules/delivery/directory-sync.ts';

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
  const log = pino({ level: config.logLevel });
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

  if (config.seedDemo) await seedDemoIfEmpty(database, { mediaDir: config.mediaDir, log });
  // Checkout needs cities and branches: without a Nova Poshta key, the bundled directory fills an empty one.
  if (!config.novaPoshta.apiKey) {
    const loaded = await loadBundledDirectoryIfEmpty(deliveryRepository(database));
    if (loaded)
      log.info({ cities: loaded.cities, branches: loaded.warehouses }, 'bundled Nova Poshta directory loaded');
  } else if (await deliveryRepository(database).isEmpty()) {
    log.warn('the Nova Poshta directory is empty: run `npm run carrier:sync` to fill it');
  }

  const app = await buildApp({ config, database, storefront: true });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      log.warn({ signal }, 'second signal: exiting at once');
      process.exit(1);
    }
    closing = true;
    log.info({ signal }, 'shutting down: finishing requests in flight');
    try {
      // close() stops accepting connections and waits for requests in flight.
      await app.close();
      await database.close();
      log.info('shut down cleanly');
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
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
