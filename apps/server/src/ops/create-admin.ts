import { email as emailRule, passwordLength } from '@kram/contract/validation';
import type { Config } from '../config.ts';
import { DatabaseLockedError } from '../db/dir-lock.ts';
import { openConfiguredDatabase } from '../db/open.ts';
import { askRunningShop, controlSocketPath, NoShopListening } from '../infra/control/control-channel.ts';
import { InvalidInput } from '../lib/domain-errors.ts';
import { readHidden, readLine } from '../lib/password-prompt.ts';
import { type AdminInput, createAdminCommands } from '../modules/accounts/index.ts';

/** Where the command makes its change: the database itself, or the running shop that holds it. */
interface AdminTarget {
  exists(email: string): Promise<boolean>;
  create(input: AdminInput): Promise<{ outcome: 'created' | 'promoted'; id: number }>;
  close(): Promise<void>;
}

/** A shop holds the embedded database and cannot be asked to make the change. */
export class ShopNotAnswering extends Error {
  constructor(locked: DatabaseLockedError, socketPath: string) {
    super(
      `The embedded database is in use by the shop (pid ${locked.pid}), which does not answer on ${socketPath}: ` +
        'it may still be starting (try again once it serves), or be an older kram (stop it, then run this again).',
    );
    this.name = 'ShopNotAnswering';
  }
}

/**
 * The database directly when it can be opened: PostgreSQL always, the embedded one when no shop
 * runs on the data folder. When a shop holds the embedded one, the shop is asked over its control
 * channel (infra/control), which only the shop's own user can reach.
 */
async function openTarget(config: Config): Promise<AdminTarget> {
  try {
    const database = await openConfiguredDatabase(config);
    const commands = createAdminCommands(database);
    return {
      exists: async (email) => (await commands['account-exists']({ email })).exists,
      create: (input) => commands['create-admin'](input),
      close: () => database.close(),
    };
  } catch (error) {
    if (!(error instanceof DatabaseLockedError)) throw error;
    const ask = async (command: string, input: unknown) => {
      try {
        return await askRunningShop(config.dataDir, command, input);
      } catch (failure) {
        if (failure instanceof NoShopListening) throw new ShopNotAnswering(error, controlSocketPath(config.dataDir));
        throw failure;
      }
    };
    return {
      exists: async (email) => ((await ask('account-exists', { email })) as { exists: boolean }).exists,
      create: async (input) => (await ask('create-admin', input)) as { outcome: 'created' | 'promoted'; id: number },
      close: async () => {},
    };
  }
}

export interface PromptIo {
  input: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };
  output: NodeJS.WritableStream;
}

const tries = 3;

/**
 * The password, asked at a terminal without echo and twice (a typo would lock the owner out), or read
 * as the first line of standard input when it is not a terminal. Undefined keeps an existing account's
 * password (Enter at the prompt, or an empty input).
 */
export async function askPassword(email: string, exists: boolean, io: PromptIo): Promise<string | undefined> {
  if (!io.input.isTTY) return (await readLine(io.input)) || undefined;
  const question = exists
    ? `New password for ${email} (Enter keeps the current one): `
    : `Password for the new account ${email}: `;
  for (let attempt = 0; attempt < tries; attempt++) {
    const password = await readHidden(question, io.input, io.output);
    if (password === '' && exists) return undefined;
    const length = Array.from(password).length;
    if (length < passwordLength.min || length > passwordLength.max) {
      io.output.write(`The password must be ${passwordLength.min} to ${passwordLength.max} characters long.\n`);
      continue;
    }
    if ((await readHidden('The same password again: ', io.input, io.output)) === password) return password;
    io.output.write('The two passwords differ.\n');
  }
  throw new PasswordNotChosen();
}

export class PasswordNotChosen extends Error {
  constructor() {
    super(`No password chosen after ${tries} tries; nothing was changed.`);
    this.name = 'PasswordNotChosen';
  }
}

export interface AdminRequest {
  email: string;
  /** Given on the command line (scripts); otherwise asked. */
  password?: string;
  firstName?: string;
  lastName?: string;
}

/** Creates a staff superuser, or makes the account with the e-mail one; returns the line to print. */
export async function createAdminCommand(config: Config, request: AdminRequest, io: PromptIo): Promise<string> {
  // Refused before a password is asked for, in the service's words.
  const email = emailRule.safeParse(request.email);
  if (!email.success) throw new InvalidInput({ '--email': email.error.issues.map((issue) => issue.message) });
  const target = await openTarget(config);
  try {
    const password = request.password ?? (await askPassword(request.email, await target.exists(request.email), io));
    const { outcome, id } = await target.create({ ...request, password });
    return `${outcome === 'created' ? 'Created' : 'Promoted'} staff superuser #${id} (${request.email}).`;
  } finally {
    await target.close();
  }
}
