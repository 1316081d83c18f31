import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { type Database, openDatabase } from '../db/client.ts';
import { acquireDirLock, DatabaseLockedError, type DirLock } from '../db/dir-lock.ts';
import { OpsError } from './manifest.ts';

export const pgliteDirOf = (dataDir: string) => path.join(dataDir, 'pglite');
const lockFileOf = (pgliteDir: string) => path.join(path.dirname(pgliteDir), `${path.basename(pgliteDir)}.lock`);

/** Whether a data folder holds an embedded database (PGlite writes PG_VERSION first). */
export const hasPglite = (dataDir: string) => fs.existsSync(path.join(pgliteDirOf(dataDir), 'PG_VERSION'));

/** The words for a lock another process holds: PGlite serves one process, so the shop must be stopped. */
function shopRunning(error: DatabaseLockedError, doing: string): OpsError {
  return new OpsError(
    `The shop is running (process ${error.pid} has the embedded database open): stop it, then ${doing} again; ` +
      'PGlite serves one process at a time.',
  );
}

/** The data folder's embedded database, opened by this process alone (as the shop would open it). */
export async function openStoppedPglite(dataDir: string, doing: string): Promise<Database & { client: PGlite }> {
  if (!hasPglite(dataDir)) {
    throw new OpsError(`There is no embedded database in ${pgliteDirOf(dataDir)} (check DATA_DIR).`);
  }
  try {
    return (await openDatabase({ pgliteDir: pgliteDirOf(dataDir) })) as Database & { client: PGlite };
  } catch (error) {
    if (error instanceof DatabaseLockedError) throw shopRunning(error, doing);
    throw error;
  }
}

/** Holds the data folder's database lock while a restore replaces it, so a shop started meanwhile refuses to open it. */
export function lockPgliteDir(dataDir: string, doing: string): DirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    return acquireDirLock(lockFileOf(pgliteDirOf(dataDir)));
  } catch (error) {
    if (error instanceof DatabaseLockedError) throw shopRunning(error, doing);
    throw error;
  }
}
