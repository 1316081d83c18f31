import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDirLock, DatabaseLockedError } from './dir-lock.ts';

const linux = fs.existsSync('/proc/self/stat');
const started: ChildProcess[] = [];
afterAll(() => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
});

const lockPath = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kram-lock-')), 'pglite.lock');
const startTimeOf = (pid: number) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
};

/**
 * A shell that starts a short `sleep` in the background and then becomes `sleep 30`, which never
 * reaps it: the first pid it prints becomes a zombie (state Z) while the second runs. The background
 * sleep outlives the shell's own few milliseconds: one that ended first was reaped by the shell
 * itself, and left no zombie.
 */
async function zombieAndParent() {
  const child = spawn('sh', ['-c', 'sleep 0.3 & echo $!; echo $$; exec sleep 30'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  started.push(child);
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  while (out.split('\n').length < 3) await new Promise((r) => setTimeout(r, 10));
  const [zombie, parent] = out.split('\n').map(Number);
  while (!fs.readFileSync(`/proc/${zombie}/stat`, 'utf8').includes(') Z ')) await new Promise((r) => setTimeout(r, 10));
  return { zombie: zombie as number, parent: parent as number };
}

describe('the PGlite folder lock', () => {
  it('records its pid and start time, refuses a second holder, and is gone once released', () => {
    const file = lockPath();
    const lock = acquireDirLock(file);
    expect(fs.readFileSync(file, 'utf8')).toBe(
      linux ? `${process.pid} ${startTimeOf(process.pid)}` : String(process.pid),
    );
    expect(() => acquireDirLock(file)).toThrow(DatabaseLockedError);
    lock.release();
    expect(fs.existsSync(file)).toBe(false);
  });

  it('takes over a lock whose process has gone', () => {
    const file = lockPath();
    // Pids are below 2^22 on Linux: this one is nobody.
    fs.writeFileSync(file, '4999999 12345');
    acquireDirLock(file).release();
  });

  it.runIf(linux)('takes over a lock held by a zombie, and by a pid now used by another program', async () => {
    const { zombie, parent } = await zombieAndParent();
    const file = lockPath();
    fs.writeFileSync(file, `${zombie} ${startTimeOf(zombie)}`);
    acquireDirLock(file).release();
    // An old lock without a start time: the zombie holds nothing either.
    fs.writeFileSync(file, String(zombie));
    acquireDirLock(file).release();

    // The pid runs, but started at another time than the one the lock recorded: it was reused.
    fs.writeFileSync(file, `${parent} ${Number(startTimeOf(parent)) - 1}`);
    acquireDirLock(file).release();
    // The same pid and start time: that process still holds the folder.
    fs.writeFileSync(file, `${parent} ${startTimeOf(parent)}`);
    expect(() => acquireDirLock(file)).toThrow(new RegExp(`pid ${parent}`));
  });
});
