/**
 * Work done in passes (an outbox emptied): every `intervalMs`, and at once when woken. A pass asked
 * for while one runs is run again right after it, never two at a time, so what was committed meanwhile
 * does not wait for the next tick. A failed pass is reported and the next tick tries again. `stop()`
 * ends the timer and waits for the pass under way.
 */
export function pollingLoop(options: {
  pass: () => Promise<void>;
  intervalMs: number;
  onError: (error: unknown) => void;
}) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await options.pass();
      } while (again && !stopped);
    })()
      .catch((error) => {
        if (!stopped) options.onError(error);
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    /** True once stopped: a pass under way ends at its next step. */
    get stopped(): boolean {
      return stopped;
    },
    /** A pass now (or right after the one under way); resolves when it ends. */
    run,
    /** A pass now, then every `intervalMs`. */
    start(): void {
      if (stopped || timer) return;
      timer = setInterval(() => void run(), options.intervalMs);
      void run();
    },
    /** Something was just committed: a pass now rather than at the next tick (once started). */
    wake(): void {
      if (!stopped && timer) void run();
    },
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      timer = undefined;
      while (running) await running;
    },
  };
}
