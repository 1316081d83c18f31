import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/**
 * `scripts/ensure-build.ts`, which `npm start` runs first, in a throwaway copy of the repository's
 * layout whose storefront "build" is a small script: it prints as much as Vite does, and fails or
 * warns when told to.
 */

const script = path.resolve(import.meta.dirname, '../../../scripts/ensure-build.ts');

const fakeBuild = `
import fs from 'node:fs';
for (let i = 1; i <= 200; i++) console.log(\`build/client/assets/file-\${i}.js   1.00 kB │ gzip: 0.50 kB\`);
if (process.env.FAKE_BUILD_WARNING) console.error('(!) Some chunks are larger than 500 kB after minification.');
if (process.env.FAKE_BUILD_FAILURE) {
  console.error('Error: could not resolve "./missing.tsx"');
  process.exitCode = 3;
} else {
  fs.mkdirSync('build/server', { recursive: true });
  fs.writeFileSync('build/server/index.js', '');
}
`;

let root: string;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'kram-ensure-build-'));
  const storefront = path.join(root, 'apps', 'storefront');
  fs.mkdirSync(path.join(root, 'scripts'));
  fs.mkdirSync(path.join(storefront, 'app'), { recursive: true });
  fs.copyFileSync(script, path.join(root, 'scripts', 'ensure-build.ts'));
  const json = (file: string, value: unknown) => fs.writeFileSync(file, JSON.stringify(value));
  json(path.join(root, 'package.json'), { name: 'fake', private: true, type: 'module', workspaces: ['apps/*'] });
  json(path.join(storefront, 'package.json'), {
    name: '@kram/storefront',
    private: true,
    type: 'module',
    scripts: { build: 'node build.mjs' },
  });
  fs.writeFileSync(path.join(storefront, 'build.mjs'), fakeBuild);
  fs.writeFileSync(path.join(storefront, 'app', 'root.tsx'), 'export {};\n');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

/** A back office beside the storefront, whose fake build writes dist/index.html. */
function addBackOffice() {
  const admin = path.join(root, 'apps', 'admin');
  fs.mkdirSync(path.join(admin, 'src'), { recursive: true });
  fs.writeFileSync(
    path.join(admin, 'package.json'),
    JSON.stringify({ name: '@kram/admin', private: true, type: 'module', scripts: { build: 'node build.mjs' } }),
  );
  fs.writeFileSync(
    path.join(admin, 'build.mjs'),
    fakeBuild
      .replace("'build/server', { recursive: true }", "'dist', { recursive: true }")
      .replace("'build/server/index.js'", "'dist/index.html'"),
  );
  fs.writeFileSync(path.join(admin, 'src', 'main.tsx'), 'export {};\n');
}

function ensureBuild(env: Record<string, string> = {}, apps = ['storefront']) {
  // Without the npm_* variables of the `npm test` around this run, which would point npm at this repository.
  const outer = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('npm_')));
  return spawnSync(process.execPath, [path.join(root, 'scripts', 'ensure-build.ts'), ...apps], {
    encoding: 'utf8',
    env: { ...outer, ...env },
  });
}

describe('ensure-build', () => {
  it('prints one line for a build, what it built and how long it took, and nothing once it is up to date', () => {
    const first = ensureBuild();
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/^Building the storefront… done in \d+\.\d s\n$/);
    expect(first.stderr).toBe('');

    const again = ensureBuild();
    expect(again.status).toBe(0);
    expect(again.stdout).toBe('');

    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(path.join(root, 'apps', 'storefront', 'app', 'root.tsx'), later, later);
    const changed = ensureBuild();
    expect(changed.stdout).toMatch(/^The storefront changed since its last build: building it… done in \d+\.\d s\n$/);
  });

  it('builds both when both are stale, each line whole, and fails when one fails', () => {
    addBackOffice();
    const both = ensureBuild({}, []);
    expect(both.status).toBe(0);
    expect(both.stdout.split('\n').sort()).toEqual([
      '',
      expect.stringMatching(/^Building the back office… done in \d+\.\d s$/),
      expect.stringMatching(/^Building the storefront… done in \d+\.\d s$/),
    ]);
    expect(fs.existsSync(path.join(root, 'apps', 'admin', 'dist', 'index.html'))).toBe(true);

    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(path.join(root, 'apps', 'storefront', 'app', 'root.tsx'), later, later);
    fs.utimesSync(path.join(root, 'apps', 'admin', 'src', 'main.tsx'), later, later);
    const failed = ensureBuild({ FAKE_BUILD_FAILURE: '1' }, []);
    expect(failed.status).toBe(3);
    expect(failed.stdout).toContain('The storefront changed since its last build: building it… failed (exit code 3)');
    expect(failed.stdout).toContain('The back office changed since its last build: building it… failed (exit code 3)');
  });

  it('shows what a build that succeeds writes to standard error: its warnings', () => {
    const built = ensureBuild({ FAKE_BUILD_WARNING: '1' });
    expect(built.status).toBe(0);
    expect(built.stdout.split('\n')).toHaveLength(2);
    expect(built.stderr).toBe('(!) Some chunks are larger than 500 kB after minification.\n');
  });

  it('shows the whole output of a build that fails, and exits with its status', () => {
    const built = ensureBuild({ FAKE_BUILD_FAILURE: '1' });
    expect(built.status).toBe(3);
    const lines = built.stdout.split('\n');
    expect(lines[0]).toBe('Building the storefront… failed (exit code 3); its output:');
    for (let i = 1; i <= 200; i++)
      expect(lines).toContain(`build/client/assets/file-${i}.js   1.00 kB │ gzip: 0.50 kB`);
    expect(built.stderr).toContain('Error: could not resolve "./missing.tsx"');
  });
});
