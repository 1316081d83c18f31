import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDatabase } from '../../../test/global-setup.ts';
import { dialectBackends, freshDatabase } from '../../../test/helpers.ts';
import type { Database } from '../../db/client.ts';
import { catalogRepository } from './catalog.repository.ts';
import { type CatalogService, catalogService } from './catalog.service.ts';
import { productSearchKeys } from './search-text.ts';

/** Renames a product as the catalogue writer would: its name and its search keys together. */
async function rename(database: Database, id: number, name: string) {
  const { searchName } = productSearchKeys({ name, nameRu: name, sku: `SKU-${id}`, texts: [] });
  await database.rows(sql`update products set name = ${name}, name_ru = ${name}, search_name = ${searchName}
    where id = ${id}`);
}

const firstHit = async (catalog: CatalogService, text: string) =>
  (
    await catalog.listProducts(
      { search: text, page: 1, limit: 12, sort: 'default' } as Parameters<CatalogService['listProducts']>[0],
      null,
    )
  ).results.products[0];

describe.each(dialectBackends)('the search index follows the catalogue on %s', (backend) => {
  let database: Database;
  let catalog: CatalogService;
  const built: number[] = [];
  const updated: number[] = [];
  let ids: number[];

  beforeAll(async () => {
    database = await freshDatabase(backend);
    catalog = catalogService(catalogRepository(database), {
      // Only this process's writes (changed()) make it look at the catalogue again.
      cacheCheckIntervalMs: 60_000,
      observer: {
        indexBuilt: (index) => built.push(index.documents),
        indexUpdated: (update) => updated.push(update.products),
      },
    });
    await catalog.warm();
    ids = (await database.rows<{ id: number }>(sql`select id from products order by id limit 3`)).map((r) => r.id);
  });
  afterAll(() => database?.close());

  it('applies a renamed product without indexing the catalogue again', async () => {
    expect(built).toHaveLength(1);
    const [id] = ids as [number];
    await rename(database, id, 'Плащ-намет Зорепад');
    catalog.cache.changed();
    expect((await firstHit(catalog, 'зорепад'))?.id).toBe(id);
    // A typo on the Cyrillic word, and the name's new words in suggestions.
    expect((await firstHit(catalog, 'зорнпад'))?.id).toBe(id);
    expect((await catalog.suggest('зорепа')).products.map((p) => p.id)).toEqual([id]);
    expect(built).toHaveLength(1);
    expect(updated.at(-1)).toBe(1);
  });

  it('forgets a product removed, and the words only it had', async () => {
    const [, id] = ids as [number, number];
    await rename(database, id, 'Казанок Вогнецвіт');
    catalog.cache.changed();
    expect((await firstHit(catalog, 'вогнецвіт'))?.id).toBe(id);
    await database.rows(sql`delete from product_images where product_id = ${id}`);
    await database.rows(sql`delete from product_sizes where product_id = ${id}`);
    await database.rows(sql`delete from product_colors where product_id = ${id}`);
    await database.rows(sql`delete from compositions where product_id = ${id}`);
    await database.rows(sql`delete from products where id = ${id}`);
    catalog.cache.changed();
    expect(await firstHit(catalog, 'вогнецвіт')).toBeUndefined();
    expect(built).toHaveLength(1);
  });

  it('gives a page the product as written, not as it was read before', async () => {
    const [, , id] = ids as [number, number, number];
    const before = await catalog.productsByIds([id], null);
    await rename(database, id, 'Ліхтар Світанок');
    catalog.cache.changed();
    const found = await firstHit(catalog, 'світанок');
    expect(found?.id).toBe(id);
    expect(found?.name).toBe('Ліхтар Світанок');
    expect(found?.name).not.toBe(before[0]?.name);
  });

  it('follows a category renamed: its products show the new path', async () => {
    const [row] = await database.rows<{ id: number; category_id: number; path: string }>(
      sql`select p.id, p.category_id, c.path from products p join categories c on c.id = p.category_id
          where not exists (select 1 from categories k where k.parent_id = c.id) order by p.id limit 1`,
    );
    if (!row) throw new Error('the demo catalogue has products in leaf categories');
    await rename(database, row.id, 'Жилет Перевесло');
    await database.rows(
      sql`update categories set slug = slug || '-new', path = path || '-new' where id = ${row.category_id}`,
    );
    catalog.cache.changed();
    const suggested = await catalog.suggest('перевесло');
    expect(suggested.products[0]?.category_full_path).toBe(`${row.path}-new`);
    expect(built).toHaveLength(1);
  });

  it('indexes anew only when the whole catalogue was emptied', async () => {
    await database.rows(sql`truncate product_images, compositions, product_colors, product_sizes, products cascade`);
    catalog.cache.changed();
    expect(await firstHit(catalog, 'зорепад')).toBeUndefined();
    expect(built).toEqual([built[0], 0]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two processes on one PostgreSQL database', () => {
  let database: Database;
  let server: ChildProcess | undefined;
  let output = '';
  let dataDir: string | undefined;

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.on('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await database?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("has an edit made through one in the other's search within a second", async () => {
    database = await freshDatabase('postgres');
    const [{ name }] = (await database.rows<{ name: string }>(sql`select current_database() as name`)) as [
      { name: string },
    ];
    const url = withDatabase(process.env.TEST_DATABASE_URL as string, name);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kram-two-'));
    server = spawn(process.execPath, [fileURLToPath(new URL('../../server.ts', import.meta.url))], {
      env: {
        PATH: process.env.PATH ?? '',
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
        HOST: '127.0.0.1',
        PORT: '0',
        SHUTDOWN_DRAIN_SECONDS: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (d) => {
      output += d;
    });
    server.stderr?.on('data', (d) => {
      output += d;
    });
    const until = Date.now() + 60_000;
    let port: number | undefined;
    while (port === undefined) {
      if (Date.now() > until || server.exitCode !== null) throw new Error(`the server did not start:\n${output}`);
      const match = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match) port = Number(match[1]);
      await new Promise((r) => setTimeout(r, 50));
    }
    const search = async (text: string) => {
      const res = await fetch(`http://127.0.0.1:${port}/api/products?search=${encodeURIComponent(text)}&limit=12`);
      const body = await res.json();
      if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(body)}\n${output}`);
      return body as { count: number; results: { products: { id: number }[] } };
    };
    // Ready once the index is built.
    while ((await fetch(`http://127.0.0.1:${port}/api/ready`)).status !== 200) {
      if (Date.now() > until) throw new Error(`the server did not become ready:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const [{ id }] = (await database.rows<{ id: number }>(sql`select id from products order by id limit 1`)) as [
      { id: number },
    ];
    expect((await search('зорепад')).count).toBe(0);

    // This process writes; the server process only hears of it from the database.
    const written = performance.now();
    await rename(database, id, 'Плащ-намет Зорепад');
    let seen = (await search('зорепад')).results.products[0]?.id;
    while (seen !== id && performance.now() - written < 5000) {
      await new Promise((r) => setTimeout(r, 20));
      seen = (await search('зорепад')).results.products[0]?.id;
    }
    const took = performance.now() - written;
    expect(seen).toBe(id);
    expect(took).toBeLessThan(1000);
  });
});
