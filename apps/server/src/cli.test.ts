import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { migratedDataDir } from '../test/helpers.ts';
import { openDatabase } from './db/client.ts';

const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
// A shop's folder after its first start without the demo catalogue.
const dataDir = migratedDataDir('kram-cli-');
const run = (...args: string[]) =>
  spawnSync(process.execPath, [cli, ...args], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 120_000,
  });

async function withDatabase<T>(use: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>): Promise<T> {
  const db = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  try {
    return await use(db);
  } finally {
    await db.close();
  }
}
const productCount = () =>
  withDatabase(async (db) => (await db.rows<{ n: number }>(sql`select count(*)::int as n from products`))[0]?.n);

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('npm run seed', () => {
  it('builds a catalogue of the asked size with progress lines, and replaces it on a second run', async () => {
    const first = run('seed', '--products', '40', '--no-images');
    expect(first.status, first.stderr).toBe(0);
    expect(first.stderr).toMatch(/products: 40\/40 \(100%\)/);
    expect(first.stdout).toMatch(/Seeded 40 products/);
    expect(await productCount()).toBe(40);

    const second = run('seed', '--products', '25', '--no-images');
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/Replacing the existing catalogue/);
    expect(await productCount()).toBe(25);
  }, 180_000);

  it("refuses to delete shoppers' ratings with the catalogue unless told to", async () => {
    await withDatabase(async (db) => {
      await db.db.execute(
        sql`insert into users (email, password_hash) values ('rater@example.com', 'x') on conflict do nothing`,
      );
      await db.db.execute(
        sql`insert into ratings (user_id, product_id, rating)
            select u.id, (select min(id) from products), 5 from users u where u.email = 'rater@example.com'`,
      );
    });
    const refused = run('seed', '--products', '10', '--no-images');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/1 wishlist entries and ratings .* --reset/);
    expect(await productCount()).toBe(25);

    const forced = run('seed', '--products', '10', '--no-images', '--reset');
    expect(forced.status, forced.stderr).toBe(0);
    expect(await productCount()).toBe(10);
  }, 180_000);

  it('rejects a bad product count', () => {
    const bad = run('seed', '--products', 'lots');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--products/);
  });
});
