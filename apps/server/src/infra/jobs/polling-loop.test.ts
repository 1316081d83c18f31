import { describe, expect, it } from 'vitest';
import { pollingLoop } from './polling-loop.ts';

/** A pass that waits until released, counting how many ran and how many at once. */
function gatedPasses() {
  let release: (() => void) | undefined;
  const seen = { passes: 0, atOnce: 0, most: 0 };
  const pass = async () => {
    seen.passes++;
    seen.atOnce++;
    seen.most = Math.max(seen.most, seen.atOnce);
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    seen.atOnce--;
  };
  const releaseOne = async () => {
    while (!release) await new Promise((r) => setTimeout(r, 1));
    const go = release;
    release = undefined;
    go();
  };
  return { pass, seen, releaseOne };
}

describe('a polling loop', () => {
  it('runs passes one at a time; one asked for during a pass runs once right after it, however often asked', async () => {
    const { pass, seen, releaseOne } = gatedPasses();
    const loop = pollingLoop({ pass, intervalMs: 60_000, onError: () => {} });
    loop.start();
    loop.wake();
    loop.wake();
    await releaseOne();
    await releaseOne();
    await loop.stop();
    expect(seen).toEqual({ passes: 2, atOnce: 0, most: 1 });
  });

  it('reports a failed pass and tries again when asked; after stop it neither runs nor reports', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const loop = pollingLoop({
      pass: async () => {
        calls++;
        if (calls === 1) throw new Error('down');
      },
      intervalMs: 60_000,
      onError: (error) => errors.push(error),
    });
    loop.start();
    await loop.run();
    expect(errors).toEqual([new Error('down')]);
    await loop.run();
    expect(calls).toBe(2);
    await loop.stop();
    expect(loop.stopped).toBe(true);
    loop.wake();
    loop.start();
    expect(calls).toBe(2);
  });

  it('stop waits for the pass under way', async () => {
    const { pass, seen, releaseOne } = gatedPasses();
    const loop = pollingLoop({ pass, intervalMs: 60_000, onError: () => {} });
    loop.start();
    let stopped = false;
    const stopping = loop.stop().then(() => {
      stopped = true;
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(stopped).toBe(false);
    await releaseOne();
    await stopping;
    expect(seen.atOnce).toBe(0);
  });
});
