import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { collectProcessMetrics } from './process-metrics.ts';

describe('the process metrics', () => {
  it('go into the registry given, not the global one', async () => {
    const registry = new Registry();
    const stop = collectProcessMetrics(registry);
    try {
      const text = await registry.metrics();
      expect(text).toContain('process_resident_memory_bytes');
      expect(text).toContain('nodejs_eventloop_lag_seconds');
      expect(text).toContain('nodejs_gc_duration_seconds');
    } finally {
      stop();
    }
  });

  it('stop the event-loop monitor and the GC observer that prom-client starts, once', () => {
    const stop = collectProcessMetrics(new Registry());
    expect(stop()).toBe(2);
    expect(stop()).toBe(0);
  });

  it('leave perf_hooks as they found it', async () => {
    const perfHooks = (await import('node:perf_hooks')).default;
    const { monitorEventLoopDelay, PerformanceObserver } = perfHooks;
    collectProcessMetrics(new Registry())();
    expect(perfHooks.monitorEventLoopDelay).toBe(monitorEventLoopDelay);
    expect(perfHooks.PerformanceObserver).toBe(PerformanceObserver);
  });
});
