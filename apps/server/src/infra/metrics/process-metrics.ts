import perfHooks from 'node:perf_hooks';
import { collectDefaultMetrics, type Registry } from 'prom-client';

/**
 * prom-client's process metrics (CPU, RSS, heap, event-loop lag, GC, handles) in `registry`.
 * collectDefaultMetrics starts an event-loop delay monitor and a GC observer and keeps neither where
 * it could be stopped; an app that closes (tests build many in one process) must not leave them
 * running, so they are caught as prom-client makes them, during that one synchronous call.
 * Returns what stops them, telling how many it stopped (an upgrade that makes them another way
 * shows as none).
 */
export function collectProcessMetrics(registry: Registry): () => number {
  const running: { stop(): void }[] = [];
  const { monitorEventLoopDelay, PerformanceObserver } = perfHooks;
  perfHooks.monitorEventLoopDelay = (options) => {
    const monitor = monitorEventLoopDelay(options);
    running.push({ stop: () => monitor.disable() });
    return monitor;
  };
  perfHooks.PerformanceObserver = class extends PerformanceObserver {
    constructor(callback: ConstructorParameters<typeof PerformanceObserver>[0]) {
      super(callback);
      running.push({ stop: () => this.disconnect() });
    }
  };
  try {
    collectDefaultMetrics({ register: registry });
  } finally {
    perfHooks.monitorEventLoopDelay = monitorEventLoopDelay;
    perfHooks.PerformanceObserver = PerformanceObserver;
  }
  return () => {
    const stopped = running.splice(0);
    for (const one of stopped) one.stop();
    return stopped.length;
  };
}
