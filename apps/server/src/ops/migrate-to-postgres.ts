import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { type Database, type Executor, openDatabase } from '../db/client.ts';
import type { OnProgress } from './backup.ts';
import { OpsError } from './manifest.ts';
import { openStoppedPglite } from './pglite.ts';
import { tablesOf } from './postgres-tools.ts';
import { foreignKeySafeOrder, type SchemaTable, schemaTables } from './schema-tables.ts';

export interface MigrateToPostgresOptions {
  config: Pick<Config, 'dataDir'>;
  url: string;
  batchSize?: number;
  onProgress?: OnProgress;
}

export interface CopiedTable {
  table: string;
  source: number;
  target: number;
}

/**
 * Copies the embedded shop in DATA_DIR into an empty PostgreSQL database: the target is migrated to
 * the same schema, then every table is copied in one transaction, so the target ends up with the whole
 * shop or nothing.
 */
export async function migrateToPostgres(options: MigrateToPostgresOptions): Promise<CopiedTable[]> {
  const { url } = options;
  if (!/^postgres(ql)?:\/\//.test(url)) {
    throw new OpsError('The target must be a postgres:// or postgresql:// URL.');
  }
  const onProgress = options.onProgress ?? (() => {});
  const source = await openStoppedPglite(options.config.dataDir, 'run migrate-to-postgres');
  try {
    // The shop would do this on its next start; the copy needs both sides on the same schema.
    await source.migrate();
    let existing: string[];
    try {
      existing = await tablesOf(url);
    } catch (error) {
      throw new OpsError(`Could not connect to ${url}: ${(error as Error).message}.`);
    }
    if (existing.length > 0) {
      throw new OpsError(
        `The PostgreSQL database already has ${existing.length} tables (${existing.slice(0, 3).join(', ')}…): give an empty database.`,
      );
    }
    const target = await openDatabase({ url, poolSize: 1 });
    try {
      await target.migrate();
      const copied = await target.db.transaction((tx) =>
        copyTables(source, tx, foreignKeySafeOrder(schemaTables()), options.batchSize ?? 1000, onProgress),
      );
      await target.db.execute(sql`analyze`);
      return copied;
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}

const rowsOf = async <T>(executor: Executor, query: ReturnType<typeof sql>) =>
  ((await executor.execute(query)) as unknown as { rows: T[] }).rows;

async function copyTables(
  source: Database,
  tx: Executor,
  tables: SchemaTable[],
  batchSize: number,
  onProgress: OnProgress,
): Promise<CopiedTable[]> {
  const list = sql.join(
    tables.map((t) => sql.identifier(t.name)),
    sql`, `,
  );
  // The copies are exact: triggers that keep derived values, counters or the catalogue's change log
  // would change them on the way (emptying the products would log a change), so they are off until
  // each table is copied.
  for (const table of tables) await tx.execute(sql`alter table ${sql.identifier(table.name)} disable trigger user`);
  // Rows the migrations wrote (the catalogue's version counter) make way for the shop's own.
  await tx.execute(sql`truncate table ${list}`);
  const copied: CopiedTable[] = [];
  for (const table of tables) {
    const name = sql.identifier(table.name);
    const columns = await rowsOf<{ name: string }>(
      tx,
      sql`select column_name as name from information_schema.columns
          where table_schema = 'public' and table_name = ${table.name} and is_generated = 'NEVER'
          order by ordinal_position`,
    );
    const columnList = sql.join(
      columns.map((c) => sql.identifier(c.name)),
      sql`, `,
    );
    const [counted] = await source.rows<{ n: number }>(sql`select count(*)::int as n from ${name}`);
    const total = counted?.n ?? 0;
    // A row may name a row of its own table that comes later: one statement checks the references at
    // its end, so such a table goes in one batch.
    const limit = table.refersToItself ? Math.max(total, 1) : batchSize;
    let after = '(0,0)';
    let done = 0;
    onProgress(table.name, 0, total);
    while (done < total) {
      // Paged by physical position: the source is closed to everyone else, so it does not move.
      const [batch] = await source.rows<{ rows: string | null; last: string | null; n: number }>(
        sql`with b as (select ctid as row_position, t.* from ${name} t where ctid > ${after}::tid order by ctid limit ${limit})
            select (select jsonb_agg(to_jsonb(b) - 'row_position')::text from b) as rows,
                   (select max(row_position)::text from b) as last, (select count(*)::int from b) as n`,
      );
      if (!batch?.rows || !batch.last || batch.n === 0) break;
      await tx.execute(
        sql`insert into ${name} (${columnList}) overriding system value
            select ${columnList} from jsonb_populate_recordset(null::${name}, ${batch.rows}::jsonb)`,
      );
      after = batch.last;
      done += batch.n;
      onProgress(table.name, done, total);
    }
    await tx.execute(sql`alter table ${name} enable trigger user`);
    await resetSequences(tx, table.name);
    const [inTarget] = await rowsOf<{ n: number }>(tx, sql`select count(*)::int as n from ${name}`);
    copied.push({ table: table.name, source: total, target: inTarget?.n ?? 0 });
  }
  const short = copied.filter((c) => c.source !== c.target);
  if (short.length > 0) {
    throw new OpsError(
      `The copy did not match, nothing was written: ${short.map((c) => `${c.table} ${c.target}/${c.source}`).join(', ')}.`,
    );
  }
  return copied;
}

/** New rows in PostgreSQL must get ids after the copied ones: every serial/identity goes past the largest. */
async function resetSequences(tx: Executor, table: string) {
  const sequences = await rowsOf<{ col: string; seq: string }>(
    tx,
    sql`select a.attname as col, pg_get_serial_sequence(quote_ident(${table}), a.attname) as seq
        from pg_attribute a
        where a.attrelid = quote_ident(${table})::regclass and a.attnum > 0 and not a.attisdropped
          and pg_get_serial_sequence(quote_ident(${table}), a.attname) is not null`,
  );
  for (const { col, seq } of sequences) {
    await tx.execute(
      sql`select setval(${seq}, coalesce((select max(${sql.identifier(col)}) from ${sql.identifier(table)}), 0) + 1, false)`,
    );
  }
}
