// Builds the storefront and the back office when a build is missing or older than its sources, so
// `npm start` on a fresh clone serves both. A build that is up to date costs one directory walk.
// `node scripts/ensure-build.ts [storefront] [admin]`: both when none is named.
// Missing or stale builds run at once. Each prints one line as it ends, what was built and how long it
// took; its own output is shown only when it fails (all of it, as it came) and, when it succeeds, what
// it wrote to standard error (its warnings).
// `npm run build` prints everything.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.join(import.meta.dirname, '..');
const contract = path.join(root, 'packages', 'contract', 'src');

interface Built {
  /** What the console calls it. */
  title: string;
  workspace: string;
  /** A file the build writes last-ish: its time is the build's. */
  built: string;
  sources: string[];
}

const storefront = path.join(root, 'apps', 'storefront');
const admin = path.join(root, 'apps', 'admin');
const apps: Record<string, Built> = {
  storefront: {
    title: 'the storefront',
    workspace: '@kram/storefront',
    built: path.join(storefront, 'build', 'server', 'index.js'),
    sources: ['app', 'public', 'server', 'vite.config.ts', 'react-router.config.ts', 'package.json']
      .map((entry) => path.join(storefront, entry))
      .concat(contract),
  },
  admin: {
    title: 'the back office',
    workspace: '@kram/admin',
    built: path.join(admin, 'dist', 'index.html'),
    sources: ['src', 'index.html', 'vite.config.ts', 'package.json']
      .map((entry) => path.join(admin, entry))
      .concat(contract),
  },
};

function newest(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const name of fs.readdirSync(entry)) latest = Math.max(latest, newest(path.join(entry, name)));
  return latest;
}

const names = process.argv.slice(2);
for (const name of names) {
  if (!(name in apps)) {
    console.error(`Unknown app "${name}": one of ${Object.keys(apps).join(', ')}`);
    process.exit(2);
  }
}

/**
 * One build with its output held back; resolves to its exit status. Its line is written whole when
 * it ends, so that builds running at once never write into each other's line.
 */
function build(app: Built, line: string): Promise<number> {
  const started = performance.now();
  // Always the production build that `npm start` serves, whoever asks for it: a test runner sets
  // NODE_ENV=test, with which Vite would make a development bundle (import.meta.env.DEV on) that a
  // later `npm start` or journey would then reuse as if it were the shop's.
  const child = spawn('npm', ['run', 'build', '--workspace', app.workspace], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  // Both streams in the order they came, each to be written back to its own.
  const output: { stream: NodeJS.WriteStream; chunk: Buffer }[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push({ stream: process.stdout, chunk }));
  child.stderr.on('data', (chunk: Buffer) => output.push({ stream: process.stderr, chunk }));
  return new Promise((resolve) => {
    child.on('error', (error) => {
      process.stdout.write(`${line}… failed\n`);
      console.error(`Could not run npm: ${error.message}`);
      resolve(1);
    });
    child.on('close', (code, signal) => {
      const status = code ?? 1;
      if (status === 0) {
        process.stdout.write(`${line}… done in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
        for (const { stream, chunk } of output) if (stream === process.stderr) stream.write(chunk);
      } else {
        process.stdout.write(`${line}… failed (${signal ?? `exit code ${code}`}); its output:\n`);
        for (const { stream, chunk } of output) stream.write(chunk);
      }
      resolve(status);
    });
  });
}

// The builds that are missing or stale run at once: each keeps a core busy for a few seconds, and a
// first start on two cores waits for the longer of them instead of both.
const stale = (names.length ? names : Object.keys(apps))
  .map((name) => apps[name] as Built)
  .filter((app) => {
    const builtAt = fs.existsSync(app.built) ? fs.statSync(app.built).mtimeMs : 0;
    return builtAt < Math.max(...app.sources.map(newest));
  });
const statuses = await Promise.all(
  stale.map((app) => {
    const builtBefore = fs.existsSync(app.built);
    const title = app.title.charAt(0).toUpperCase() + app.title.slice(1);
    return build(app, builtBefore ? `${title} changed since its last build: building it` : `Building ${app.title}`);
  }),
);
// Not process.exit(), which would cut short the output still on its way through a pipe.
process.exitCode = statuses.find((status) => status !== 0) ?? 0;
