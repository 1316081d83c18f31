import { parseArgs } from 'node:util';
import type { Database } from '../db/client.ts';
import { progress } from '../lib/progress.ts';
import { catalogImport } from '../modules/catalog/index.ts';
import { type DemoProduct, generateDemoProducts } from './demo-catalog.ts';
import { demoProductCount, seedCatalog, shopperDataOnCatalog } from './seed.ts';

/**
 * `seed`: replaces the catalogue with generated products (`generate`, the demo generator unless a test
 * gives its own), through the catalogue's own writes, so a product that breaks a rule is refused
 * (a DomainError: the command line prints it and exits with 2).
 */
export async function seedCommand(
  database: Database,
  args: string[],
  mediaDir: string,
  generate: (count: number, seed: number) => DemoProduct[] = generateDemoProducts,
): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      products: { type: 'string', default: String(demoProductCount) },
      reset: { type: 'boolean', default: false },
      'no-images': { type: 'boolean', default: false },
      // Every variant uncounted (always available): for load runs that order far more than the demo stocks.
      'uncounted-stock': { type: 'boolean', default: false },
      seed: { type: 'string', default: '1' },
    },
  });
  const count = Number(values.products);
  if (!Number.isInteger(count) || count < 1 || count > 1_000_000) {
    console.error('--products must be a whole number from 1 to 1000000');
    return 2;
  }
  const catalog = catalogImport(database);
  if (!(await catalog.isEmpty())) {
    const attached = await shopperDataOnCatalog(database);
    if (attached > 0 && !values.reset) {
      console.error(
        `${attached} wishlist entries and ratings or orders refer to the current catalogue; the wishlists and ` +
          'ratings would be deleted with it (orders keep their own copies of what was ordered). ' +
          'Run again with --reset to replace it anyway.',
      );
      return 1;
    }
    console.log('Replacing the existing catalogue…');
    await catalog.clear();
  }
  console.log(`Generating ${count} products…`);
  const items = generate(count, Number(values.seed) || 1);
  const shown = progress();
  const started = performance.now();
  try {
    await seedCatalog(database, items, {
      mediaDir: values['no-images'] ? undefined : mediaDir,
      countStock: !values['uncounted-stock'],
      onProgress: ({ phase, done, total }) => shown.update(phase, done, total),
    });
  } finally {
    shown.stop();
  }
  console.log(`Seeded ${count} products in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  return 0;
}
