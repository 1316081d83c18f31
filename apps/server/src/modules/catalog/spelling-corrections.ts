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
import { closeWords, type EditCosts, Trie } from './trie-search.ts';

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

/** A neighbouring key, a doubled letter or one of a doubled pair dropped cost half an edit. */
const keyboardCosts: EditCosts = {
  substitution: (q, c) => (neighbourPairs.has(pairKey(q, c)) ? 1 : 2),
  doubled: 1,
};

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

  /** Names' words within reach of `typed`, cheapest first (then shorter, then in order); not `typed` itself. */
  corrections(typed: string, limit: number): Spelling[] {
    if (!CYRILLIC_WORD.test(typed)) return [];
    const max = bound(typed.length);
    if (max === 0 || typed.length > 64) return [];
    const found: Spelling[] = [];
    closeWords(this.#trie, typed, max, keyboardCosts, found);
    found.sort((a, b) => a.cost - b.cost || a.word.length - b.word.length || (a.word < b.word ? -1 : 1));
    return found.slice(0, limit);
  }
}
