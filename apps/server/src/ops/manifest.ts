import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import { migrationsFolder } from '../db/client.ts';

/** A refusal or a failure the person running the command can act on: one sentence, no stack trace. */
export class OpsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OpsError';
  }
}

/** Raised when a later kram changes what a backup holds or how it is laid out. */
export const backupFormat = 1;

export const manifestFile = 'manifest.json';
export const pgliteDumpFile = 'database/pglite.tar';
export const postgresDumpFile = 'database/postgres.dump';
export const mediaFolder = 'media';

/** The tables whose row counts a backup records, to show what it holds and to check a restore. */
export const countedTables = [
  'products',
  'categories',
  'product_images',
  'users',
  'orders',
  'order_items',
  'wishlist_items',
  'ratings',
  'audit_log',
] as const;

const manifestSchema = z.object({
  format: z.number().int(),
  database: z.enum(['pglite', 'postgres']),
  migration: z.object({ tag: z.string(), createdAt: z.number() }).nullable(),
  createdAt: z.string(),
  counts: z.record(z.string(), z.number().int()),
  media: z.object({ files: z.number().int().min(0), bytes: z.number().int().min(0) }),
  dump: z.object({ file: z.string(), bytes: z.number().int(), sha256: z.string(), pgDumpMajor: z.number().optional() }),
});

export type Manifest = z.infer<typeof manifestSchema>;

export function parseManifest(text: string, archive: string): Manifest {
  let parsed: ReturnType<typeof manifestSchema.safeParse>;
  try {
    parsed = manifestSchema.safeParse(JSON.parse(text));
  } catch {
    throw new OpsError(`${archive} is not a kram backup: its manifest is not readable.`);
  }
  if (!parsed.success) throw new OpsError(`${archive} is not a kram backup: its manifest is not one kram writes.`);
  return parsed.data;
}

interface JournalEntry {
  tag: string;
  when: number;
}

/** The migrations this kram knows, oldest first. */
export function knownMigrations(): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/** Rows of a plain SQL text: the same for a Database, a snapshot's connection or a transaction. */
export type RowsOf = <T>(text: string) => Promise<T[]>;

export const rowsOfDatabase =
  (database: Database): RowsOf =>
  <T>(text: string) =>
    database.rows<T>(sql.raw(text));

/**
 * The newest migration applied to a database, as drizzle records it (the migration folder's timestamp);
 * null for a database no migration has touched.
 */
export async function latestMigration(rows: RowsOf): Promise<Manifest['migration']> {
  const [table] = await rows<{ present: boolean }>(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as present",
  );
  if (!table?.present) return null;
  const [row] = await rows<{ created_at: string | number }>(
    'select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
  );
  if (!row) return null;
  const createdAt = Number(row.created_at);
  const known = knownMigrations().find((m) => m.when === createdAt);
  return { tag: known?.tag ?? 'unknown', createdAt };
}

/** Refuses a backup whose database has a migration this kram does not have (made by a newer kram). */
export function checkMigrationKnown(manifest: Manifest, archive: string): void {
  if (manifest.format > backupFormat) {
    throw new OpsError(`${archive} was written by a newer kram (backup format ${manifest.format}); update kram first.`);
  }
  if (manifest.migration && !knownMigrations().some((m) => m.when === manifest.migration?.createdAt)) {
    throw new OpsError(
      `${archive} holds a database migrated by a newer kram (migration ${manifest.migration.tag}); ` +
        'update kram to that version or later before restoring it.',
    );
  }
}

/** Row counts of the counted tables, read through `rows` (a plain query or one inside a snapshot). */
export async function countRows(rows: RowsOf): Promise<Record<string, number>> {
  const select = countedTables.map((t) => `(select count(*) from "${t}")::int as "${t}"`).join(', ');
  const [row] = await rows<Record<string, number>>(`select ${select}`);
  return { ...row };
}
