/** Told after each query: how long it took, in seconds, and whether it failed. */
export type QueryListener = (seconds: number, failed: boolean) => void;

/**
 * Times a driver's query methods for whoever listens (the metrics, when they are on). Neither pg nor
 * PGlite reports its queries, and Drizzle's logger sees a query before it runs, not how long it took,
 * so the driver's own entry points are wrapped on the instance the shop opened: the module's
 * prototypes, shared with every other user of the driver in the process, stay as they are. With no
 * listener a query pays one size check.
 */
export function queryTiming() {
  const listeners = new Set<QueryListener>();

  const report = (started: number, failed: boolean) => {
    const seconds = (performance.now() - started) / 1000;
    for (const listener of listeners) listener(seconds, failed);
  };

  return {
    listen(listener: QueryListener): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    /**
     * Replaces `target[name]` with a timed version. The method may answer with a promise (PGlite,
     * pg without a callback) or take a callback as its last argument (pg-pool calls its clients so);
     * anything else (a pg stream) passes through untimed.
     */
    wrap<T extends object>(target: T, name: keyof T & string): void {
      const original = target[name] as unknown as (...args: unknown[]) => unknown;
      const timed = function (this: unknown, ...args: unknown[]): unknown {
        if (listeners.size === 0) return original.apply(this, args);
        const started = performance.now();
        const last = args.length - 1;
        const callback = args[last];
        if (typeof callback === 'function') {
          args[last] = (error: unknown, ...rest: unknown[]) => {
            report(started, Boolean(error));
            return callback(error, ...rest);
          };
          return original.apply(this, args);
        }
        const result = original.apply(this, args);
        if (result instanceof Promise) {
          result.then(
            () => report(started, false),
            () => report(started, true),
          );
        }
        return result;
      };
      (target as Record<string, unknown>)[name] = timed;
    },
  };
}
