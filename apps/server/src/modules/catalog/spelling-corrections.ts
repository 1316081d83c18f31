/**
 * Typo tolerance on words as product names spell them, in Cyrillic: a slip costs one edit on the
 * word the shopper meant, however many Latin letters its search key spends on a letter (ш is "sh",
 * щ "sch"), and the slips keyboards make are cheaper than others.
 *
 * Costs are counted in half-edits: a letter swapped for a neighbouring key on the ЙЦУКЕН layouts, a
 * letter doubled, or one of a doubled pair dropped costs 1; any other substitution, insertion,
 * deletion, or two neighbouring letters swapped (Damerau) costs 2. A word of four letters may be one
 * edit away, a longer one two.
 */
import { Trie } from './search-vocabulary.ts';

const CYRILLIC_WORD = /^[а-яёіїєґ'’ʼ]+$/u;

// The Ukrainian and Russian ЙЦУКЕН layouts, row by row; a key's neighbours are beside it and, on the
// staggered rows, the two keys above and the two below.
const layouts = [
  ['йцукенгшщзхї', 'фівапролджє', 'ячсмитьбю'],
  ['йцукенгшщзхъ', 'фывапролджэ', 'ячсмитьбю'],
];
const neighbourPairs = new Set<number>();
for (const rows of layouts) {
  rows.forEach((row, r) => {
    for (let i = 0; i < row.length; i++) {
      const near = [
        row[i - 1],
        row[i + 1],
        rows[r - 1]?.[i],
        rows[r - 1]?.[i + 1],
        rows[r + 1]?.[i - 1],
        rows[r + 1]?.[i],
      ];
      for (const other of near) if (other) neighbourPairs.add(pairKey(row.charCodeAt(i), other.charCodeAt(0)));
    }
  });
}

function pairKey(a: number, b: number): number {
  return a * 65536 + b;
}

/** What putting the typed `q` where the name has `c` costs. */
function substitution(q: number, c: number): number {
  return neighbourPairs.has(pairKey(q, c)) ? 1 : 2;
}

/** The largest cost allowed for a typed word of this many letters. */
function bound(length: number): number {
  if (length <= 3) return 0;
  if (length === 4) return 2;
  return 4;
}

export interface Spelling {
  word: string;
  /** Half-edits away from what was typed (0: as typed). */
  cost: number;
}

// Scratch space for the walk, grown on demand (the walk is synchronous).
let rows = new Int32Array(1024);
let path = new Int32Array(64);
let codes = new Int32Array(64);

/**
 * The spelt words of the catalogue's names, and the closest of them to a word a shopper typed in
 * Cyrillic. Follows the catalogue as products are written.
 */
export class SpellingCorrections {
  readonly #trie: Trie;
  readonly #words = new Set<string>();

  constructor(words: Iterable<string>) {
    const cyrillic: string[] = [];
    for (const word of words)
      if (CYRILLIC_WORD.test(word) && !this.#words.has(word)) {
        this.#words.add(word);
        cyrillic.push(word);
      }
    this.#trie = new Trie(cyrillic.sort());
  }

  update({ appeared, vanished }: { appeared: readonly string[]; vanished: readonly string[] }): void {
    for (const word of vanished) if (this.#words.delete(word)) this.#trie.remove(word);
    for (const word of appeared) {
      if (!CYRILLIC_WORD.test(word) || this.#words.has(word)) continue;
      this.#words.add(word);
      this.#trie.add(word);
    }
  }

  /** Whether the word is in Cyrillic letters, so that these corrections apply to it. */
  static applies(word: string): boolean {
    return CYRILLIC_WORD.test(word);
  }

  /** Names' words within reach of `typed`, cheapest first (then shorter, then in order); not `typed` itself. */
  corrections(typed: string, limit: number): Spelling[] {
    if (!CYRILLIC_WORD.test(typed)) return [];
    const max = bound(typed.length);
    if (max === 0 || typed.length > 64) return [];
    const found: Spelling[] = [];
    walk(this.#trie, typed, max, found);
    found.sort((a, b) => a.cost - b.cost || a.word.length - b.word.length || (a.word < b.word ? -1 : 1));
    return found.slice(0, limit);
  }
}

/**
 * A depth-first walk of the trie computing one row of the weighted distance table per node (rows over
 * the name word's letters, columns over the typed word's), banded, and abandoning a subtree once a
 * whole row exceeds the bound: every cost is positive, so no extension comes back under it.
 */
function walk(trie: Trie, query: string, max: number, found: Spelling[]): void {
  const n = query.length;
  const width = n + 1;
  const maxDepth = n + max;
  const over = max + 1;
  if (rows.length < (maxDepth + 1) * width) rows = new Int32Array((maxDepth + 1) * width * 2);
  if (path.length < maxDepth + 2) path = new Int32Array((maxDepth + 2) * 2);
  if (codes.length < n + 1) codes = new Int32Array((n + 1) * 2);
  codes[0] = -1;
  for (let j = 1; j <= n; j++) codes[j] = query.charCodeAt(j - 1);
  // Row 0: the typed letters before any of the name's; a repeated typed letter costs 1.
  rows[0] = 0;
  for (let j = 1; j <= n; j++) rows[j] = Math.min((rows[j - 1] as number) + (codes[j] === codes[j - 1] ? 1 : 2), over);
  const { firstChild, nextSibling, char, wordAt, longest, words } = trie;
  const shortest = n - max;
  path[0] = -1;

  const visit = (node: number, depth: number): void => {
    if ((longest[node] as number) < shortest) return;
    const c = char[node] as number;
    path[depth] = c;
    const base = depth * width;
    const back = base - width;
    const twoBack = back - width;
    const previous = path[depth - 1] as number;
    const lo = Math.max(depth - max, 0);
    const hi = Math.min(depth + max, n);
    if (lo > 0) rows[base + lo - 1] = over;
    if (hi < n) rows[base + hi + 1] = over;
    let rowMin = over;
    for (let j = lo; j <= hi; j++) {
      const dropped = c === previous ? 1 : 2;
      let value: number;
      if (j === 0) {
        value = Math.min((rows[back] as number) + dropped, over);
      } else {
        const q = codes[j] as number;
        value = (rows[back + j - 1] as number) + (q === c ? 0 : substitution(q, c));
        const missing = (rows[back + j] as number) + dropped;
        if (missing < value) value = missing;
        const extra = (rows[base + j - 1] as number) + (q === codes[j - 1] ? 1 : 2);
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
