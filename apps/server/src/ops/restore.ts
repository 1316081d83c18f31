import fs from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import type { OnProgress } from './backup.ts';
import { filesUnder, sha256Of } from './files.ts';
import {
  checkMigrationKnown,
  countRows,
  type Manifest,
  manifestFile,
  mediaFolder,
  OpsError,
  parseManifest,
  rowsOfDatabase,
} from './manifest.ts';
import { lockPgliteDir, pgliteDirOf } from './pglite.ts';
import { requireTool, run, tablesOf } from './postgres-tools.ts';

export interface RestoreOptions {
  config: Pick<Config, 'dataDir' | 'mediaDir' | 'databaseUrl'>;
  file: string;
  /** Replace a shop that is already there instead of refusing. */
  force?: boolean;
  onProgress?: OnProgress;
}

export interface RestoreResult {
  manifest: Manifest;
  /** What --force replaced, in words (empty when the target was empty). */
  replaced: string[];
}

/**
 * Restores a backup into an empty data folder or database. Everything is unpacked and checked in a
 * folder beside the target first and moved into place only when whole, so a damaged archive or a
 * refusal leaves the target as it was.
 */
export async function restore(options: RestoreOptions): Promise<RestoreResult> {
  const file = path.resolve(options.file);
  if (!fs.existsSync(file)) throw new OpsError(`${file} does not exist.`);
  const manifest = await readManifest(file);
  checkMigrationKnown(manifest, file);
  const target = options.config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database !== target) {
    throw new OpsError(
      manifest.database === 'pglite'
        ? `${file} holds an embedded (PGlite) shop and DATABASE_URL is set: restore it with DATABASE_URL unset, then move it with npm run migrate-to-postgres.`
        : `${file} holds a PostgreSQL shop: set DATABASE_URL to an empty PostgreSQL database to restore it into.`,
    );
  }
  return target === 'pglite' ? restorePglite(file, manifest, options) : restorePostgres(file, manifest, options);
}

/** Reads the whole archive once before touching anything: a damaged one is refused here. */
async function readManifest(file: string): Promise<Manifest> {
  let text: string | undefined;
  await guardArchive(file, () =>
    tar.t({
      file,
      strict: true,
      onReadEntry: (entry) => {
        if (entry.path !== manifestFile) return;
        const chunks: Buffer[] = [];
        entry.on('data', (c: Buffer) => chunks.push(c));
        entry.on('end', () => {
          text = Buffer.concat(chunks).toString('utf8');
        });
      },
    }),
  );
  if (text === undefined) throw new OpsError(`${file} is not a kram backup: it has no ${manifestFile}.`);
  return parseManifest(text, file);
}

async function guardArchive<T>(file: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof OpsError) throw error;
    throw new OpsError(`${file} is damaged or not a kram backup (${(error as Error).message}).`);
  }
}

/** Unpacks into `staging` and checks the dump and the media against the manifest. */
async function unpack(file: string, manifest: Manifest, staging: string, onProgress: OnProgress) {
  let media = 0;
  onProgress('media files', 0, manifest.media.files);
  await guardArchive(file, () =>
    tar.x({
      file,
      cwd: staging,
      strict: true,
      onReadEntry: (entry) => {
        if (entry.type === 'File' && entry.path.startsWith(`${mediaFolder}/`)) {
          entry.on('end', () => onProgress('media files', ++media, manifest.media.files));
        }
      },
    }),
  );
  const dump = path.join(staging, manifest.dump.file);
  const files = filesUnder(path.join(staging, mediaFolder));
  if (
    !fs.existsSync(dump) ||
    (await sha256Of(dump)) !== manifest.dump.sha256 ||
    files.length !== manifest.media.files
  ) {
    throw new OpsError(`${file} is damaged: its contents do not match its manifest.`);
  }
}

function nonEmptyDir(dir: string): boolean {
  return fs.existsSync(dir) && fs.readdirSync(dir).length > 0;
}

function refuseOrDescribe(existing: string[], force: boolean | undefined, where: string): void {
  if (existing.length > 0 && !force) {
    throw new OpsError(
      `${where} is not empty (${existing.join('; ')}): restore into an empty one, or add --force to replace it.`,
    );
  }
}

function mediaDescription(mediaDir: string): string[] {
  const count = filesUnder(mediaDir).length;
  return count > 0 ? [`${count} media files in ${mediaDir}`] : [];
}

/** Moves the unpacked media into place; what was there goes into the staging folder and is deleted with it. */
function placeMedia(staging: string, mediaDir: string): void {
  if (fs.existsSync(mediaDir)) fs.renameSync(mediaDir, path.join(staging, 'replaced-media'));
  fs.renameSync(path.join(staging, mediaFolder), mediaDir);
}

async function restorePglite(file: string, manifest: Manifest, options: RestoreOptions): Promise<RestoreResult> {
  const { dataDir, mediaDir } = options.config;
  const onProgress = options.onProgress ?? (() => {});
  const lock = lockPgliteDir(dataDir, 'run the restore');
  let staging: string | undefined;
  try {
    const pgliteDir = pgliteDirOf(dataDir);
    const replaced = [
      ...(nonEmptyDir(pgliteDir) ? [`the embedded database in ${pgliteDir}`] : []),
      ...mediaDescription(mediaDir),
    ];
    refuseOrDescribe(replaced, options.force, `The data folder ${dataDir}`);
    // Beside the target, on the same file system, so moving into place is a rename.
    staging = fs.mkdtempSync(path.join(dataDir, '.restore-'));
    await unpack(file, manifest, staging, onProgress);

    onProgress('database', 0, 1);
    const stagedDb = path.join(staging, 'pglite');
    const database = await openDatabase({
      pgliteDir: stagedDb,
      loadFrom: await fs.openAsBlob(path.join(staging, manifest.dump.file)),
    });
    try {
      await checkCounts(await countRows(rowsOfDatabase(database)), manifest, file);
    } finally {
      await database.close();
    }
    onProgress('database', 1, 1);

    if (fs.existsSync(pgliteDir)) fs.renameSync(pgliteDir, path.join(staging, 'replaced-pglite'));
    fs.renameSync(stagedDb, pgliteDir);
    placeMedia(staging, mediaDir);
    return { manifest, replaced };
  } finally {
    if (staging) fs.rmSync(staging, { recursive: true, force: true });
    lock.release();
  }
}

async function checkCounts(counts: Record<string, number>, manifest: Manifest, file: string) {
  for (const [table, count] of Object.entries(manifest.counts)) {
    if (counts[table] !== count) {
      throw new OpsError(
        `${file} did not restore whole: ${table} has ${counts[table]} rows, the backup recorded ${count}.`,
      );
    }
  }
}

async function restorePostgres(file: string, manifest: Manifest, options: RestoreOptions): Promise<RestoreResult> {
  const { dataDir, mediaDir } = options.config;
  const url = options.config.databaseUrl as string;
  const onProgress = options.onProgress ?? (() => {});
  // A custom-format dump is read by a pg_restore at least as new as the pg_dump that wrote it.
  const needed = manifest.dump.pgDumpMajor ?? 0;
  requireTool('pg_restore', needed);
  requireTool('psql', needed);
  const tables = await tablesOf(url);
  const replaced = [
    ...(tables.length > 0 ? [`${tables.length} tables in the database of DATABASE_URL`] : []),
    ...mediaDescription(mediaDir),
  ];
  refuseOrDescribe(replaced, options.force, 'The restore target');
  fs.mkdirSync(dataDir, { recursive: true });
  const staging = fs.mkdtempSync(path.join(dataDir, '.restore-'));
  try {
    await unpack(file, manifest, staging, onProgress);
    onProgress('database', 0, 1);
    // One transaction: the old tables are dropped and the backup's created together, or nothing changes.
    const clear =
      tables.length > 0
        ? 'drop schema if exists public cascade; create schema public; drop schema if exists drizzle cascade;\n'
        : '';
    await run('psql', ['--quiet', '--no-psqlrc', '--single-transaction', '-v', 'ON_ERROR_STOP=1', `--dbname=${url}`], {
      what: 'Restoring the database',
      stdinPrefix: clear,
      pipeFrom: {
        program: 'pg_restore',
        args: ['--no-owner', '--no-acl', '--file=-', path.join(staging, manifest.dump.file)],
      },
    });
    const database = await openDatabase({ url, poolSize: 1 });
    try {
      await checkCounts(await countRows(rowsOfDatabase(database)), manifest, file);
    } finally {
      await database.close();
    }
    onProgress('database', 1, 1);
    placeMedia(staging, mediaDir);
    return { manifest, replaced };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
