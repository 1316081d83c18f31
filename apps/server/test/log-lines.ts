import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DestinationStream } from 'pino';
import { type AppOptions, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { type Backend, freshDatabase, testJwtSecret } from './helpers.ts';

/** A log destination that keeps every line, parsed, for a test to read. */
export function logLines(): DestinationStream & { entries: Record<string, unknown>[] } {
  const entries: Record<string, unknown>[] = [];
  return {
    entries,
    write(line: string) {
      entries.push(JSON.parse(line));
    },
  };
}

export interface LoggedApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: Database;
  config: Config;
  log: Record<string, unknown>[];
  close(): Promise<void>;
}

/**
 * The real app logging at info into a list the test reads. `beforeReady` may add routes (a handler
 * that fails) before the app starts. Error lines go to this list, not to the per-test check of
 * test/error-logs.ts: the test asserts them itself.
 */
export async function loggedApp(
  backend: Backend,
  env: Record<string, string> = {},
  beforeReady: (app: LoggedApp['app']) => void = () => {},
  options: Pick<AppOptions, 'storefront'> = {},
): Promise<LoggedApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kram-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: testJwtSecret,
    LOG_LEVEL: 'info',
    TRUST_PROXY: 'true',
    ...env,
  });
  fs.mkdirSync(config.mediaDir, { recursive: true });
  const database = await freshDatabase(backend);
  const lines = logLines();
  const app = await buildApp({
    config,
    database,
    cacheCheckIntervalMs: 0,
    storefront: false,
    logger: lines,
    ...options,
  });
  beforeReady(app);
  await app.ready();
  return {
    app,
    database,
    config,
    log: lines.entries,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
