// Installs Lighthouse into bench/lighthouse/node_modules when it is not there yet, from this folder's
// own lock file. It is kept out of the workspace install: some 175 MB and 13,500 files that only this
// benchmark uses.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
if (!fs.existsSync(path.join(here, 'node_modules/lighthouse/package.json'))) {
  console.log('Installing Lighthouse for the benchmark (once, into bench/lighthouse/node_modules)…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: here, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
