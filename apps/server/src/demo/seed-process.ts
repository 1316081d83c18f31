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

/**
 * Runs this file as a child process with the same environment; resolves when it has added the demo.
 * Aborting `signal` (the server told to stop while still starting) ends the child with SIGTERM, and
 * the promise settles only once the child has exited, so nothing is left holding the database.
 */
export function seedDemoInChildProcess(signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [entry], { stdio: 'inherit', env: process.env, signal });
    // Aborting reports an AbortError at once; what counts is the exit that follows it.
    child.once('error', (error) => {
      if (!signal?.aborted) reject(error);
    });
    child.once('exit', (code, exitSignal) =>
      code === 0 ? resolve() : reject(new Error(`adding the demo catalogue failed (${exitSignal ?? `exit ${code}`})`)),
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
