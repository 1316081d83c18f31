import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { InvalidInput } from '../../lib/domain-errors.ts';
import {
  askRunningShop,
  type ControlChannel,
  controlSocketPath,
  NoShopListening,
  openControlChannel,
  RefusedByShop,
} from './control-channel.ts';

const logged: { level: string; message: string }[] = [];
const log = {
  warn: (_: object, message: string) => logged.push({ level: 'warn', message }),
  error: (_: object, message: string) => logged.push({ level: 'error', message }),
};

const handlers = {
  echo: async (input: unknown) => ({ echoed: input }),
  refuse: async () => {
    throw new InvalidInput({ '--email': ['validation.invalid_email'] });
  },
  crash: async () => {
    throw new Error('disk on fire');
  },
};

const open: ControlChannel[] = [];
const dirs: string[] = [];
function dataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kram-ctl-'));
  dirs.push(dir);
  return dir;
}
async function channel(dir: string) {
  const opened = await openControlChannel(dir, handlers, log);
  open.push(opened);
  return opened;
}

/** What the socket answers to raw bytes, as any local program could send them. */
function raw(socketPath: string, bytes: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath, () => socket.write(bytes));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (d) => {
      answer += d;
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

afterEach(async () => {
  for (const channel of open.splice(0)) await channel.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  logged.length = 0;
});

describe('the control channel of a running shop', () => {
  it('is a socket only the shop’s user may open: directory 0700, socket 0600, both its own', async () => {
    const dir = dataDir();
    const { socketPath } = await channel(dir);
    expect(socketPath).toBe(controlSocketPath(dir));
    const folder = fs.statSync(path.dirname(socketPath));
    const socket = fs.statSync(socketPath);
    expect(folder.mode & 0o777).toBe(0o700);
    expect(socket.isSocket()).toBe(true);
    expect(socket.mode & 0o777).toBe(0o600);
    expect(folder.uid).toBe(process.getuid?.());
  });

  it('tightens a control directory left open, and replaces a socket file left by a killed process', async () => {
    const dir = dataDir();
    fs.mkdirSync(path.join(dir, 'control'), { mode: 0o755 });
    fs.chmodSync(path.join(dir, 'control'), 0o755);
    fs.writeFileSync(controlSocketPath(dir), '');
    await channel(dir);
    expect(fs.statSync(path.join(dir, 'control')).mode & 0o777).toBe(0o700);
    expect(await askRunningShop(dir, 'echo', { a: 1 })).toEqual({ echoed: { a: 1 } });
  });

  it('stays shut when the control directory is a symbolic link (to somewhere others can reach)', async () => {
    const dir = dataDir();
    const elsewhere = dataDir();
    fs.symlinkSync(elsewhere, path.join(dir, 'control'));
    await expect(openControlChannel(dir, handlers, log)).rejects.toThrow(/is not a directory/);
    expect(fs.readdirSync(elsewhere)).toEqual([]);
  });

  it('answers a command with its result, a refusal in the service’s words, and a failure without its details', async () => {
    const dir = dataDir();
    await channel(dir);
    expect(await askRunningShop(dir, 'echo', 'hello')).toEqual({ echoed: 'hello' });
    const refusal = askRunningShop(dir, 'refuse', {});
    await expect(refusal).rejects.toBeInstanceOf(RefusedByShop);
    await expect(refusal).rejects.toThrow('--email: validation.invalid_email');
    await expect(askRunningShop(dir, 'crash', {})).rejects.toThrow(
      'The running shop could not do it: the command failed: see the shop’s log.',
    );
    expect(logged).toEqual([{ level: 'error', message: 'control channel: the command failed' }]);
    await expect(askRunningShop(dir, 'toString', {})).rejects.toThrow('unknown command "toString"');
  });

  it('refuses what is not a request: not JSON, and a line longer than 64 KiB', async () => {
    const dir = dataDir();
    const { socketPath } = await channel(dir);
    expect(JSON.parse(await raw(socketPath, 'hello\n'))).toEqual({ ok: false, error: 'not JSON' });
    const long = JSON.stringify({ command: 'echo', input: 'x'.repeat(70 * 1024) });
    expect(JSON.parse(await raw(socketPath, long))).toEqual({ ok: false, error: 'request too large' });
  });

  it('tells the command line when no shop listens: no socket, or one left by a process that is gone', async () => {
    const dir = dataDir();
    await expect(askRunningShop(dir, 'echo', {})).rejects.toBeInstanceOf(NoShopListening);
    const closed = await openControlChannel(dir, handlers, log);
    await closed.close();
    expect(fs.existsSync(controlSocketPath(dir))).toBe(false);
    // A socket file nobody listens on: what `kill -9` leaves.
    const stale = net.createServer();
    await new Promise<void>((resolve) => stale.listen(controlSocketPath(dir), resolve));
    const copy = `${controlSocketPath(dir)}.copy`;
    fs.renameSync(controlSocketPath(dir), copy);
    stale.close();
    fs.renameSync(copy, controlSocketPath(dir));
    await expect(askRunningShop(dir, 'echo', {})).rejects.toBeInstanceOf(NoShopListening);
  });

  // Only root can run a program as another user; root itself passes every permission check.
  it.runIf(process.getuid?.() === 0 && fs.existsSync('/usr/bin/python3'))(
    'cannot be opened by another user of the machine',
    async () => {
      const dir = dataDir();
      fs.chmodSync(dir, 0o755);
      const { socketPath } = await channel(dir);
      const connect = `import socket\ns = socket.socket(socket.AF_UNIX)\ntry:\n  s.connect(${JSON.stringify(socketPath)})\n  print("connected")\nexcept PermissionError:\n  print("refused")\n`;
      const nobody = spawnSync('/usr/bin/python3', ['-c', connect], { uid: 65534, gid: 65534, encoding: 'utf8' });
      expect(nobody.stdout.trim()).toBe('refused');
    },
  );
});
