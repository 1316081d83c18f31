/**
 * The words that occur in the catalogue's search keys, and the query-word correction against them: exact match,
 * typo tolerance (Damerau–Levenshtein, optimal string alignment) and prefix completion.
 *
 * Speed: exact match is a Set lookup; prefix completion is a binary search in a sorted array followed by a scan of
 * the matching range, keeping only the best few. Typo tolerance walks a trie of the vocabulary (trie-search.ts).
 */

import { lowerBound } from './posting-lists.ts';
import { type CloseWord, closeWords, Trie, wholeEdits } from './trie-search.ts';

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
    const close: CloseWord[] = [];
    closeWords(this.#trie, word, bound * 2, wholeEdits, close);
    for (const { word: other, cost } of close) {
      found.push({ word: other, rank: cost / 2 });
      seen.add(other);
    }
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
