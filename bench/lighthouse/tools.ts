// Lighthouse for the benchmark lives in bench/lighthouse/node_modules, installed from this folder's own
// lock file and kept out of the workspace install: some 175 MB and 13,500 files that only this
// benchmark uses.
//   node lighthouse/tools.ts install    installs it when it is not there yet
//   node lighthouse/tools.ts typecheck  typechecks the benchmark when it is (its types come with it),
//                                       and says so when it is not: a skipped check is never silent
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const installed = fs.existsSync(path.join(here, 'node_modules/lighthouse/package.json'));
const windows = process.platform === 'win32';

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: here, stdio: 'inherit', shell: windows });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const task = process.argv[2];
if (task === 'install') {
  if (!installed) {
    console.log('Installing Lighthouse for the benchmark (once, into bench/lighthouse/node_modules)…');
    run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error']);
  }
} else if (task === 'typecheck') {
  if (installed) run('tsc', ['-p', here]);
  else
    console.log('bench/lighthouse: not typechecked, Lighthouse is not installed (`npm run lighthouse` installs it).');
} else {
  console.error('usage: node lighthouse/tools.ts install|typecheck');
  process.exit(2);
}
