/**
 * The words that occur in the catalogue's search keys, and the query-word correction against them: exact match,
 * typo tolerance (Damerau–Levenshtein, optimal string alignment) and prefix completion.
 *
 * Speed: exact match is a Set lookup; prefix completion is a binary search in a sorted array followed by a scan of
 * the matching range, keeping only the best few. Typo tolerance walks a trie of the vocabulary computing one banded
 * row of the bounded distance table per node, so prefixes shared by many words are compared once, only words whose
 * length differs by at most the allowed distance are reached, and a whole subtree is dropped as soon as its row
 * exceeds the bound. (Comparing the query with every word of a similar length — even behind a letter-set signature
 * filter — took ~400 µs per query on a dense 50,000-word vocabulary; the trie walk takes a few tens of µs.)
 */

import { lowerBound } from './posting-lists.ts';

/** Fuzzy matching never applies to words containing a digit: "00123" and "00124" are different products. */
const DIGIT = /[0-9]/;

/** Longer query words get no fuzzy matches (no real word is this long; keeps the search's scratch space small). */
const MAX_FUZZY_LENGTH = 128;

/** Ranks, best first. Fuzzy matches take their distance (1 or 2) as their rank. */
const EXACT = 0;
const PREFIX = 3;

/** The allowed edit distance for a query word of this length. */
function maxDistance(length: number): number {
  if (length <= 3) return 0;
  if (length <= 6) return 1;
  return 2;
}

/**
 * The digit-free words as a trie in flat typed arrays: node 0 is the root; each node has its first child, its next
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

// Scratch space for the search, grown on demand and shared (the search is synchronous).
let rows = new Int32Array(1024);
let path = new Int32Array(64);
let codes = new Int32Array(64);

/**
 * Collects the trie's words within optimal-string-alignment distance `bound` of `query` (substitution, insertion,
 * deletion, adjacent transposition), other than the query itself.
 *
 * A depth-first walk computes one row of the distance table per trie node: row i of a node at depth i holds the
 * distances between the node's prefix and every prefix of the query. Prefixes shared by many words are computed
 * once; only the band of cells within `bound` of the diagonal is computed (cells outside it always exceed the bound);
 * and a subtree is abandoned as soon as a whole row exceeds the bound (no extension can come back under it — this
 * also holds with transpositions, since a transposition cell is never smaller than a substitution path through the
 * row in between) or its longest word is too short.
 */
function searchTrie(trie: Trie, query: string, bound: number, found: Candidate[], seen: Set<string>): void {
  const n = query.length;
  const width = n + 1;
  const maxDepth = n + bound;
  const over = bound + 1;
  if (rows.length < (maxDepth + 1) * width) rows = new Int32Array((maxDepth + 1) * width * 2);
  if (path.length < maxDepth + 1) path = new Int32Array((maxDepth + 1) * 2);
  if (codes.length < n + 1) codes = new Int32Array((n + 1) * 2);
  for (let j = 1; j <= n; j++) codes[j] = query.charCodeAt(j - 1);
  for (let j = 0; j <= n; j++) rows[j] = Math.min(j, over);
  const { firstChild, nextSibling, char, wordAt, longest, words } = trie;
  const shortest = n - bound;

  const visit = (node: number, depth: number): void => {
    if ((longest[node] as number) < shortest) return;
    const c = char[node] as number;
    path[depth] = c;
    const base = depth * width;
    const back = base - width;
    const twoBack = back - width;
    const previousChar = depth >= 2 ? (path[depth - 1] as number) : -1;
    const lo = Math.max(depth - bound, 0);
    const hi = Math.min(depth + bound, n);
    if (lo > 0) rows[base + lo - 1] = over;
    if (hi < n) rows[base + hi + 1] = over;
    let rowMin = over;
    for (let j = lo; j <= hi; j++) {
      let value: number;
      if (j === 0) {
        value = depth;
      } else {
        const q = codes[j] as number;
        value = (rows[back + j - 1] as number) + (q === c ? 0 : 1);
        const deletion = (rows[back + j] as number) + 1;
        if (deletion < value) value = deletion;
        const insertion = (rows[base + j - 1] as number) + 1;
        if (insertion < value) value = insertion;
        if (j >= 2 && q !== c && previousChar === q && codes[j - 1] === c) {
          const transposition = (rows[twoBack + j - 2] as number) + 1;
          if (transposition < value) value = transposition;
        }
        if (value > over) value = over;
      }
      rows[base + j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > bound) return;
    const w = wordAt[node] as number;
    if (w !== -1 && depth >= shortest && depth <= maxDepth && (rows[base + n] as number) <= bound) {
      const word = words[w] as string;
      if (word !== query) {
        found.push({ word, rank: rows[base + n] as number });
        seen.add(word);
      }
    }
    if (depth === maxDepth) return;
    for (let child = firstChild[node] as number; child !== -1; child = nextSibling[child] as number) {
      visit(child, depth + 1);
    }
  };

  for (let child = firstChild[0] as number; child !== -1; child = nextSibling[child] as number) visit(child, 1);
}

interface Candidate {
  readonly word: string;
  readonly rank: number;
}

function better(a: Candidate, b: Candidate): number {
  if (a.rank !== b.rank) return a.rank - b.rank;
  if (a.word.length !== b.word.length) return a.word.length - b.word.length;
  return a.word < b.word ? -1 : a.word > b.word ? 1 : 0;
}

export class Vocabulary {
  readonly #words: Set<string>;
  /** All words in code-unit order, for prefix lookup. */
  #sorted: string[];
  /** Digit-free words, for fuzzy lookup. */
  readonly #trie: Trie;

  constructor(words: Iterable<string>) {
    const set = new Set<string>();
    for (const word of words) if (typeof word === 'string' && word !== '') set.add(word);
    this.#words = set;
    this.#sorted = [...set].sort();
    this.#trie = new Trie(this.#sorted.filter((word) => !DIGIT.test(word)));
  }

  /** Follows the catalogue: words it gained are corrected to from now on, words it lost no longer. */
  update({ appeared, vanished }: { appeared: readonly string[]; vanished: readonly string[] }): void {
    for (const word of vanished) {
      if (!this.#words.delete(word)) continue;
      this.#trie.remove(word);
      const at = lowerBound(this.#sorted, word);
      if (this.#sorted[at] === word) this.#sorted.splice(at, 1);
    }
    for (const word of appeared) {
      if (typeof word !== 'string' || word === '' || this.#words.has(word)) continue;
      this.#words.add(word);
      this.#sorted.splice(lowerBound(this.#sorted, word), 0, word);
      if (!DIGIT.test(word)) this.#trie.add(word);
    }
  }

  get size(): number {
    return this.#words.size;
  }

  /** Words of the vocabulary a query word may stand for, best first, at most `limit` (default 4). */
  corrections(word: string, limit = 4): string[] {
    const max = Math.floor(limit);
    if (typeof word !== 'string' || word === '' || !(max >= 1)) return [];
    const found: Candidate[] = [];
    const seen = new Set<string>();
    if (this.#words.has(word)) {
      found.push({ word, rank: EXACT });
      seen.add(word);
    }
    this.#fuzzy(word, found, seen);
    found.sort(better);
    if (found.length < max && word.length >= 3) this.#completions(word, max - found.length, found, seen);
    return found.slice(0, max).map((candidate) => candidate.word);
  }

  #fuzzy(word: string, found: Candidate[], seen: Set<string>): void {
    const bound = maxDistance(word.length);
    if (bound === 0 || word.length > MAX_FUZZY_LENGTH || DIGIT.test(word)) return;
    if (word.length - bound > (this.#trie.longest[0] as number)) return;
    searchTrie(this.#trie, word, bound, found, seen);
  }

  /** Appends the best `count` words that start with `prefix` and are not in `seen`, shortest first. */
  #completions(prefix: string, count: number, found: Candidate[], seen: Set<string>): void {
    const sorted = this.#sorted;
    const best: Candidate[] = [];
    for (let i = lowerBound(sorted, prefix); i < sorted.length; i++) {
      const candidate = sorted[i] as string;
      if (!candidate.startsWith(prefix)) break;
      if (seen.has(candidate)) continue;
      const entry = { word: candidate, rank: PREFIX };
      if (best.length === count) {
        // Kept sorted; scanning in code-unit order means only a strictly shorter word can displace the last one.
        if (candidate.length >= (best[count - 1] as Candidate).word.length) continue;
        best.pop();
      }
      let at = best.length;
      while (at > 0 && better(entry, best[at - 1] as Candidate) < 0) at--;
      best.splice(at, 0, entry);
    }
    found.push(...best);
  }
}
