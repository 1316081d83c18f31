import { describe, expect, it } from 'vitest';
import { versionedCache } from './catalog-cache.ts';

/** A cache over a version the test sets, on a clock the test moves. */
function cacheUnderTest() {
  let version = 1;
  let clock = 0;
  let reads = 0;
  const cache = versionedCache(
    async () => {
      reads++;
      return version;
    },
    { checkIntervalMs: 1000, now: () => clock },
  );
  let loads = 0;
  const read = () => cache.memo('key', async () => `v${version} load ${++loads}`);
  return {
    cache,
    read,
    bump: () => version++,
    advance: (ms: number) => {
      clock += ms;
    },
    reads: () => reads,
  };
}

describe('the catalogue cache', () => {
  it('keeps a value while the version is checked at most once per interval', async () => {
    const t = cacheUnderTest();
    expect(await t.read()).toBe('v1 load 1');
    t.bump();
    t.advance(500);
    expect(await t.read()).toBe('v1 load 1');
    expect(t.reads()).toBe(1);
  });

  it('drops everything once the interval has passed and the version moved', async () => {
    const t = cacheUnderTest();
    await t.read();
    t.bump();
    t.advance(1000);
    expect(await t.read()).toBe('v2 load 2');
  });

  it('after changed(), compares versions on the next read however recently it checked', async () => {
    const t = cacheUnderTest();
    await t.read();
    t.bump();
    t.cache.changed();
    expect(await t.read()).toBe('v2 load 2');
    expect(t.reads()).toBe(2);
    // The next reads inside the interval trust the version just read.
    expect(await t.read()).toBe('v2 load 2');
    expect(t.reads()).toBe(2);
  });

  it('tells each read whether it found its entry, a read after a version change being a miss', async () => {
    const seen: boolean[] = [];
    let version = 1;
    const cache = versionedCache(async () => version, { checkIntervalMs: 0, onRead: (hit) => seen.push(hit) });
    await cache.memo('a', async () => 1);
    await cache.memo('a', async () => 2);
    await cache.memo('b', async () => 3);
    version = 2;
    await cache.memo('a', async () => 4);
    // Values derived from the whole catalogue are not cache reads a shopper makes.
    await cache.derived('tree', async () => 5);
    expect(seen).toEqual([false, true, false, false]);
  });

  it('checks again when told of a change while a check was under way', async () => {
    let version = 1;
    let release: () => void = () => {};
    let reads = 0;
    const cache = versionedCache(
      async () => {
        reads++;
        const seen = version;
        // The first read is slow: the change lands while it is under way, after it read the version.
        if (reads === 1)
          await new Promise<void>((resolve) => {
            release = resolve;
          });
        return seen;
      },
      { checkIntervalMs: 60_000 },
    );
    const first = cache.memo('key', async () => `v${version}`);
    await new Promise((resolve) => setImmediate(resolve));
    version = 2;
    cache.changed();
    const second = cache.memo('key', async () => `v${version}`);
    release();
    expect(await first).toBe('v2');
    expect(await second).toBe('v2');
    expect(reads).toBe(2);
  });
});
