// Builds the storefront when its build is missing or older than its sources, so `npm start` on a
// fresh clone serves the shop. A build that is up to date costs one directory walk.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const app = path.join(import.meta.dirname, '..');
const contract = path.join(app, '..', '..', 'packages', 'contract', 'src');
const built = path.join(app, 'build', 'server', 'index.js');
const sources = [
  path.join(app, 'app'),
  path.join(app, 'public'),
  path.join(app, 'server'),
  path.join(app, 'vite.config.ts'),
  path.join(app, 'react-router.config.ts'),
  path.join(app, 'package.json'),
  contract,
];

function newest(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const name of fs.readdirSync(entry)) latest = Math.max(latest, newest(path.join(entry, name)));
  return latest;
}

const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
const changedAt = Math.max(...sources.map(newest));
if (builtAt >= changedAt) process.exit(0);

console.log(builtAt ? 'The storefront changed since its last build: building it…' : 'Building the storefront…');
const result = spawnSync('npm', ['run', 'build', '--workspace', '@kram/storefront'], {
  cwd: path.join(app, '..', '..'),
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
