import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migratedDataDir, testJwtSecret } from '../../test/helpers.ts';
import { signIn } from '../../test/users.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { controlSocketPath } from '../infra/control/control-channel.ts';
import { PromptInterrupted } from '../lib/password-prompt.ts';
import { askPassword, PasswordNotChosen } from './create-admin.ts';

const cli = fileURLToPath(new URL('../cli.ts', import.meta.url));
const serverEntry = fileURLToPath(new URL('../server.ts', import.meta.url));
const children: ChildProcess[] = [];
const dirs: string[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A shop's data folder after its first start without the demo catalogue. */
function dataDir() {
  const dir = migratedDataDir('kram-admin-');
  dirs.push(dir);
  return dir;
}

/** `node src/cli.ts …` with `stdin` piped in (a script's way to give the password), or no input at all. */
function run(args: string[], env: Record<string, string>, stdin?: string) {
  const child = spawn(process.execPath, [cli, ...args], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', JWT_SECRET: testJwtSecret, ...env },
    stdio: [stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  if (stdin !== undefined) child.stdin?.end(stdin);
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, output })),
  );
}

/** The shop as `npm start` runs it, on its own port, without the demo catalogue. */
async function startShop(env: Record<string, string>) {
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      SHUTDOWN_DRAIN_SECONDS: '0',
      JWT_SECRET: testJwtSecret,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const until = Date.now() + 60_000;
  while (!/kram is serving/.test(output)) {
    if (Date.now() > until || child.exitCode !== null) throw new Error(`the shop did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const port = Number(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1]);
  const stop = async () => {
    child.kill('SIGTERM');
    return exited;
  };
  return { port, output: () => output, stop };
}

async function login(port: number, email: string, password: string) {
  const answer = await fetch(`http://127.0.0.1:${port}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email_or_phone: email, password }),
  });
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

describe('npm run create-admin with the embedded database', { timeout: 120_000 }, () => {
  it('works with the shop stopped: creates, promotes and re-passwords by e-mail, the password piped in', async () => {
    const env = { DATA_DIR: dataDir() };
    const created = await run(['create-admin', '--email', 'Admin@Example.com'], env, 'first pw\n');
    expect(created).toEqual({
      code: 0,
      output: expect.stringMatching(/^Created staff superuser #\d+ \(Admin@Example\.com\)\.\n$/),
    });
    // A script that cannot pipe may still give it on the command line.
    const again = await run(['create-admin', '--email', 'admin@example.com', '--password', 'second-pw'], env);
    expect(again).toEqual({ code: 0, output: expect.stringMatching(/^Promoted staff superuser #\d+/) });
    // No input: an existing account keeps its password.
    expect(await run(['create-admin', '--email', 'admin@example.com'], env, '')).toMatchObject({ code: 0 });
    expect(await run(['create-admin', '--password', 'whatever1'], env)).toEqual({
      code: 2,
      output: expect.stringContaining('--email is required'),
    });
    expect(await run(['create-admin', '--email', 'new@example.com'], env, '')).toEqual({
      code: 2,
      output: '--password: required to create an account\n',
    });
    expect(await run(['create-admin', '--email', 'not-an-email'], env, 'secret12\n')).toEqual({
      code: 2,
      output: '--email: validation.invalid_email\n',
    });

    const database = await openDatabase({ pgliteDir: path.join(env.DATA_DIR, 'pglite') });
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: env.DATA_DIR,
      JWT_SECRET: testJwtSecret,
      LOG_LEVEL: 'silent',
    });
    const app = await buildApp({ config, database });
    try {
      expect(await signIn(app, 'admin@example.com', 'second-pw')).toMatchObject({ is_staff: true, is_superuser: true });
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('works while the shop runs, by asking it; and again directly once it stopped', async () => {
    const env = { DATA_DIR: dataDir() };
    const shop = await startShop(env);
    expect(fs.statSync(controlSocketPath(env.DATA_DIR)).mode & 0o777).toBe(0o600);

    const created = await run(['create-admin', '--email', 'owner@example.com'], env, 'owner-pw1\n');
    expect(created).toEqual({
      code: 0,
      output: expect.stringMatching(/^Created staff superuser #\d+ \(owner@example\.com\)/),
    });
    const signedIn = await login(shop.port, 'owner@example.com', 'owner-pw1');
    expect(signedIn).toMatchObject({ status: 200, body: { is_staff: true, is_superuser: true } });

    // The running shop refuses in the service's words, as the stopped one does.
    expect(await run(['create-admin', '--email', 'short@example.com'], env, '123\n')).toEqual({
      code: 2,
      output: '--password: validation.password_length\n',
    });
    // A new password replaces the old one at once, and ends the account's sign-ins.
    expect(await run(['create-admin', '--email', 'owner@example.com'], env, 'owner-pw2\n')).toMatchObject({ code: 0 });
    expect(await login(shop.port, 'owner@example.com', 'owner-pw1')).toEqual({
      status: 401,
      body: { detail: 'Incorrect credentials.' },
    });
    const refreshed = await fetch(`http://127.0.0.1:${shop.port}/api/token/refresh/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh: signedIn.body.refresh }),
    });
    expect(refreshed.status).toBe(401);

    expect(await shop.stop()).toBe(0);
    expect(fs.existsSync(controlSocketPath(env.DATA_DIR))).toBe(false);
    expect(await run(['create-admin', '--email', 'owner@example.com'], env, 'owner-pw3\n')).toMatchObject({ code: 0 });
    const again = await startShop(env);
    try {
      expect((await login(again.port, 'owner@example.com', 'owner-pw3')).status).toBe(200);
    } finally {
      expect(await again.stop()).toBe(0);
    }
  });

  it('says so when the shop holds the database and does not answer (still starting, or an older kram)', async () => {
    const dir = dataDir();
    // A lock held by a live process (this one) that listens on no channel.
    fs.writeFileSync(path.join(dir, 'pglite.lock'), String(process.pid));
    const refused = await run(['create-admin', '--email', 'owner@example.com'], { DATA_DIR: dir }, 'owner-pw1\n');
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(
      new RegExp(
        `^The embedded database is in use by the shop \\(pid ${process.pid}\\), which does not answer on .*kram\\.sock: it may still be starting`,
      ),
    );
  });
});

// PostgreSQL has no lock: the command opens the database itself while shops run on it.
describe.runIf(process.env.TEST_DATABASE_URL)('npm run create-admin with PostgreSQL', { timeout: 120_000 }, () => {
  it('works while a shop runs on the same database', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL as string;
    const name = `kram_create_admin_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const env = { DATA_DIR: dataDir(), DATABASE_URL: url.toString() };
    try {
      const shop = await startShop(env);
      expect(fs.existsSync(controlSocketPath(env.DATA_DIR))).toBe(false);
      const created = await run(['create-admin', '--email', 'pg-owner@example.com'], env, 'owner-pw1\n');
      expect(created).toEqual({ code: 0, output: expect.stringMatching(/^Created staff superuser #\d+/) });
      expect(await login(shop.port, 'pg-owner@example.com', 'owner-pw1')).toMatchObject({
        status: 200,
        body: { is_superuser: true },
      });
      expect(await shop.stop()).toBe(0);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});

/** A terminal as the prompt sees it: what is typed arrives in chunks; what is shown is collected. */
function terminal(typed: string[]) {
  const input = Object.assign(new PassThrough(), { isTTY: true, rawModes: [] as boolean[] });
  const withRaw = Object.assign(input, {
    setRawMode(raw: boolean) {
      input.rawModes.push(raw);
      // Each prompt reads one answer: the next is typed once the terminal is raw again.
      if (raw) setImmediate(() => input.write(typed.shift() ?? '\u0003'));
      return input;
    },
  });
  let shown = '';
  const output = new PassThrough();
  output.on('data', (d) => {
    shown += d;
  });
  return { io: { input: withRaw, output }, shown: () => shown, rawModes: input.rawModes };
}

describe('the password prompt', () => {
  it('asks a new account’s password twice, hidden, until both agree and it fits the rules', async () => {
    const tty = terminal(['abc\r', 'secret-1\r', 'secret-2\r', 'secret-x\u007f1\r', 'secret-1\r']);
    expect(await askPassword('new@example.com', false, tty.io)).toBe('secret-1');
    expect(tty.shown()).toBe(
      'Password for the new account new@example.com: \n' +
        'The password must be 6 to 20 characters long.\n' +
        'Password for the new account new@example.com: \n' +
        'The same password again: \n' +
        'The two passwords differ.\n' +
        'Password for the new account new@example.com: \n' +
        'The same password again: \n',
    );
    expect(tty.shown()).not.toContain('secret');
    // Raw (no echo) while typing, the terminal given back after each answer.
    expect(tty.rawModes).toEqual([true, false, true, false, true, false, true, false, true, false]);
  });

  it('keeps an existing account’s password on Enter, and gives up after three tries', async () => {
    expect(await askPassword('old@example.com', true, terminal(['\r']).io)).toBeUndefined();
    const tries = terminal(['a\r', 'b\r', 'c\r']);
    await expect(askPassword('new@example.com', false, tries.io)).rejects.toBeInstanceOf(PasswordNotChosen);
  });

  it('stops on Ctrl-C, changing nothing', async () => {
    await expect(askPassword('new@example.com', false, terminal(['sec\u0003']).io)).rejects.toBeInstanceOf(
      PromptInterrupted,
    );
  });

  it('reads the first line when the input is not a terminal, spaces kept, \\r\\n or not', async () => {
    const piped = (text: string) => {
      const input = new PassThrough();
      input.end(text);
      return askPassword('new@example.com', false, { input, output: new PassThrough() });
    };
    expect(await piped(' pass word \r\nignored\n')).toBe(' pass word ');
    expect(await piped('no newline')).toBe('no newline');
    expect(await piped('')).toBeUndefined();
  });
});
