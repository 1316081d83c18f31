import fs from 'node:fs';

export interface DirLock {
  release(): void;
}

export class DatabaseLockedError extends Error {
  constructor(lockFile: string, pid: number) {
    super(
      `The embedded database is in use by another kram process (pid ${pid}; lock file ${lockFile}). ` +
        'PGlite serves one process per folder: stop the other process, point DATA_DIR elsewhere, ' +
        'or set DATABASE_URL to share a PostgreSQL server.',
    );
    this.name = 'DatabaseLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const heldHere = new Set<string>();

/** An exclusive lock held by this process; a lock left by a dead process is taken over. */
export function acquireDirLock(lockFile: string): DirLock {
  if (heldHere.has(lockFile)) throw new DatabaseLockedError(lockFile, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      let released = false;
      heldHere.add(lockFile);
      return {
        release() {
          if (released) return;
          released = true;
          heldHere.delete(lockFile);
          try {
            if (fs.readFileSync(lockFile, 'utf8') === String(process.pid)) fs.unlinkSync(lockFile);
          } catch {
            // Already gone.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(fs.readFileSync(lockFile, 'utf8'), 10);
      // Our own pid here is a lock left by an earlier process that had it (a container's pid 1).
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DatabaseLockedError(lockFile, pid);
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not take the database lock ${lockFile}`);
}
