/**
 * Posting lists: for each word, the ascending slots of the documents holding it, and every word in
 * sorted order for prefix ranges. Built once from the whole catalogue, then changed in place as
 * products are written: a change adds to the lists of the words it touches, and dead slots are
 * dropped from every list now and then in one pass, so the catalogue is never indexed again.
 */
export class PostingLists {
  readonly #lists: Map<string, Int32Array>;
  /** Every word with a non-empty list, in code-unit order. */
  #sorted: string[];

  /** Takes `lists` (word → ascending slots, none empty) as its own. */
  constructor(lists: Map<string, Int32Array> = new Map()) {
    this.#lists = lists;
    this.#sorted = [...lists.keys()].sort();
  }

  get(word: string): Int32Array | undefined {
    return this.#lists.get(word);
  }

  has(word: string): boolean {
    return this.#lists.has(word);
  }

  /** Every word, sorted. */
  get words(): readonly string[] {
    return this.#sorted;
  }

  /** Words that begin with `prefix` (the prefix itself included), in order. */
  *completions(prefix: string): Generator<string> {
    const sorted = this.#sorted;
    for (let i = lowerBound(sorted, prefix); i < sorted.length && (sorted[i] as string).startsWith(prefix); i++)
      yield sorted[i] as string;
  }

  /**
   * Adds `added` (word → ascending slots, all above every slot listed so far, or merged in order if
   * not). Returns the words that gained their first slot. Only the lists of those words are copied.
   */
  add(added: ReadonlyMap<string, Int32Array>): string[] {
    const appeared: string[] = [];
    for (const [word, slots] of added) {
      if (slots.length === 0) continue;
      const list = this.#lists.get(word);
      if (!list) {
        appeared.push(word);
        this.#lists.set(word, slots);
        continue;
      }
      this.#lists.set(
        word,
        (slots[0] as number) > (list.at(-1) as number) ? append(list, slots) : mergeSorted(list, slots),
      );
    }
    if (appeared.length > 0) this.#sorted = resort(this.#sorted, appeared, []);
    return appeared;
  }

  /**
   * Numbers the slots afresh: `renumber[old]` is the new slot, or -1 for a slot dropped (the order of
   * the rest is kept, so the lists stay ascending). Returns the words left with no slot, now gone.
   */
  renumber(renumber: Int32Array): string[] {
    const vanished: string[] = [];
    for (const [word, list] of this.#lists) {
      let kept = 0;
      for (let i = 0; i < list.length; i++) if ((renumber[list[i] as number] as number) >= 0) kept++;
      if (kept === 0) {
        this.#lists.delete(word);
        vanished.push(word);
        continue;
      }
      const next = kept === list.length ? list : new Int32Array(kept);
      let at = 0;
      for (let i = 0; i < list.length; i++) {
        const slot = renumber[list[i] as number] as number;
        if (slot >= 0) next[at++] = slot;
      }
      this.#lists.set(word, next);
    }
    if (vanished.length > 0) this.#sorted = resort(this.#sorted, [], vanished);
    return vanished;
  }
}

/** Index of the first word not below `word`. */
export function lowerBound(sorted: readonly string[], word: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as string) < word) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Buffers `append` made with room to spare: the only ones a list is grown in place in. */
const roomy = new WeakSet<ArrayBufferLike>();

/**
 * The list with `slots` after it. A list that grows gets room to spare in a buffer of its own, and is
 * a view of it: the next slots are written into the room and the view widened, without copying the
 * list. (A list built with the index may be a view of a buffer shared with other lists: it is copied.)
 */
function append(list: Int32Array, slots: Int32Array): Int32Array {
  const end = list.byteOffset / 4 + list.length;
  if (roomy.has(list.buffer) && list.buffer.byteLength / 4 - end >= slots.length) {
    const grown = new Int32Array(list.buffer, list.byteOffset, list.length + slots.length);
    grown.set(slots, list.length);
    return grown;
  }
  const buffer = new ArrayBuffer(Math.ceil((list.length + slots.length) * 1.5 + 4) * 4);
  roomy.add(buffer);
  const next = new Int32Array(buffer, 0, list.length + slots.length);
  next.set(list);
  next.set(slots, list.length);
  return next;
}

/** The union of two ascending slot lists, ascending, without repeats. */
function mergeSorted(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length || j < b.length) {
    const x = i < a.length ? (a[i] as number) : Number.POSITIVE_INFINITY;
    const y = j < b.length ? (b[j] as number) : Number.POSITIVE_INFINITY;
    const next = x <= y ? x : y;
    if (x === next) i++;
    if (y === next) j++;
    if (n === 0 || out[n - 1] !== next) out[n++] = next;
  }
  return n === out.length ? out : out.slice(0, n);
}

/** The sorted words with `appeared` put in and `vanished` taken out: a merge when many change. */
function resort(sorted: string[], appeared: string[], vanished: string[]): string[] {
  const gone = new Set(vanished);
  if (appeared.length + vanished.length < 64) {
    const next = gone.size > 0 ? sorted.filter((word) => !gone.has(word)) : sorted;
    for (const word of appeared) next.splice(lowerBound(next, word), 0, word);
    return next;
  }
  const fresh = [...appeared].sort();
  const out: string[] = [];
  let j = 0;
  for (const word of sorted) {
    if (gone.has(word)) continue;
    while (j < fresh.length && (fresh[j] as string) < word) out.push(fresh[j++] as string);
    out.push(word);
  }
  while (j < fresh.length) out.push(fresh[j++] as string);
  return out;
}
