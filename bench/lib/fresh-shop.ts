import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const serverDir = fileURLToPath(new URL('../../apps/server/', import.meta.url));

/** Runs the server's CLI (`src/cli.ts`) to its end in this environment, failing when it fails. */
export function serverCli(args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['src/cli.ts', ...args], {
      cwd: serverDir,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`cli ${args.join(' ')} exited with ${code}`)),
    );
  });
}

/**
 * The environment of a shop with nothing in it: an emptied data folder, and on PostgreSQL the
 * database at `postgresUrl` dropped and created again.
 */
export async function emptyShop(
  kind: 'pglite' | 'postgres',
  options: { dataDir: string; postgresUrl: string; env?: Record<string, string> },
): Promise<Record<string, string>> {
  fs.rmSync(options.dataDir, { recursive: true, force: true });
  fs.mkdirSync(options.dataDir, { recursive: true });
  const env: Record<string, string> = { DATA_DIR: options.dataDir, LOG_LEVEL: 'warn', ...options.env };
  if (kind === 'postgres') {
    const name = new URL(options.postgresUrl).pathname.slice(1);
    const admin = new pg.Client({ connectionString: options.postgresUrl.replace(/\/[^/]*$/, '/postgres') });
    await admin.connect();
    try {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.query(`create database "${name}"`);
    } finally {
      await admin.end();
    }
    env.DATABASE_URL = options.postgresUrl;
  }
  return env;
}
