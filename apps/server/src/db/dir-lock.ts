import fs from 'node:fs';

export interface DirLock {
  release(): void;
}

export class DatabaseLockedError extends Error {
  readonly lockFile: string;
  readonly pid: number;
  constructor(lockFile: string, pid: number) {
    super(
      `The embedded database is in use by another kram process (pid ${pid}; lock file ${lockFile}). ` +
        'PGlite serves one process per folder: stop the other process, point DATA_DIR elsewhere, ' +
        'or set DATABASE_URL to share a PostgreSQL server.',
    );
    this.name = 'DatabaseLockedError';
    this.lockFile = lockFile;
    this.pid = pid;
  }
}

interface ProcessState {
  /** /proc/PID/stat's state letter: R, S, D, Z (zombie), X (dead)… */
  state: string;
  /** When the process started, in clock ticks since boot (/proc/PID/stat field 22). */
  startTime: string;
}

/** What Linux says of a process, or undefined where there is no /proc (or no such process). */
function processState(pid: number): ProcessState | undefined {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // "pid (comm) state ppid …": comm may hold spaces and parentheses, so the fields start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state); field 22 (starttime) is fields[19].
  return { state: fields[0] ?? '', startTime: fields[19] ?? '' };
}

const hasProc = fs.existsSync('/proc/self/stat');

/** What this process writes in its lock: its pid, and on Linux its start time to tell a reused pid. */
function lockContent(pid: number): string {
  const startTime = hasProc ? processState(pid)?.startTime : undefined;
  return startTime ? `${pid} ${startTime}` : String(pid);
}

/**
 * Whether the process that wrote `content` still runs. A pid whose process is gone, a zombie (killed,
 * not yet reaped by its parent: it holds nothing) or a pid now used by a process that started at another
 * time than the one recorded does not hold the lock.
 */
function holder(content: string): number | undefined {
  const [pidText, recordedStart] = content.trim().split(/\s+/);
  const pid = Number.parseInt(pidText ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  // Our own pid here is a lock left by an earlier process that had it (a container's pid 1).
  if (pid === process.pid) return undefined;
  if (hasProc) {
    const state = processState(pid);
    if (!state || state.state === 'Z' || state.state === 'X') return undefined;
    if (recordedStart && state.startTime !== recordedStart) return undefined;
    return pid;
  }
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}

const heldHere = new Set<string>();

/** An exclusive lock held by this process; a lock left by a process that is gone is taken over. */
export function acquireDirLock(lockFile: string): DirLock {
  if (heldHere.has(lockFile)) throw new DatabaseLockedError(lockFile, process.pid);
  const content = lockContent(process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, content, { flag: 'wx' });
      let released = false;
      heldHere.add(lockFile);
      return {
        release() {
          if (released) return;
          released = true;
          heldHere.delete(lockFile);
          try {
            if (fs.readFileSync(lockFile, 'utf8') === content) fs.unlinkSync(lockFile);
          } catch {
            // Already gone.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = holder(fs.readFileSync(lockFile, 'utf8'));
      if (pid !== undefined) throw new DatabaseLockedError(lockFile, pid);
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not take the database lock ${lockFile}`);
}
