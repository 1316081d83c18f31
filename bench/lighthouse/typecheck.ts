// Typechecks the Lighthouse benchmark when Lighthouse is installed (its types come with it); says so
// when it is not, so that a skipped check is never silent.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
if (fs.existsSync(path.join(here, 'node_modules/lighthouse/package.json'))) {
  const result = spawnSync('tsc', ['-p', here], { stdio: 'inherit', shell: process.platform === 'win32' });
  process.exit(result.status ?? 1);
}
console.log('bench/lighthouse: not typechecked, Lighthouse is not installed (`npm run lighthouse` installs it).');
