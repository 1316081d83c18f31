import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** Held work: release it when done (whatever happened). */
export interface Lease {
  release(): Promise<void>;
}

/** The names this process holds, per database: on PGlite the whole lock, on PostgreSQL a refusal without a round trip. */
const heldBy = new WeakMap<Database, Set<string>>();

/**
 * Named locks that let one runner at a time do a piece of work, across every process of the shop.
 * On PostgreSQL a lease is a transaction holding `pg_try_advisory_xact_lock` on the name's hash: it
 * is let go when the transaction ends, or when its connection dies with a crashed process, so no
 * lock outlives its holder. The transaction writes nothing (the work runs on other connections), so
 * it holds back no vacuum. PGlite serves one process, and runs one transaction at a time, so there
 * the process's own bookkeeping is the whole lock.
 */
export function singleRunner(database: Database) {
  const held = heldBy.get(database) ?? new Set<string>();
  heldBy.set(database, held);

  async function acquire(name: string): Promise<Lease | undefined> {
    if (held.has(name)) return undefined;
    held.add(name);
    const forget = async () => {
      held.delete(name);
    };
    if (database.kind === 'pglite') return { release: forget };
    return new Promise<Lease | undefined>((resolve, reject) => {
      let letGo!: () => void;
      const released = new Promise<void>((r) => {
        letGo = r;
      });
      const ended = database.db
        .transaction(async (tx) => {
          const result = (await tx.execute(
            sql`select pg_try_advisory_xact_lock(hashtext(${`kram:${name}`})) as locked`,
          )) as unknown as { rows: { locked: boolean }[] };
          if (!result.rows[0]?.locked) return false;
          resolve({
            release: async () => {
              letGo();
              await ended.catch(() => {});
            },
          });
          await released;
          return true;
        })
        .finally(() => held.delete(name));
      ended.then(
        (locked) => {
          if (!locked) resolve(undefined);
        },
        (error) => reject(error),
      );
    });
  }

  return {
    acquire,

    /** Whether some runner (this process or, on PostgreSQL, another) holds `name` right now. */
    async isHeld(name: string): Promise<boolean> {
      const lease = await acquire(name);
      if (!lease) return true;
      await lease.release();
      return false;
    },
  };
}

export type SingleRunner = ReturnType<typeof singleRunner>;
