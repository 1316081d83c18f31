/**
 * Words of a vocabulary close to a typed word: a trie of the words, and a walk of it that computes the
 * edit distance (optimal string alignment: substitution, insertion, deletion, two neighbouring letters
 * swapped) to every word at once, in half-edits so that some slips can cost less than others.
 *
 * The walk computes one banded row of the distance table per trie node, so prefixes shared by many
 * words are compared once, only words whose length is within reach are visited, and a subtree is
 * dropped as soon as its row exceeds the bound. (Comparing the query with every word of a similar
 * length, even behind a letter-set signature filter, took ~400 µs per query on a dense 50,000-word
 * vocabulary; the walk takes a few tens of µs.)
 */

/** What each slip costs, in half-edits; inserting, deleting and swapping two letters cost 2. */
export interface EditCosts {
  /** Typing `q` where the word has `c` (q ≠ c), as character codes. */
  substitution(q: number, c: number): number;
  /** A letter typed twice, or one of a doubled pair dropped. */
  doubled: number;
}

/** Every slip a whole edit. */
export const wholeEdits: EditCosts = { substitution: () => 2, doubled: 2 };

export interface CloseWord {
  word: string;
  /** Half-edits away from the typed word. */
  cost: number;
}

/**
 * Words as a trie in flat typed arrays: node 0 is the root; each node has its first child, its next
 * sibling, the character on the edge into it, the index of the word ending at it (or -1) and the length of the
 * longest word below it. Words are added in place as the catalogue gains them; a word it loses is unmarked (its
 * nodes stay, and `longest` stays an upper bound, which is all the search needs of it).
 */
export class Trie {
  firstChild = new Int32Array(1024);
  nextSibling = new Int32Array(1024);
  char = new Uint16Array(1024);
  wordAt = new Int32Array(1024);
  longest = new Int32Array(1024);
  readonly words: string[] = [];
  readonly #wordIndex = new Map<string, number>();
  #nodes = 1;

  constructor(words: Iterable<string>) {
    this.firstChild[0] = -1;
    this.nextSibling[0] = -1;
    this.wordAt[0] = -1;
    for (const word of words) this.add(word);
  }

  add(word: string): void {
    if (this.#wordIndex.has(word)) {
      this.#mark(word, this.#wordIndex.get(word) as number);
      return;
    }
    const w = this.words.length;
    this.words.push(word);
    this.#wordIndex.set(word, w);
    this.#mark(word, w);
  }

  remove(word: string): void {
    const w = this.#wordIndex.get(word);
    if (w !== undefined) this.#mark(word, -1);
  }

  /** Walks (and grows) the word's path and sets what ends at its last node. */
  #mark(word: string, w: number): void {
    let node = 0;
    if (word.length > (this.longest[0] as number)) this.longest[0] = word.length;
    for (let i = 0; i < word.length; i++) {
      const c = word.charCodeAt(i);
      let child = this.firstChild[node] as number;
      while (child !== -1 && this.char[child] !== c) child = this.nextSibling[child] as number;
      if (child === -1) {
        child = this.#newNode(c);
        this.nextSibling[child] = this.firstChild[node] as number;
        this.firstChild[node] = child;
      }
      if (word.length > (this.longest[child] as number)) this.longest[child] = word.length;
      node = child;
    }
    this.wordAt[node] = w;
  }

  #newNode(c: number): number {
    if (this.#nodes === this.char.length) {
      const grow = <T extends Int32Array | Uint16Array>(a: T): T => {
        const next = new (a.constructor as new (n: number) => T)(a.length * 2);
        next.set(a);
        return next;
      };
      this.firstChild = grow(this.firstChild);
      this.nextSibling = grow(this.nextSibling);
      this.char = grow(this.char);
      this.wordAt = grow(this.wordAt);
      this.longest = grow(this.longest);
    }
    const node = this.#nodes++;
    this.firstChild[node] = -1;
    this.nextSibling[node] = -1;
    this.char[node] = c;
    this.wordAt[node] = -1;
    this.longest[node] = 0;
    return node;
  }
}

// Scratch space for the walk, grown on demand (the walk is synchronous).
let rows = new Int32Array(1024);
let path = new Int32Array(64);
let codes = new Int32Array(64);

/**
 * A depth-first walk of the trie computing one row of the weighted distance table per node (rows over
 * the name word's letters, columns over the typed word's), banded, and abandoning a subtree once a
 * whole row exceeds the bound: every cost is positive, so no extension comes back under it.
 */
export function closeWords(trie: Trie, query: string, max: number, costs: EditCosts, found: CloseWord[]): void {
  const n = query.length;
  const width = n + 1;
  // Every insertion or deletion costs at least `cheapest`: cells further than this from the diagonal
  // are over the bound, and words longer or shorter by more cannot be reached.
  const reach = Math.floor(max / Math.min(costs.doubled, 2));
  const maxDepth = n + reach;
  const over = max + 1;
  if (rows.length < (maxDepth + 1) * width) rows = new Int32Array((maxDepth + 1) * width * 2);
  if (path.length < maxDepth + 2) path = new Int32Array((maxDepth + 2) * 2);
  if (codes.length < n + 1) codes = new Int32Array((n + 1) * 2);
  codes[0] = -1;
  for (let j = 1; j <= n; j++) codes[j] = query.charCodeAt(j - 1);
  // Row 0: the typed letters before any of the name's; a repeated typed letter costs 1.
  rows[0] = 0;
  for (let j = 1; j <= n; j++)
    rows[j] = Math.min((rows[j - 1] as number) + (codes[j] === codes[j - 1] ? costs.doubled : 2), over);
  const { firstChild, nextSibling, char, wordAt, longest, words } = trie;
  const shortest = n - reach;
  path[0] = -1;

  const visit = (node: number, depth: number): void => {
    if ((longest[node] as number) < shortest) return;
    const c = char[node] as number;
    path[depth] = c;
    const base = depth * width;
    const back = base - width;
    const twoBack = back - width;
    const previous = path[depth - 1] as number;
    const lo = Math.max(depth - reach, 0);
    const hi = Math.min(depth + reach, n);
    if (lo > 0) rows[base + lo - 1] = over;
    if (hi < n) rows[base + hi + 1] = over;
    let rowMin = over;
    for (let j = lo; j <= hi; j++) {
      const dropped = c === previous ? costs.doubled : 2;
      let value: number;
      if (j === 0) {
        value = Math.min((rows[back] as number) + dropped, over);
      } else {
        const q = codes[j] as number;
        value = (rows[back + j - 1] as number) + (q === c ? 0 : costs.substitution(q, c));
        const missing = (rows[back + j] as number) + dropped;
        if (missing < value) value = missing;
        const extra = (rows[base + j - 1] as number) + (q === codes[j - 1] ? costs.doubled : 2);
        if (extra < value) value = extra;
        if (j >= 2 && depth >= 2 && q !== c && previous === q && codes[j - 1] === c) {
          const swapped = (rows[twoBack + j - 2] as number) + 2;
          if (swapped < value) value = swapped;
        }
        if (value > over) value = over;
      }
      rows[base + j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return;
    const w = wordAt[node] as number;
    if (w !== -1 && depth >= shortest && (rows[base + n] as number) <= max) {
      const word = words[w] as string;
      if (word !== query) found.push({ word, cost: rows[base + n] as number });
    }
    if (depth === maxDepth) return;
    for (let child = firstChild[node] as number; child !== -1; child = nextSibling[child] as number)
      visit(child, depth + 1);
  };

  for (let child = firstChild[0] as number; child !== -1; child = nextSibling[child] as number) visit(child, 1);
}
