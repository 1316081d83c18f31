// `npm run db:generate`: writes the migration that brings src/db/migrations up to src/tables.ts.
// drizzle-kit is installed into this folder from its own lock file on the first run, so that the
// workspace install (and every production server) does not carry it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const here = import.meta.dirname;
const serverDir = path.dirname(here);
const bin = path.join(here, 'node_modules/drizzle-kit/bin.cjs');

function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!fs.existsSync(bin)) {
  console.log('Installing drizzle-kit (once, into apps/server/drizzle-kit/node_modules)…');
  run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], here);
}
run(process.execPath, [bin, 'generate', '--config', 'drizzle.config.ts', ...process.argv.slice(2)], serverDir);
