import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// react-admin's screens import their icons one module each from @mui/icons-material; the workspace
// react-admin-icons/ stands in for that package (docs/decisions/049).
describe('react-admin-icons', () => {
  const here = realpathSync(join(dirname(fileURLToPath(import.meta.url)), '../react-admin-icons'));
  const reactAdmin = createRequire(import.meta.url).resolve('react-admin');
  const uiRequire = createRequire(createRequire(reactAdmin).resolve('ra-ui-materialui'));

  it('is the @mui/icons-material react-admin is given', () => {
    expect(realpathSync(dirname(uiRequire.resolve('@mui/icons-material/package.json')))).toBe(here);
  });

  it('has every icon react-admin imports', () => {
    const dist = dirname(uiRequire.resolve('ra-ui-materialui'));
    const imported = new Set<string>();
    for (const file of readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.js')) continue;
      for (const [, name] of readFileSync(join(dist, file), 'utf8').matchAll(
        /from ['"]@mui\/icons-material\/(\w+)['"]/g,
      )) {
        imported.add(name as string);
      }
    }
    expect(imported.size).toBeGreaterThan(0);
    expect([...imported].filter((name) => !existsSync(join(here, `${name}.js`)))).toEqual([]);
  });
});
