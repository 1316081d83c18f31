import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.ts';
import { DatabaseLockedError } from './db/dir-lock.ts';
import { openConfiguredDatabase } from './db/open.ts';
import { demoProductCount } from './demo/seed.ts';
import { seedCommand } from './demo/seed-command.ts';
import { singleRunner } from './infra/jobs/single-runner.ts';
import { DomainError } from './lib/domain-errors.ts';
import { PromptInterrupted } from './lib/password-prompt.ts';
import { progress } from './lib/progress.ts';
import { commandLineDirectorySync, type SyncResult } from './modules/delivery/index.ts';
import { opsCommands } from './ops/commands.ts';
import { PasswordNotChosen, ShopNotAnswering } from './ops/create-admin.ts';
import { OpsError } from './ops/manifest.ts';

const usage = `Usage: node src/cli.ts <command> [options]

Commands:
  migrate                      apply database migrations
  seed [--products N] [--no-images] [--reset] [--uncounted-stock]
                               replace the catalogue with N generated products (default ${demoProductCount});
                               --reset is needed when shoppers' wishlists, ratings or orders refer to it
  create-admin --email E [--first-name F] [--last-name L] [--password P]
                               create a staff superuser, or make the account with that e-mail one;
                               works while the shop runs. The password is asked at the terminal
                               (hidden, twice; Enter keeps an existing account's), or read as the
                               first line of standard input when that is not a terminal; --password
                               gives it on the command line instead (visible to other users of the
                               machine). A new password ends the account's sign-ins
  carrier-sync [--bundled]     fill the Nova Poshta directory (cities, branches, lockers) from its API
                               (NOVA_POSHTA_API_KEY); without a key, or with --bundled, load the
                               directory bundled with kram
  backup [--out FILE]          write the database and the media folder into one .tar.gz
                               (default kram-backup-YYYYMMDD-HHMMSS.tar.gz here); with the embedded
                               database the shop must be stopped
  restore FILE [--force]       restore a backup into an empty data folder or database
                               (--force replaces a shop that is there)
  migrate-to-postgres DATABASE_URL
                               copy the embedded shop in DATA_DIR into an empty PostgreSQL database`;

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  const config = loadConfig();
  // These open the databases themselves: a backup or a copy must not hold the embedded database's lock
  // twice, a restore must not migrate its target first, and create-admin asks the running shop when
  // that holds the lock.
  const ops = command ? opsCommands[command] : undefined;
  if (ops) return ops(config, rest);
  fs.mkdirSync(config.mediaDir, { recursive: true });
  const database = await openConfiguredDatabase(config);
  try {
    switch (command) {
      case 'migrate':
        console.log(`Migrations applied (${database.kind}).`);
        return 0;
      case 'seed':
        return await seedCommand(database, rest, config.mediaDir);
      case 'carrier-sync':
        return await carrierSync(database, rest, config.novaPoshta);
      default:
        console.error(usage);
        return 2;
    }
  } finally {
    await database.close();
  }
}

async function carrierSync(
  database: Awaited<ReturnType<typeof openConfiguredDatabase>>,
  args: string[],
  novaPoshta: { apiKey: string | undefined; apiUrl: string },
) {
  const { values } = parseArgs({
    args,
    options: { bundled: { type: 'boolean', default: false }, 'page-size': { type: 'string', default: '500' } },
  });
  const pageSize = Number(values['page-size']);
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 5000) {
    console.error('--page-size must be a whole number from 1 to 5000');
    return 2;
  }
  // Recorded in carrier_sync_runs like the server's own runs, under the same lock (409 in the back office).
  const directory = commandLineDirectorySync({ database, locks: singleRunner(database), novaPoshta });
  const shown = progress();
  const started = performance.now();
  const onProgress = (phase: string, done: number, total: number) => shown.update(phase, done, total);
  if (!novaPoshta.apiKey) console.log('NOVA_POSHTA_API_KEY is not set: loading the directory bundled with kram.');
  let source: string;
  let result: SyncResult;
  try {
    const sync = await directory.start('cli', { bundled: values.bundled, pageSize, onProgress });
    source = sync.run.source === 'api' ? 'Nova Poshta' : 'the bundled directory';
    result = await sync.finished;
  } finally {
    shown.stop();
  }
  console.log(
    `Directory synced from ${source} in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
      `${result.cities} cities, ${result.warehouses} branches and lockers ` +
      `(${result.removedCities} cities and ${result.removedWarehouses} branches no longer listed were removed).`,
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    // A refusal by a service (bad input, a broken rule) is the user's to fix: its message, exit 2.
    if (error instanceof DomainError) {
      console.error(error.message);
      process.exit(2);
    }
    if (error instanceof PromptInterrupted) process.exit(130);
    const plain =
      error instanceof ConfigError ||
      error instanceof DatabaseLockedError ||
      error instanceof OpsError ||
      error instanceof ShopNotAnswering ||
      error instanceof PasswordNotChosen;
    console.error(plain ? error.message : error);
    process.exit(1);
  },
);
