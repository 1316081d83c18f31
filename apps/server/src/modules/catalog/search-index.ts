import { type ListingDocument, ListingIndex } from './listing-index.ts';
import { buildSearchPlan, type NameSpellings, type SearchPlan } from './search-plan.ts';
import { noSynonyms, type SynonymMap } from './search-synonyms.ts';
import { Vocabulary } from './search-vocabulary.ts';
import { SpellingCorrections } from './spelling-corrections.ts';

/**
 * Everything the catalogue's search holds in memory, kept together so that it changes together: the
 * listing index, the vocabulary that query words are corrected against (search keys), and the names'
 * words as spelt, which typos are measured on. Built once at start; then each written product
 * changes only its own entries (`update`).
 */
export class SearchIndex {
  readonly listing: ListingIndex;
  /** The catalogue's words as search keys, that query words are corrected against. */
  readonly vocabulary: Vocabulary;
  readonly #spelling: SpellingCorrections;
  readonly #names: NameSpellings;

  private constructor(listing: ListingIndex) {
    this.listing = listing;
    this.vocabulary = new Vocabulary(listing.words);
    this.#spelling = new SpellingCorrections(listing.speltWords);
    this.#names = {
      count: (word) => listing.speltCount(word),
      completions: (prefix) => listing.speltCompletions(prefix),
      corrections: (word, limit) => this.#spelling.corrections(word, limit),
    };
  }

  static async build(documents: readonly ListingDocument[]): Promise<SearchIndex> {
    return new SearchIndex(await ListingIndex.build(documents));
  }

  get size(): number {
    return this.listing.size;
  }

  get terms(): number {
    return this.listing.words.length;
  }

  /** Products written since the index was built or last updated: replaced, added or removed. */
  update(documents: readonly ListingDocument[], removedIds: readonly number[] = []): void {
    const changed = this.listing.update(documents, removedIds);
    this.vocabulary.update(changed.words);
    this.#spelling.update(changed.spelt);
  }

  /** What a shopper typed, as what to look for (search-plan.ts). */
  plan(query: string, synonyms: SynonymMap = noSynonyms, options: { exact?: boolean } = {}): SearchPlan {
    return buildSearchPlan(query, this.vocabulary, synonyms, options, this.#names);
  }
}
