import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, dialectBackends, freshDatabase, type TestContext } from '../../../test/helpers.ts';
import { bearer, staffUser, type TestUser } from '../../../test/users.ts';
import type { Database } from '../../db/client.ts';
import { type DemoProduct, generateDemoProducts } from '../../demo/demo-catalog.ts';
import { seedCatalog } from '../../demo/seed.ts';
import { seedCommand } from '../../demo/seed-command.ts';
import { InvalidInput } from '../../lib/domain-errors.ts';
import { catalogImport } from './index.ts';

const oldPriceMessage = 'The old price must be higher than the price.';
const skuMessage = 'A product with this SKU already exists.';

/** Two demo products, the first with its old price at its price: not above it. */
function oldPriceNotAbove(): DemoProduct[] {
  const [first, second] = generateDemoProducts(2, 3) as [DemoProduct, DemoProduct];
  return [{ ...first, is_on_promo: true, old_price: first.price }, second];
}

/** Two demo products with one SKU. */
function skuTwice(): DemoProduct[] {
  const [first, second] = generateDemoProducts(2, 3) as [DemoProduct, DemoProduct];
  return [first, { ...second, sku: first.sku }];
}

const refusal = async (write: Promise<unknown>) => {
  const error = await write.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(InvalidInput);
  return (error as InvalidInput).fields;
};

const countOf = async (database: Database, table: 'products' | 'categories') =>
  (await database.rows<{ n: number }>(sql`select count(*)::int as n from ${sql.raw(table)}`))[0]?.n;

describe.each(dialectBackends)('one set of product rules for every writer, on %s', (backend) => {
  let ctx: TestContext;
  let staff: TestUser;
  let empty: Database;
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kram-rules-'));

  beforeAll(async () => {
    ctx = await createTestContext(backend);
    staff = await staffUser(ctx.app, ctx.database);
    // The seed and the command line write a whole catalogue: they get a shop of their own, emptied.
    empty = await freshDatabase(backend);
    await catalogImport(empty).clear();
    // The command line's progress and messages.
    vi.spyOn(console, 'log').mockImplementation(() => {});
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await ctx?.close();
    await empty?.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  /** What the back office answers to a new product with the fields given, on an existing product's. */
  async function backOffice(fields: Record<string, unknown>) {
    const [product] = await ctx.database.rows<{ category_id: number; price: string }>(
      sql`select category_id, price::text as price from products order by id limit 1`,
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/products/',
      headers: bearer(staff.access),
      payload: {
        slug: `rules-${Math.random().toString(36).slice(2, 8)}`,
        sku: `KR-RULES-${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
        name: 'Куртка Правило',
        name_ru: 'Куртка Правило',
        price: product?.price,
        is_new: false,
        is_on_promo: false,
        category_id: product?.category_id,
        size_ids: [],
        color_ids: [],
        compositions: [],
        ...fields,
      },
    });
    return [res.statusCode, res.json()];
  }

  it('the back office refuses an old price not above the price, and a SKU another product holds', async () => {
    const [product] = await ctx.database.rows<{ price: string; sku: string }>(
      sql`select price::text as price, sku from products order by id limit 1`,
    );
    expect(await backOffice({ old_price: product?.price })).toEqual([400, { old_price: [oldPriceMessage] }]);
    expect(await backOffice({ sku: product?.sku })).toEqual([400, { sku: [skuMessage] }]);
  });

  it('the demo seed refuses them too, and writes nothing of its catalogue', async () => {
    const priced = oldPriceNotAbove();
    expect(await refusal(seedCatalog(empty, priced))).toEqual({ [`${priced[0]?.slug}.old_price`]: [oldPriceMessage] });
    const twice = skuTwice();
    expect(await refusal(seedCatalog(empty, twice))).toEqual({ [`${twice[1]?.slug}.sku`]: [skuMessage] });
    expect([await countOf(empty, 'products'), await countOf(empty, 'categories')]).toEqual([0, 0]);
  });

  it('the command line’s seed refuses them too (it prints the refusal and exits with 2)', async () => {
    const args = ['--products', '2', '--no-images'];
    const priced = oldPriceNotAbove();
    expect(await refusal(seedCommand(empty, args, mediaDir, () => priced))).toEqual({
      [`${priced[0]?.slug}.old_price`]: [oldPriceMessage],
    });
    const twice = skuTwice();
    expect(await refusal(seedCommand(empty, args, mediaDir, () => twice))).toEqual({
      [`${twice[1]?.slug}.sku`]: [skuMessage],
    });
    expect(await countOf(empty, 'products')).toBe(0);
    // The same products, once they keep the rules, are written.
    expect(await seedCommand(empty, args, mediaDir, () => generateDemoProducts(2, 3))).toBe(0);
    expect(await countOf(empty, 'products')).toBe(2);
  });
});
