/**
 * The demo catalogue of an empty shop, added by a process of its own (see `seedDemoInChildProcess`):
 * drawing its images with sharp leaves a few hundred MB with the process that drew them, and this
 * process ends when the catalogue is in.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { loadConfig } from '../config.ts';
import { openConfiguredDatabase } from '../db/open.ts';
import { chooseLogFormat, logOutput } from '../lib/logger.ts';
import { seedDemoIfEmpty } from './seed.ts';

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
  const output = logOutput({ format: chooseLogFormat(config.logFormat, process.stdout.isTTY) });
  const log = pino({ level: config.logLevel }, output);
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
