import { addDays, kyivDay } from './kyiv-time.ts';

/** What a shop's counter can be told: its defaults suit the shop, tests set them closer. */
export interface DailyCountsSettings {
  log: { warn(object: object, message: string): void };
  now?: () => Date;
  /** How often the buffer is written (default 30 s). */
  flushIntervalMs?: number;
  /** Entries kept in memory between writes; a new key beyond that is not counted. */
  maxBuffered?: number;
  /** Days kept; older ones are deleted by a write, at most once per `pruneIntervalMs` (default an hour). */
  retentionDays?: number;
  pruneIntervalMs?: number;
}

export interface DailyCountsOptions<T> extends DailyCountsSettings {
  /** The entry's place in the buffer: its Kyiv day and whatever else it is counted by. */
  keyOf: (entry: T) => string;
  /** Adds the counts of `from` to `into` (a failed write's entries meeting newer ones of the same key). */
  merge: (into: T, from: T) => void;
  /**
   * Adds the entries to what is stored (other processes add theirs too); with `pruneBefore`, days
   * before it are deleted in the same write.
   */
  write: (entries: T[], pruneBefore: string | undefined) => Promise<void>;
  /** Said when a write fails: 'search insights were not written', say. */
  failure: string;
  maxBuffered: number;
  retentionDays: number;
}

/**
 * Counts kept in memory per key (a Kyiv day and what is counted) and added to the database every
 * `flushIntervalMs` and on close, one write at a time. A failed write puts its counts back, as far
 * as the buffer has room, for the next try. The shop's search insights and web vitals count this way.
 */
export function dailyCounts<T>(options: DailyCountsOptions<T>) {
  const { keyOf, merge, log, maxBuffered, retentionDays } = options;
  const now = options.now ?? (() => new Date());
  const pruneIntervalMs = options.pruneIntervalMs ?? 60 * 60 * 1000;
  const buffer = new Map<string, T>();
  let prunedAt = Number.NEGATIVE_INFINITY;
  let writing: Promise<void> = Promise.resolve();
  let timer: ReturnType<typeof setInterval> | undefined;

  function restore(entries: readonly T[]): void {
    for (const entry of entries) {
      const key = keyOf(entry);
      const held = buffer.get(key);
      if (held) merge(held, entry);
      else if (buffer.size < maxBuffered) buffer.set(key, entry);
    }
  }

  async function write(): Promise<void> {
    if (buffer.size === 0) return;
    const entries = [...buffer.values()];
    buffer.clear();
    const at = now();
    const prune = at.getTime() - prunedAt >= pruneIntervalMs;
    try {
      await options.write(entries, prune ? addDays(kyivDay(at), -retentionDays) : undefined);
      if (prune) prunedAt = at.getTime();
    } catch (error) {
      restore(entries);
      log.warn({ err: error }, `${options.failure}; they are kept for the next try`);
    }
  }

  /** Writes what is buffered (nothing when nothing is); writes run one after another. */
  function flush(): Promise<void> {
    writing = writing.then(write);
    return writing;
  }

  return {
    flush,

    /** Today's Kyiv day, by the clock the counts are kept by. */
    today: (): string => kyivDay(now()),

    /**
     * The entry held under `key`, or a new one from `create` when the buffer has room for it;
     * undefined when it has none (that count is lost).
     */
    entry(key: string, create: () => T): T | undefined {
      const held = buffer.get(key);
      if (held) return held;
      if (buffer.size >= maxBuffered) return undefined;
      const created = create();
      buffer.set(key, created);
      return created;
    },

    /** How many entries wait for the next write. */
    get buffered(): number {
      return buffer.size;
    },

    start(): void {
      timer ??= setInterval(() => void flush(), options.flushIntervalMs ?? 30_000);
      // The timer alone never keeps the process alive; close writes what is left.
      timer.unref();
    },

    async close(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await flush();
    },
  };
}
