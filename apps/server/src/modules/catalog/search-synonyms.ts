import { searchKey, searchWords } from './search-text.ts';

/**
 * The shop's synonym groups as search keys: for each term (one word or a short phrase), the keys of
 * the other terms of its group. Terms are compared as search keys, so "худі", "hudi" and "ielb" (худі
 * typed on the English layout) all meet, in both languages, as product names do.
 */
export class SynonymMap {
  /** Term key (words joined by single spaces) → the other terms' words. */
  readonly #others = new Map<string, string[][]>();
  /** First word of each term of two words or more → those terms' words. */
  readonly #phrases = new Map<string, string[][]>();
  /** Every word of every term. */
  readonly #words = new Set<string>();

  constructor(groups: readonly (readonly string[])[]) {
    for (const group of groups) {
      const terms = uniqueTerms(group);
      if (terms.length < 2) continue;
      for (const term of terms) {
        const key = term.join(' ');
        for (const word of term) this.#words.add(word);
        const others = terms.filter((other) => other.join(' ') !== key);
        this.#others.set(key, [...(this.#others.get(key) ?? []), ...others]);
        if (term.length > 1) {
          const first = term[0] as string;
          this.#phrases.set(first, [...(this.#phrases.get(first) ?? []), term]);
        }
      }
    }
  }

  get size(): number {
    return this.#others.size;
  }

  /** The word is part of some term: the shop knows it even when no product name holds it. */
  mentions(word: string): boolean {
    return this.#words.has(word);
  }

  /** The other terms of the groups the term (as search-key words) belongs to. */
  others(term: readonly string[]): readonly string[][] {
    return this.#others.get(term.join(' ')) ?? [];
  }

  /** Terms of two words or more that begin with `word`. */
  phrasesStartingWith(word: string): readonly string[][] {
    return this.#phrases.get(word) ?? [];
  }
}

export const noSynonyms = new SynonymMap([]);

/** One reading of a query: each word's alternatives, and the best guess at the whole phrase. */
interface PlanVariant {
  words: string[][];
  phrase: string;
}

/** Bounds on what synonyms add to one reading, so a query never fans out without end. */
const maxSynonymAlternatives = 10;
const maxPhraseVariants = 8;

/**
 * A reading of a query with the shop's synonyms applied. A word (or one of its corrections) that is a
 * one-word term gets the group's other one-word terms as alternatives. A phrase term matched by
 * consecutive words, or a one-word term whose group holds a phrase, gives a further reading with
 * those words replaced by the other term.
 */
export function withSynonyms(variant: PlanVariant, synonyms: SynonymMap): PlanVariant[] {
  if (synonyms.size === 0) return [variant];
  const words = variant.words.map((options) => {
    const extra = options.flatMap((option) =>
      synonyms.others([option]).flatMap((other) => (other.length === 1 ? other : [])),
    );
    return [...new Set([...options, ...extra.slice(0, maxSynonymAlternatives)])];
  });
  const readings: PlanVariant[] = [{ words, phrase: variant.phrase }];
  const phrase = variant.phrase.split(' ');
  for (let start = 0; start < variant.words.length; start++) {
    for (const term of termsAt(variant.words, start, synonyms)) {
      for (const other of synonyms.others(term)) {
        // One word for one word is an alternative already.
        if (term.length === 1 && other.length === 1) continue;
        if (readings.length > maxPhraseVariants) return readings;
        const end = start + term.length;
        readings.push({
          words: [...words.slice(0, start), ...other.map((word) => [word]), ...words.slice(end)],
          phrase: [...phrase.slice(0, start), ...other, ...phrase.slice(end)].join(' '),
        });
      }
    }
  }
  return readings;
}

/** The terms the query's words spell from `start` on: one-word terms and whole phrases, each once. */
function termsAt(words: readonly string[][], start: number, synonyms: SynonymMap): string[][] {
  const found = new Map<string, string[]>();
  for (const option of words[start] ?? []) {
    if (synonyms.others([option]).length > 0) found.set(option, [option]);
    for (const term of synonyms.phrasesStartingWith(option)) {
      const matches = term.every((word, k) => k === 0 || (words[start + k]?.includes(word) ?? false));
      if (matches) found.set(term.join(' '), term);
    }
  }
  return [...found.values()];
}

/** A group's terms as search-key words, each once; terms that leave no searchable word are dropped. */
function uniqueTerms(group: readonly string[]): string[][] {
  const seen = new Set<string>();
  const terms: string[][] = [];
  for (const term of group) {
    const words = searchWords(searchKey(term));
    const key = words.join(' ');
    if (words.length === 0 || seen.has(key)) continue;
    seen.add(key);
    terms.push(words);
  }
  return terms;
}
