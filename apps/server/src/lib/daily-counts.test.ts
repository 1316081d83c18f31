import { describe, expect, it } from 'vitest';
import { dailyCounts } from './daily-counts.ts';

interface Count {
  day: string;
  name: string;
  n: number;
}

function counter(write: (entries: Count[], pruneBefore: string | undefined) => Promise<void>, maxBuffered = 3) {
  const warnings: string[] = [];
  const counts = dailyCounts<Count>({
    keyOf: (c) => `${c.day}\n${c.name}`,
    merge: (into, from) => {
      into.n += from.n;
    },
    write,
    log: { warn: (_object, message) => warnings.push(message) },
    failure: 'counts were not written',
    now: () => new Date('2026-11-27T22:30:00Z'),
    maxBuffered,
    retentionDays: 90,
  });
  const count = (name: string) => {
    const day = counts.today();
    const held = counts.entry(`${day}\n${name}`, () => ({ day, name, n: 0 }));
    if (held) held.n += 1;
  };
  return { counts, count, warnings };
}

describe('dailyCounts', () => {
  it('counts by Kyiv day, and a new key beyond the room is not counted while held ones go on', async () => {
    const written: Count[][] = [];
    const { counts, count } = counter(async (entries) => void written.push(entries), 2);
    for (const name of ['a', 'b', 'a', 'c', 'b', 'a']) count(name);
    expect(counts.buffered).toBe(2);
    await counts.flush();
    // 22:30 UTC is already the next day in Kyiv (UTC+2 in November).
    expect(written).toEqual([
      [
        { day: '2026-11-28', name: 'a', n: 3 },
        { day: '2026-11-28', name: 'b', n: 2 },
      ],
    ]);
    expect(counts.buffered).toBe(0);
  });

  it('puts a failed write’s counts back, adding them to newer ones of the same key', async () => {
    const written: Count[][] = [];
    let fail = true;
    const { counts, count, warnings } = counter(async (entries) => {
      if (fail) throw new Error('database away');
      written.push(entries);
    });
    count('a');
    count('b');
    await counts.flush();
    expect(warnings).toEqual(['counts were not written; they are kept for the next try']);
    count('a');
    fail = false;
    await counts.flush();
    expect(written).toEqual([
      [
        { day: '2026-11-28', name: 'a', n: 2 },
        { day: '2026-11-28', name: 'b', n: 1 },
      ],
    ]);
  });

  it('prunes with its first write and not again within the interval; writes run one after another', async () => {
    const calls: (string | undefined)[] = [];
    let running = 0;
    let overlapped = false;
    const { counts, count } = counter(async (_entries, pruneBefore) => {
      running += 1;
      overlapped ||= running > 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      calls.push(pruneBefore);
      running -= 1;
    });
    count('a');
    const first = counts.flush();
    // The first write has taken its counts and is under way when the next one is asked for.
    await new Promise((resolve) => setTimeout(resolve, 1));
    count('b');
    await Promise.all([first, counts.flush()]);
    expect(calls).toEqual(['2026-08-30', undefined]);
    expect(overlapped).toBe(false);
  });
});
