import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectBackends } from '../../test/helpers.ts';
import { buildShop, emptyPostgresDatabase, mediaContents, shopConfig, tableContents } from '../../test/shop.ts';
import type { Config } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { backup } from './backup.ts';
import { OpsError } from './manifest.ts';
import { pgliteDirOf } from './pglite.ts';
import { restore } from './restore.ts';

const cli = fileURLToPath(new URL('../cli.ts', import.meta.url));
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'kram-backup-test-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
let dirs = 0;
const freshDir = () => fs.mkdtempSync(path.join(scratch, `${++dirs}-`));

/** The database a configuration names, opened without migrating (a restore must not need one). */
const openTarget = (config: Config) =>
  config.databaseUrl
    ? openDatabase({ url: config.databaseUrl, poolSize: 2 })
    : openDatabase({ pgliteDir: pgliteDirOf(config.dataDir) });

async function contentsOf(config: Config) {
  const database = await openTarget(config);
  try {
    return { tables: await tableContents(database), media: await mediaContents(config.mediaDir) };
  } finally {
    await database.close();
  }
}

describe.each(dialectBackends)('backup and restore on %s', (backend) => {
  const drops: (() => Promise<void>)[] = [];
  /** A new place to restore into: an empty data folder, with an empty database for PostgreSQL. */
  async function freshTarget(): Promise<Config> {
    if (backend === 'pglite') return shopConfig(freshDir());
    const target = await emptyPostgresDatabase();
    drops.push(target.drop);
    return shopConfig(freshDir(), target.url);
  }

  let source: Config;
  let original: Awaited<ReturnType<typeof contentsOf>>;
  let archive: string;
  const phases = new Set<string>();

  beforeAll(async () => {
    source = await freshTarget();
    const database: Database = await openTarget(source);
    try {
      await database.migrate();
      await buildShop(database, source);
    } finally {
      await database.close();
    }
    original = await contentsOf(source);
    archive = path.join(freshDir(), 'shop.tar.gz');
    await backup({ config: source, out: archive, onProgress: (phase) => phases.add(phase) });
  });
  afterAll(async () => {
    for (const drop of drops) await drop();
  });

  it('holds a shop with orders and images; restored elsewhere, every row and every media file is the same', async () => {
    expect(Number(JSON.parse(original.tables.orders ?? '[]').length)).toBe(2);
    expect(Object.keys(original.media).length).toBeGreaterThan(10);
    expect([...phases]).toEqual(['database dump', 'media files']);

    const target = await freshTarget();
    const result = await restore({ config: target, file: archive });
    expect(result.replaced).toEqual([]);
    expect(result.manifest).toMatchObject({
      database: backend,
      counts: { orders: 2, products: 8, wishlist_items: 1, ratings: 1 },
      media: { files: Object.keys(original.media).length },
    });
    expect(result.manifest.counts.audit_log).toBeGreaterThan(0);
    const restored = await contentsOf(target);
    expect(restored.tables).toEqual(original.tables);
    expect(restored.media).toEqual(original.media);
    // Nothing of the unpacking is left beside the restored shop.
    expect(fs.readdirSync(target.dataDir).filter((f) => f.startsWith('.restore-'))).toEqual([]);
  });

  it('refuses a target that holds a shop, and replaces it with --force, saying what it replaced', async () => {
    const target = await freshTarget();
    await restore({ config: target, file: archive });
    const stray = path.join(target.mediaDir, 'products', 'stray.webp');
    fs.writeFileSync(stray, 'not from the backup');

    const refusal = await restore({ config: target, file: archive }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(OpsError);
    expect((refusal as OpsError).message).toMatch(
      /is not empty \(.*media files.*\): restore into an empty one, or add --force to replace it\.$/,
    );
    expect(fs.existsSync(stray)).toBe(true);

    const forced = await restore({ config: target, file: archive, force: true });
    expect(forced.replaced.join('; ')).toMatch(
      backend === 'pglite'
        ? /the embedded database in .*; \d+ media files/
        : /\d+ tables in the database of DATABASE_URL; \d+ media files/,
    );
    expect(fs.existsSync(stray)).toBe(false);
    const restored = await contentsOf(target);
    expect(restored.tables).toEqual(original.tables);
    expect(restored.media).toEqual(original.media);
  });

  it('refuses a damaged archive and leaves the target as it was', async () => {
    const bytes = fs.readFileSync(archive);
    const truncated = path.join(freshDir(), 'truncated.tar.gz');
    fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const flipped = path.join(freshDir(), 'flipped.tar.gz');
    const changed = Buffer.from(bytes);
    const at = Math.floor(bytes.length / 3);
    for (let i = at; i < at + 16; i++) changed[i] = (changed[i] ?? 0) ^ 0xff;
    fs.writeFileSync(flipped, changed);
    const notAnArchive = path.join(freshDir(), 'notes.tar.gz');
    fs.writeFileSync(notAnArchive, 'shopping list');

    for (const file of [truncated, flipped, notAnArchive]) {
      const target = await freshTarget();
      await expect(restore({ config: target, file })).rejects.toThrow(/is damaged or not a kram backup/);
      expect(fs.existsSync(target.dataDir) ? fs.readdirSync(target.dataDir) : []).toEqual([]);
      if (target.databaseUrl) {
        const database = await openTarget(target);
        expect(Object.keys(await tableContents(database))).toEqual([]);
        await database.close();
      }
    }
  });

  it('refuses a backup made by a newer kram', async () => {
    const unpacked = freshDir();
    await tar.x({ file: archive, cwd: unpacked });
    const manifest = JSON.parse(fs.readFileSync(path.join(unpacked, 'manifest.json'), 'utf8'));
    manifest.migration = { tag: '0099_from_the_future', createdAt: manifest.migration.createdAt + 1 };
    fs.writeFileSync(path.join(unpacked, 'manifest.json'), JSON.stringify(manifest));
    const newer = path.join(freshDir(), 'newer.tar.gz');
    await tar.c({ gzip: true, file: newer, cwd: unpacked }, fs.readdirSync(unpacked));

    const target = await freshTarget();
    await expect(restore({ config: target, file: newer })).rejects.toThrow(
      /migrated by a newer kram \(migration 0099_from_the_future\); update kram/,
    );
  });
});

describe('backup and restore of the embedded database', () => {
  it('says the shop must be stopped while it has the database open', async () => {
    const config = shopConfig(freshDir());
    const running = await openDatabase({ pgliteDir: pgliteDirOf(config.dataDir) });
    try {
      await expect(backup({ config, out: path.join(freshDir(), 'b.tar.gz') })).rejects.toThrow(
        /The shop is running \(process \d+ has the embedded database open\): stop it, then run the backup again/,
      );
      await expect(restore({ config, file: path.join(freshDir(), 'missing.tar.gz') })).rejects.toThrow(
        /does not exist/,
      );
    } finally {
      await running.close();
    }
  });

  it('points a PGlite backup restored where DATABASE_URL is set at migrate-to-postgres', async () => {
    const source = shopConfig(freshDir());
    const database = await openTarget(source);
    await database.migrate();
    await database.close();
    const archive = path.join(freshDir(), 'small.tar.gz');
    await backup({ config: source, out: archive });
    // Refused before any connection is made: the address need not answer.
    const target = shopConfig(freshDir(), 'postgres://nobody@127.0.0.1:1/none');
    await expect(restore({ config: target, file: archive })).rejects.toThrow(
      /holds an embedded \(PGlite\) shop and DATABASE_URL is set: .*npm run migrate-to-postgres/,
    );
  });

  it('from the command line: a relative --out is where npm was started, and a refusal is one line and exit 1', async () => {
    const source = shopConfig(freshDir());
    const database = await openTarget(source);
    await database.migrate();
    await database.close();
    const startedIn = freshDir();
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [cli, ...args], {
        env: { PATH: process.env.PATH ?? '', DATA_DIR: source.dataDir, INIT_CWD: startedIn, LOG_LEVEL: 'silent' },
        encoding: 'utf8',
        timeout: 120_000,
      });

    const made = run('backup', '--out', 'mine.tar.gz');
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/Backup written to .*mine\.tar\.gz/);
    expect(made.stderr).toMatch(/database dump: 1\/1 \(100%\)/);
    expect(fs.existsSync(path.join(startedIn, 'mine.tar.gz'))).toBe(true);

    const refused = run('restore', 'mine.tar.gz');
    expect(refused.status).toBe(1);
    expect(refused.stderr.trim()).toMatch(
      /^The data folder .* is not empty \(the embedded database in .*\): .*--force to replace it\.$/,
    );
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
  }, 60_000);
});
