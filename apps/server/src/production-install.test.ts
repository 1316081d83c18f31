import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder } from './ops/files.ts';
import { defaultStorefrontBuildDir } from './plugins/storefront.ts';

/*
 * A production server installs the server's, the contract's and the storefront's dependencies only
 * (`npm ci && npm run build && npm ci --omit=dev`): every package the running process loads must be
 * one of those, or the process fails there while every test passes beside the dev tools.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
const installed = new Set([
  ...Object.keys(readJson('apps/server/package.json').dependencies),
  ...Object.keys(readJson('packages/contract/package.json').dependencies),
]);
const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

/** The package a specifier names: `@scope/name` or `name`, without a subpath. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] as string);
}

/**
 * Packages a module imports: statements at a line's start (`import … from`, `export … from`, bare
 * `import '…'`, as our sources and Rolldown's output write them) and `import('…')`/`require('…')`
 * calls, without relative paths and Node's own modules. Text that only looks like an import inside a
 * string of a bundled library (React Router's messages quote `from "~/context"`) starts no line.
 */
function importedPackages(source: string): string[] {
  const specifiers = [
    ...source.matchAll(/^(?:import|export)\b[^;'"`]*?\bfrom\s*["']([^"']+)["']/gm),
    ...source.matchAll(/^import\s*["']([^"']+)["']/gm),
    ...source.matchAll(/\b(?:import|require)\(\s*["']([^"']+)["']\s*\)/g),
  ].map((match) => match[1] as string);
  return specifiers.filter((s) => packageName.test(s) && !builtins.has(s)).map(packageOf);
}
const packageName = /^(?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(?:\/|$)/;

/** The files under `dir` that `keep` accepts, as full paths. */
const filesIn = (dir: string, keep: (file: string) => boolean): string[] =>
  filesUnder(dir)
    .filter(keep)
    .map((file) => path.join(dir, file));

describe('what a production install carries', () => {
  it("the server's own modules import only the server's and the contract's dependencies", () => {
    const sources = [
      ...filesIn(path.join(root, 'apps/server/src'), (f) => f.endsWith('.ts') && !f.endsWith('.test.ts')),
      ...filesIn(path.join(root, 'packages/contract/src'), (f) => f.endsWith('.ts') && !f.endsWith('.test.ts')),
    ];
    expect(sources.length).toBeGreaterThan(100);
    const missing = sources.flatMap((file) =>
      importedPackages(fs.readFileSync(file, 'utf8'))
        .filter((name) => name !== '@kram/contract' && !installed.has(name))
        .map((name) => `${path.relative(root, file)}: ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it("the storefront's server build imports only Node's modules, the contract and the storefront's dependencies", () => {
    const storefront = new Set(Object.keys(readJson('apps/storefront/package.json').dependencies));
    const built = filesIn(path.join(defaultStorefrontBuildDir, 'server'), (f) => f.endsWith('.js'));
    expect(built.length).toBeGreaterThan(0);
    const imports = new Set(built.flatMap((file) => importedPackages(fs.readFileSync(file, 'utf8'))));
    expect(imports).toContain('react');
    expect([...imports].filter((name) => name !== '@kram/contract' && !storefront.has(name))).toEqual([]);
  });

  it('reads imports as Node does, so that the checks above can fail', () => {
    expect(
      importedPackages(
        "import a from 'react';\nimport { b } from \"@mui/material/Button\";\nexport * from 'zod/v4';\nimport './x.css';\nimport 'isbot';\nconst c = require('lodash/get');\nawait import('sharp');\nimport fs from 'node:fs';\nimport util from 'util';",
      ),
    ).toEqual(['react', '@mui/material', 'zod', 'isbot', 'lodash', 'sharp']);
    expect(
      importedPackages('const message = `use it as\\n  import { x } from "~/context"`;\nrequire("~/auth");'),
    ).toEqual([]);
  });
});
