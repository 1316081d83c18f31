import { numberedSlug } from '@kram/contract/slug';
import type { Database, Executor } from '../../db/client.ts';

/**
 * Runs one catalogue write in its own transaction and, once it has committed, tells this process's
 * catalogue cache (`cache.changed()`), so the storefront and search show it at the next read. Other
 * processes follow through the catalogue's version (decision 002). Every writer goes through it.
 */
export type CatalogWrite = <T>(work: (tx: Executor) => Promise<T>) => Promise<T>;

export function catalogWrite(database: Database, changed: () => void): CatalogWrite {
  return async (work) => {
    const result = await database.db.transaction(work);
    changed();
    return result;
  };
}

/** The first numbered form of `base` (numberedSlug) that `taken` does not name, asking 20 at a time. */
export async function firstFreeSlug(
  base: string,
  maxLength: number,
  taken: (slugs: string[]) => Promise<Set<string>>,
): Promise<string> {
  for (let first = 1; ; first += 20) {
    const candidates = Array.from({ length: 20 }, (_, i) => numberedSlug(base, first + i, maxLength));
    const held = await taken(candidates);
    const free = candidates.find((slug) => !held.has(slug));
    if (free) return free;
  }
}
