/**
 * The demo catalogue of an empty shop, added by a process of its own (see `seedDemoInChildProcess`):
 * drawing its images with sharp leaves a few hundred MB with the process that drew them, and this
 * process ends when the catalogue is in.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../config.ts';
import { openConfiguredDatabase } from '../db/open.ts';
import { processLog } from '../lib/logger.ts';

const entry = fileURLToPath(import.meta.url);

/** Runs this file as a child process with the same environment; resolves when it has added the demo. */
export function seedDemoInChildProcess(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [entry], { stdio: 'inherit', env: process.env });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`adding the demo catalogue failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

async function main() {
  const config = loadConfig();
  const { log, output } = processLog(config);
  // Loaded here, not at the top: the server imports this file for seedDemoInChildProcess only, and
  // must not load sharp and the demo's generator with it.
  const { seedDemoIfEmpty } = await import('./seed.ts');
  const database = await openConfiguredDatabase(config);
  try {
    await seedDemoIfEmpty(database, { mediaDir: config.mediaDir, log });
  } finally {
    await database.close();
    await output.flush(1000);
  }
}

if (process.argv[1] === entry) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
