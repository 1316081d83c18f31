import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import * as tar from 'tar';
import type { Config } from '../config.ts';
import { filesUnder, sha256Of, totalBytes } from './files.ts';
import {
  backupFormat,
  countRows,
  latestMigration,
  type Manifest,
  manifestFile,
  mediaFolder,
  OpsError,
  pgliteDumpFile,
  postgresDumpFile,
  rowsOfDatabase,
} from './manifest.ts';
import { openStoppedPglite } from './pglite.ts';
import { requireTool, run } from './postgres-tools.ts';

export type OnProgress = (phase: string, done: number, total: number) => void;

export interface BackupOptions {
  config: Pick<Config, 'dataDir' | 'mediaDir' | 'databaseUrl'>;
  /** The archive to write; a name like kram-backup-20260101-120000.tar.gz in the current folder when unset. */
  out?: string;
  onProgress?: OnProgress;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function defaultBackupName(now = new Date()): string {
  const date = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}`;
  const time = `${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  return `kram-backup-${date}-${time}.tar.gz`;
}

type DumpFacts = Pick<Manifest, 'migration' | 'counts'> & { pgDumpMajor?: number };

/**
 * Writes the database and the media folder into one .tar.gz. The database is dumped first and the
 * media copied after, so every image a row refers to is in the archive (images are written before
 * the rows that name them and are never changed in place).
 */
export async function backup(options: BackupOptions): Promise<{ file: string; manifest: Manifest }> {
  const { config } = options;
  const file = path.resolve(options.out ?? defaultBackupName());
  if (fs.existsSync(file)) throw new OpsError(`${file} already exists; give another name with --out.`);
  const onProgress = options.onProgress ?? (() => {});
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'kram-backup-'));
  const partial = `${file}.partial`;
  try {
    const dumpFile = config.databaseUrl ? postgresDumpFile : pgliteDumpFile;
    const dumpPath = path.join(staging, dumpFile);
    fs.mkdirSync(path.dirname(dumpPath), { recursive: true });
    onProgress('database dump', 0, 1);
    const facts = config.databaseUrl
      ? await dumpPostgres(config.databaseUrl, dumpPath)
      : await dumpPglite(config.dataDir, dumpPath);
    onProgress('database dump', 1, 1);

    const media = filesUnder(config.mediaDir);
    if (media.length > 0) fs.symlinkSync(config.mediaDir, path.join(staging, mediaFolder));
    else fs.mkdirSync(path.join(staging, mediaFolder));
    const manifest: Manifest = {
      format: backupFormat,
      database: config.databaseUrl ? 'postgres' : 'pglite',
      migration: facts.migration,
      createdAt: new Date().toISOString(),
      counts: facts.counts,
      media: { files: media.length, bytes: totalBytes(config.mediaDir, media) },
      dump: {
        file: dumpFile,
        bytes: fs.statSync(dumpPath).size,
        sha256: await sha256Of(dumpPath),
        ...(facts.pgDumpMajor ? { pgDumpMajor: facts.pgDumpMajor } : {}),
      },
    };
    fs.writeFileSync(path.join(staging, manifestFile), `${JSON.stringify(manifest, null, 2)}\n`);

    let packed = 0;
    onProgress('media files', 0, media.length);
    await tar.create(
      {
        gzip: true,
        file: partial,
        cwd: staging,
        // The media folder is linked into the staging folder; its files go in, not the link.
        follow: true,
        portable: true,
        onWriteEntry: (entry) => {
          if (entry.type === 'File' && entry.path.startsWith(`${mediaFolder}/`)) {
            onProgress('media files', ++packed, media.length);
          }
        },
      },
      [manifestFile, path.dirname(dumpFile), mediaFolder],
    );
    // Only a complete archive gets the name: an interrupted backup never looks like a good one.
    fs.renameSync(partial, file);
    return { file, manifest };
  } finally {
    fs.rmSync(partial, { force: true });
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

async function dumpPglite(dataDir: string, dumpPath: string): Promise<DumpFacts> {
  const database = await openStoppedPglite(dataDir, 'run the backup');
  try {
    const rows = rowsOfDatabase(database);
    const facts = { migration: await latestMigration(rows), counts: await countRows(rows) };
    // Uncompressed: the archive around it is compressed once.
    const dump = await database.client.dumpDataDir('none');
    fs.writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
    return facts;
  } finally {
    await database.close();
  }
}

/**
 * pg_dump reads one snapshot; the counts and the migration recorded beside it are read in the same
 * snapshot (exported to pg_dump), so the manifest describes exactly the dump even while the shop runs.
 */
async function dumpPostgres(url: string, dumpPath: string): Promise<DumpFacts> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: version } = await client.query<{ v: string }>('show server_version_num');
    const serverMajor = Math.floor(Number(version[0]?.v) / 10000);
    const pgDumpMajor = requireTool('pg_dump', serverMajor);
    await client.query('begin isolation level repeatable read read only');
    const { rows: snapshot } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    const rows = async <T>(text: string) => (await client.query(text)).rows as T[];
    const facts = { migration: await latestMigration(rows), counts: await countRows(rows), pgDumpMajor };
    await run(
      'pg_dump',
      ['--format=custom', `--snapshot=${snapshot[0]?.id}`, `--file=${dumpPath}`, `--dbname=${url}`],
      { what: 'pg_dump' },
    );
    await client.query('commit');
    return facts;
  } finally {
    await client.end();
  }
}
