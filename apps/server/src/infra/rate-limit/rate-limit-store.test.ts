import { describe, expect, it } from 'vitest';
import { memoryStore } from './rate-limit-store.ts';

describe('memoryStore', () => {
  it('counts within a window and starts again after it', async () => {
    let now = 1_000;
    const store = memoryStore({ now: () => now });
    expect(await store.hit('k', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
    now += 59_000;
    expect(await store.hit('k', 60_000)).toEqual({ count: 2, resetInMs: 1_000 });
    now += 1_000;
    expect(await store.hit('k', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
  });

  it('keeps keys apart and forgets a key on reset', async () => {
    const store = memoryStore();
    await store.hit('a', 1000);
    await store.hit('a', 1000);
    expect((await store.hit('b', 1000)).count).toBe(1);
    await store.reset('a');
    expect((await store.hit('a', 1000)).count).toBe(1);
  });
});
