import { parseArgs } from 'node:util';
import type { Config } from '../config.ts';
import { progress } from '../lib/progress.ts';
import { backup, defaultBackupName } from './backup.ts';
import { createAdminCommand } from './create-admin.ts';
import { resolveFromInvocation } from './files.ts';
import { migrateToPostgres } from './migrate-to-postgres.ts';
import { restore } from './restore.ts';

type Command = (config: Config, args: string[]) => Promise<number>;

/** parseArgs, with a mistake in the options told in one line and exit code 2. */
function parse<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch (error) {
    console.error((error as Error).message);
    return undefined;
  }
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function withProgress<T>(work: (onProgress: (phase: string, done: number, total: number) => void) => Promise<T>) {
  const shown = progress();
  try {
    return await work((phase, done, total) => shown.update(phase, done, total));
  } finally {
    shown.stop();
  }
}

const backupCommand: Command = async (config, args) => {
  const parsed = parse(() => parseArgs({ args, options: { out: { type: 'string' } } }));
  if (!parsed) return 2;
  // Like DATA_DIR: relative to where npm was started, not to the server's workspace npm runs it in.
  const out = resolveFromInvocation(parsed.values.out ?? defaultBackupName());
  const started = performance.now();
  const { file, manifest } = await withProgress((onProgress) => backup({ config, out, onProgress }));
  const counts = manifest.counts;
  console.log(
    `Backup written to ${file} in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
      `${manifest.database === 'postgres' ? 'PostgreSQL' : 'embedded'} database (${counts.products} products, ` +
      `${counts.orders} orders, ${counts.users} accounts) and ${manifest.media.files} media files (${megabytes(manifest.media.bytes)}).`,
  );
  return 0;
};

const restoreCommand: Command = async (config, args) => {
  const parsed = parse(() =>
    parseArgs({ args, allowPositionals: true, options: { force: { type: 'boolean', default: false } } }),
  );
  if (!parsed) return 2;
  const [file, ...extra] = parsed.positionals;
  if (!file || extra.length > 0) {
    console.error('Give one backup file to restore: npm run restore -- FILE [--force]');
    return 2;
  }
  const { manifest, replaced } = await withProgress((onProgress) =>
    restore({ config, file: resolveFromInvocation(file), force: parsed.values.force, onProgress }),
  );
  if (replaced.length > 0) console.log(`Replaced: ${replaced.join('; ')}.`);
  console.log(
    `Restored the backup of ${manifest.createdAt} (${manifest.counts.products} products, ${manifest.counts.orders} orders, ` +
      `${manifest.media.files} media files) into ${config.databaseUrl ? 'the database of DATABASE_URL' : config.dataDir}` +
      `${config.databaseUrl ? ` and ${config.mediaDir}` : ''}.`,
  );
  return 0;
};

const migrateToPostgresCommand: Command = async (config, args) => {
  const parsed = parse(() => parseArgs({ args, allowPositionals: true, options: {} }));
  if (!parsed) return 2;
  const [url, ...extra] = parsed.positionals;
  if (!url || extra.length > 0) {
    console.error('Give the empty PostgreSQL database to copy into: npm run migrate-to-postgres -- postgres://…');
    return 2;
  }
  const copied = await withProgress((onProgress) => migrateToPostgres({ config, url, onProgress }));
  const width = Math.max(...copied.map((c) => c.table.length));
  console.log('Rows copied (embedded → PostgreSQL):');
  for (const c of copied) console.log(`  ${c.table.padEnd(width)}  ${c.source} → ${c.target}`);
  console.log(
    `The media files stay where they are, in ${config.mediaDir}.\n` +
      `Next: set DATABASE_URL=${url} (keep DATA_DIR=${config.dataDir} for the media) and start the shop. ` +
      `The embedded database in ${config.dataDir}/pglite is left as it was; delete it once the shop runs well on PostgreSQL.`,
  );
  return 0;
};

const createAdmin: Command = async (config, args) => {
  const parsed = parse(() =>
    parseArgs({
      args,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
      },
    }),
  );
  if (!parsed) return 2;
  const { values } = parsed;
  if (!values.email) {
    console.error('--email is required');
    return 2;
  }
  const done = await createAdminCommand(
    config,
    { email: values.email, password: values.password, firstName: values['first-name'], lastName: values['last-name'] },
    { input: process.stdin, output: process.stderr },
  );
  console.log(done);
  return 0;
};

/** The commands that open the databases themselves rather than the configured, migrated one. */
export const opsCommands: Record<string, Command> = {
  backup: backupCommand,
  restore: restoreCommand,
  'migrate-to-postgres': migrateToPostgresCommand,
  // Asks the running shop when it holds the embedded database (ops/create-admin.ts).
  'create-admin': createAdmin,
};
