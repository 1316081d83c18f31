/** A fixed-window counter: how many hits a key has had in its current window. */
export interface RateLimitStore {
  /** Counts one hit; answers the count in the key's window and the milliseconds until it ends. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Counters in this process's memory: the default when no Redis is configured. */
export function memoryStore(options: { now?: () => number; sweepAbove?: number } = {}): RateLimitStore {
  const now = options.now ?? Date.now;
  const sweepAbove = options.sweepAbove ?? 10_000;
  const windows = new Map<string, { count: number; endsAt: number }>();

  function sweep(at: number) {
    for (const [key, window] of windows) if (window.endsAt <= at) windows.delete(key);
  }

  return {
    async hit(key, windowMs) {
      const at = now();
      if (windows.size > sweepAbove) sweep(at);
      let window = windows.get(key);
      if (!window || window.endsAt <= at) {
        window = { count: 0, endsAt: at + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { count: window.count, resetInMs: window.endsAt - at };
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}
