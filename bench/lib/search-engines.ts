/**
 * The two engines the search bench compares, built from the same catalogue: kram's own (the listing
 * index and vocabulary, wired as catalog.service.ts wires them) and MiniSearch behind kram's text
 * normalisation and query readings.
 */
import type { ListingDocument } from '@kram/server/modules/catalog/listing-index';
import { SearchIndex } from '@kram/server/modules/catalog/search-index';
import { buildSearchPlan } from '@kram/server/modules/catalog/search-plan';
import { searchKey, searchWords } from '@kram/server/modules/catalog/search-text';
import type { Vocabulary } from '@kram/server/modules/catalog/search-vocabulary';
import MiniSearch, { type Query } from 'minisearch';

export const resultsPerPage = 12;

export interface Engine {
  name: string;
  /** Ids of the first page of results, best first. */
  search(query: string): number[];
}

export interface KramEngine extends Engine {
  /** The catalogue's words (search keys), for MiniSearch's readings of a query. */
  vocabulary: Vocabulary;
  index: SearchIndex;
  /** Seconds to build the search index (listing index, vocabulary and names' spellings). */
  build: number;
  terms: number;
}

/** kram's search as the catalogue service runs it, minus the cache and the database read of the page. */
export async function buildKram(documents: readonly ListingDocument[]): Promise<KramEngine> {
  const started = performance.now();
  const index = await SearchIndex.build(documents);
  const build = (performance.now() - started) / 1000;
  return {
    name: 'kram',
    vocabulary: index.vocabulary,
    index,
    build,
    terms: index.terms,
    search(query) {
      const plan = index.plan(query.trim());
      if (plan.variants.length === 0) return [];
      return index.listing.page({ plan, filter: {}, sort: 'default', limit: resultsPerPage, offset: 0 }).ids;
    },
  };
}

/** What MiniSearch indexes of a product: the fields kram's search keys are made of. */
export interface MiniSearchDocument {
  id: number;
  name: string;
  name_ru: string;
  sku: string;
  /** Descriptions and compositions, as kram keeps them (its canonical search text). */
  description: string;
}

export type Combination = 'AND' | 'OR';

export interface MiniSearchEngine {
  build: number;
  terms: number;
  /** The engine searching with a query's words combined this way (every word, or any word). */
  searching(combineWords: Combination): Engine;
}

/**
 * MiniSearch in its strongest configuration for this catalogue: kram's canonical key as its tokenizer
 * (so Ukrainian, Russian, transliterated and SKU spellings meet), fuzzy 0.2 and prefix matching, the
 * name fields boosted over the descriptions; and each query searched in the keyboard-layout readings
 * kram's plan keeps, OR-ed. Within a reading the words are AND-ed as kram does, or OR-ed as
 * MiniSearch does by default: the bench reports both. Only the typed words of those readings are given to it, never kram's
 * corrections: typo tolerance and completion are MiniSearch's own.
 */
export function buildMiniSearch(documents: readonly MiniSearchDocument[], vocabulary: Vocabulary): MiniSearchEngine {
  const started = performance.now();
  const index = new MiniSearch<MiniSearchDocument>({
    fields: ['name', 'name_ru', 'sku', 'description'],
    storeFields: [],
    tokenize: (text) => searchWords(searchKey(text)),
    // The tokenizer already gives canonical words; a query's words arrive canonical too.
    processTerm: (term) => term,
    searchOptions: {
      fuzzy: 0.2,
      prefix: true,
      boost: { name: 3, name_ru: 3, sku: 3 },
    },
  });
  index.addAll(documents as MiniSearchDocument[]);
  const build = (performance.now() - started) / 1000;
  return {
    build,
    terms: index.termCount,
    searching(combineWords) {
      return {
        name: `MiniSearch, words ${combineWords}`,
        search(query) {
          const plan = buildSearchPlan(query.trim(), vocabulary);
          const readings = plan.variants.map((v) => v.words.map((alternatives) => alternatives[0]).join(' '));
          if (readings.length === 0) return [];
          // A nested query takes its parent's combination for its words unless it names its own.
          const expression: Query = {
            combineWith: 'OR',
            queries: readings.map((reading) => ({ combineWith: combineWords, queries: [reading] })),
          };
          return index
            .search(expression)
            .slice(0, resultsPerPage)
            .map((r) => r.id as number);
        },
      };
    },
  };
}
