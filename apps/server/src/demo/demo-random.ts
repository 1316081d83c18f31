// Small deterministic helpers shared by the demo catalogue and the image renderer.

export type Rng = () => number;

/** mulberry32: a tiny, fast, seedable PRNG returning floats in [0, 1). */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a hash of a string, handy to seed a PRNG from a name. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Integer in [min, max], both inclusive. */
export function randInt(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error('pick() from an empty list');
  return item;
}

/** `k` distinct items in random order (k is clamped to the list length). */
export function pickSome<T>(rng: Rng, items: readonly T[], k: number): T[] {
  const copy = items.slice();
  const n = Math.min(k, copy.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(rng() * (copy.length - i));
    const tmp = copy[i] as T;
    copy[i] = copy[j] as T;
    copy[j] = tmp;
  }
  return copy.slice(0, n);
}

export function shuffleInPlace<T>(rng: Rng, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    const tmp = items[i] as T;
    items[i] = items[j] as T;
    items[j] = tmp;
  }
  return items;
}

/** Flags exactly round(count * share) of `count` positions, chosen at random. */
export function exactShare(rng: Rng, count: number, share: number): Uint8Array {
  const flags = new Uint8Array(count);
  const want = Math.round(count * share);
  const idx = new Int32Array(count);
  for (let i = 0; i < count; i++) idx[i] = i;
  for (let i = 0; i < want; i++) {
    const j = i + Math.floor(rng() * (count - i));
    const chosen = idx[j] as number;
    idx[j] = idx[i] as number;
    idx[i] = chosen;
    flags[chosen] = 1;
  }
  return flags;
}
