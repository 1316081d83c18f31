import type { CatalogChange, CatalogRepository } from './catalog.repository.ts';
import { SearchIndex } from './search-index.ts';

/** How the search index follows the catalogue, for the metrics. */
export interface SearchStateObserver {
  /** Built from the whole catalogue (at start, or after the catalogue was replaced). */
  indexBuilt?(index: { documents: number; terms: number; seconds: number }): void;
  /** Products written since were applied to it. */
  indexUpdated?(update: { products: number; seconds: number; documents: number }): void;
}

/** A missing change number is waited for this long (its transaction may still commit), then forgotten. */
const missingForMs = 30_000;
/** A process that has not read the change log for this long may have missed pruned entries: it rebuilds. */
const staleAfterMs = 10 * 60_000;
/** Change log entries are kept this long, far longer than any process takes to read them. */
const keepChangesSeconds = 3600;
const pruneEveryMs = 60_000;
/** Products read back from the database per query while applying changes. */
const readBatch = 5000;

/**
 * The catalogue's search index, built once at start and then kept up to date from the change log
 * that triggers write with every catalogue write (migration 0016): `sync` reads the entries since the
 * last one applied and re-reads only the products they name. A category whose path changed re-reads
 * its products; only a catalogue emptied altogether (a seed with --reset) is indexed again whole.
 *
 * The log's numbers come from a sequence, so a transaction that took a lower one may commit after a
 * higher one was read: numbers skipped are asked for again for a while, and their entries applied
 * when they appear.
 */
export function searchState(repo: CatalogRepository, observer: SearchStateObserver = {}) {
  let current: Promise<SearchIndex> | undefined;
  let applied = 0;
  const missing = new Map<number, number>();
  let syncedAt = 0;
  let prunedAt = Date.now();
  let running: Promise<SyncResult> | undefined;
  let queued: Promise<SyncResult> | undefined;

  async function build(): Promise<SearchIndex> {
    const started = performance.now();
    // Read before the products: whatever is written meanwhile is applied again after, which is harmless.
    const from = await repo.latestChange();
    const index = await SearchIndex.build(await repo.listingDocuments());
    applied = from;
    missing.clear();
    syncedAt = Date.now();
    observer.indexBuilt?.({
      documents: index.size,
      terms: index.terms,
      seconds: (performance.now() - started) / 1000,
    });
    return index;
  }

  function index(): Promise<SearchIndex> {
    if (!current) {
      const building = build();
      current = building;
      // A failed build is not kept: the next search tries again.
      building.catch(() => {
        if (current === building) current = undefined;
      });
    }
    return current;
  }

  async function apply(): Promise<SyncResult> {
    const result: SyncResult = { products: [], names: false, rebuilt: false };
    if (!current) return result;
    const idx = await current;
    if (Date.now() - syncedAt > staleAfterMs) return rebuild(result);
    for (;;) {
      const changes = await repo.changesSince(applied, [...missing.keys()]);
      const read = readChanges(changes);
      if (read.reset) return rebuild(result);
      result.names ||= read.names;
      const ids = new Set(read.products);
      if (read.categories.size > 0) for (const id of idx.listing.idsInCategories(read.categories)) ids.add(id);
      await applyProducts(idx, [...ids]);
      result.products.push(...ids);
      if (changes.length < 50_000) break;
    }
    syncedAt = Date.now();
    if (syncedAt - prunedAt > pruneEveryMs) {
      prunedAt = syncedAt;
      await repo.pruneChanges(keepChangesSeconds);
    }
    return result;
  }

  async function rebuild(result: SyncResult): Promise<SyncResult> {
    const next = build();
    await next;
    current = next;
    return { ...result, rebuilt: true };
  }

  /** Notes the entries read (and the numbers they skipped), and says what they touched. */
  function readChanges(changes: readonly CatalogChange[]) {
    const now = Date.now();
    const read = { products: [] as number[], categories: new Set<number>(), names: false, reset: false };
    for (const change of changes) {
      missing.delete(change.seq);
      for (let seq = applied + 1; seq < change.seq; seq++) missing.set(seq, now);
      if (change.seq > applied) applied = change.seq;
      if (change.kind === 'product') read.products.push(change.productId);
      else if (change.kind === 'category') read.categories.add(change.categoryId);
      else if (change.kind === 'names') read.names = true;
      else read.reset = true;
    }
    for (const [seq, since] of missing) if (now - since > missingForMs) missing.delete(seq);
    // Thousands of numbers skipped at once (a large write rolled back): index anew rather than track them.
    if (missing.size > 10_000) read.reset = true;
    return read;
  }

  async function applyProducts(idx: SearchIndex, ids: readonly number[]) {
    for (let start = 0; start < ids.length; start += readBatch) {
      const started = performance.now();
      const batch = ids.slice(start, start + readBatch);
      const documents = await repo.listingDocuments(batch);
      const found = new Set(documents.map((d) => d.id));
      idx.update(
        documents,
        batch.filter((id) => !found.has(id)),
      );
      observer.indexUpdated?.({
        products: batch.length,
        seconds: (performance.now() - started) / 1000,
        documents: idx.size,
      });
    }
  }

  /**
   * Applies the catalogue's changes since the last sync (nothing before the index is first built);
   * says which products changed, whether sizes or colours did, and whether the index was rebuilt.
   * A call made while one runs is answered by the next one, which starts when it ends (so it sees
   * what was written before the call); calls made meanwhile share that one.
   */
  function sync(): Promise<SyncResult> {
    if (!running) {
      running = apply().finally(() => {
        running = undefined;
      });
      return running;
    }
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = undefined;
        return sync();
      });
    return queued;
  }

  return {
    index,
    sync,
  };
}

export interface SyncResult {
  products: number[];
  names: boolean;
  rebuilt: boolean;
}
