/**
 * Catalogue reads are cached per process and dropped whenever the catalogue version (bumped by
 * database triggers on every catalogue write) changes. The version is checked at most once per
 * `checkIntervalMs`, so a write made by another process shows within that interval.
 */
export interface VersionedCache {
  /** Resolves once the cache has been checked against the current version. */
  ensureFresh(): Promise<void>;
  memo<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** A value derived from the whole catalogue (category tree, vocabulary), rebuilt after a change. */
  derived<T>(name: string, build: () => Promise<T>): Promise<T>;
  clear(): void;
  /** This process wrote to the catalogue: the next read compares versions now, not within the interval. */
  changed(): void;
}

export function versionedCache(
  readVersion: () => Promise<number>,
  options: {
    checkIntervalMs?: number;
    maxEntries?: number;
    now?: () => number;
    /** Told whether each `memo` read found its entry (the metrics' hit rate). */
    onRead?: (hit: boolean) => void;
    /**
     * Runs when the version has changed, before anything is dropped and before any read goes on:
     * what follows the catalogue in place (the search index) catches up here.
     */
    onChange?: () => Promise<void>;
  } = {},
): VersionedCache {
  const interval = options.checkIntervalMs ?? 1000;
  const maxEntries = options.maxEntries ?? 2000;
  const now = options.now ?? Date.now;
  let version: number | undefined;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let checking: Promise<void> | undefined;
  const entries = new Map<string, Promise<unknown>>();
  const derivedValues = new Map<string, Promise<unknown>>();

  function clear() {
    entries.clear();
    derivedValues.clear();
  }

  // Counts changed() calls: a check that began before the latest one may have read an older version.
  let changes = 0;
  let checkingFrom = 0;

  function ensureFresh(): Promise<void> {
    if (checking && checkingFrom !== changes) return checking.then(ensureFresh, ensureFresh);
    if (now() - checkedAt < interval) return Promise.resolve();
    checkingFrom = changes;
    checking ??= readVersion()
      .then(async (current) => {
        if (current !== version) {
          if (version !== undefined) await options.onChange?.();
          clear();
        }
        version = current;
        // Told of a change while checking: the next read checks again.
        checkedAt = checkingFrom === changes ? now() : Number.NEGATIVE_INFINITY;
      })
      .finally(() => {
        checking = undefined;
      });
    return checking;
  }

  function remember<T>(map: Map<string, Promise<unknown>>, key: string, load: () => Promise<T>): Promise<T> {
    const hit = map.get(key);
    if (hit) {
      // Re-insert so the Map's order is least-recently-used first.
      map.delete(key);
      map.set(key, hit);
      return hit as Promise<T>;
    }
    const pending = load();
    map.set(key, pending);
    // A failure is not cached: the next request tries again.
    pending.catch(() => {
      if (map.get(key) === pending) map.delete(key);
    });
    while (map.size > maxEntries) {
      const oldest = map.keys().next().value as string;
      map.delete(oldest);
    }
    return pending;
  }

  return {
    ensureFresh,
    async memo(key, load) {
      await ensureFresh();
      options.onRead?.(entries.has(key));
      return remember(entries, key, load);
    },
    async derived(name, build) {
      await ensureFresh();
      return remember(derivedValues, name, build);
    },
    clear,
    changed() {
      changes++;
      checkedAt = Number.NEGATIVE_INFINITY;
    },
  };
}
