import type { Sort } from '@kram/contract/catalog-rules';
import { formatMoney, type Kopiyky, parseMoney } from '@kram/contract/money';
import type { SearchPlan } from './search-plan.ts';
import { searchKey, speltWords } from './search-text.ts';

/** What the index keeps of a product: enough to match, rank, filter, count, facet and suggest. */
export interface ListingDocument {
  id: number;
  category_id: number;
  price: string;
  is_on_sale: boolean;
  is_new: boolean;
  is_on_promo: boolean;
  popularity: number;
  created_at: number;
  color_ids: number[];
  size_ids: number[];
  search_name: string;
  /** Every canonical word of the product's names, SKU and texts, space-separated. */
  words: string;
  slug: string;
  name: string;
  name_ru: string;
  category_full_path: string;
  image: string | null;
}

/** A listing's filters; each is optional. Price bounds are in kopiyky. */
export interface ListingFilter {
  categoryIds?: readonly number[];
  sizeIds?: readonly number[];
  inStock?: boolean;
  colorIds?: readonly number[];
  minPrice?: Kopiyky;
  maxPrice?: Kopiyky;
}

export interface ListingQuery {
  /** What a search matched; null lists every product the filters let through. */
  plan: SearchPlan | null;
  filter: ListingFilter;
  sort: Sort;
  limit: number;
  offset: number;
}

/** One page of a listing: its product ids in order, the count, and the facets. */
export interface ListingPage {
  count: number;
  ids: number[];
  /** Colours of the products before the colour filter is applied. */
  colorIds: number[];
  /** Price bounds before the price filter is applied. */
  minPrice: string | null;
  maxPrice: string | null;
}

interface Doc extends Omit<ListingDocument, 'words'> {
  cents: Kopiyky;
  /** Both names' words as spelt, lower-case, each between spaces: what a shopper's exact word is found in. */
  spelt: string;
}

const intersects = (a: readonly number[], b: readonly number[]) => a.some((x) => b.includes(x));

type Compare = (a: Doc, b: Doc) => number;
const byStockThenId: Compare = (a, b) => Number(b.is_on_sale) - Number(a.is_on_sale) || b.id - a.id;
/** The six sorts (spec section 4); a search's `default` puts relevance first (see `page`). */
const comparators: Record<Sort, Compare> = {
  default: byStockThenId,
  cheap: (a, b) => a.cents - b.cents || a.id - b.id,
  expensive: (a, b) => b.cents - a.cents || b.id - a.id,
  new: (a, b) =>
    Number(b.is_on_sale) - Number(a.is_on_sale) ||
    Number(b.is_new) - Number(a.is_new) ||
    b.created_at - a.created_at ||
    b.id - a.id,
  popular: (a, b) => Number(b.is_on_sale) - Number(a.is_on_sale) || b.popularity - a.popularity || b.id - a.id,
  sale: (a, b) =>
    Number(b.is_on_sale) - Number(a.is_on_sale) || Number(b.is_on_promo) - Number(a.is_on_promo) || b.id - a.id,
};

/**
 * The catalogue's one listing engine, held in memory: the few columns that filters, facets and sorts
 * read, and a posting list per canonical word for searches. Every listing, with or without a search
 * text, is computed here; the database only supplies the page's products by id
 * (docs/decisions/003-search.md, 008-one-listing-engine.md).
 */
export class ListingIndex {
  readonly #docs: Doc[];
  readonly #postings: Map<string, Int32Array>;
  readonly #namePostings: Map<string, Int32Array>;
  /** Spellings looked up so far (search key → word, '' when no name spells it); bounded. */
  readonly #spellings = new Map<string, string>();
  /** Every indexed word, sorted, for prefix ranges. */
  readonly #sorted: string[];
  readonly #scratch: { best: Float64Array; score: Float64Array; wordScore: Uint8Array };

  constructor(documents: readonly ListingDocument[] | Parts) {
    const built = Array.isArray(documents) ? buildParts(documents) : (documents as Parts);
    this.#docs = built.docs;
    this.#postings = pack(built.postings);
    this.#namePostings = pack(built.namePostings);
    this.#sorted = [...this.#postings.keys()].sort();
    const size = this.#docs.length;
    this.#scratch = { best: new Float64Array(size), score: new Float64Array(size), wordScore: new Uint8Array(size) };
  }

  /**
   * Builds the index a slice at a time, giving the event loop back between slices: a large catalogue
   * takes seconds to index, and requests must not wait for all of it.
   */
  static async build(documents: readonly ListingDocument[], sliceSize = 2000): Promise<ListingIndex> {
    const parts: Parts = { docs: [], postings: new Map(), namePostings: new Map() };
    for (let start = 0; start < documents.length; start += sliceSize) {
      buildParts(documents.slice(start, start + sliceSize), parts, start);
      await new Promise((resolve) => setImmediate(resolve));
    }
    return new ListingIndex(parts);
  }

  get size(): number {
    return this.#docs.length;
  }

  /** Every word of the catalogue, sorted: the vocabulary that query words are corrected against. */
  /** How product names spell the word with this search key ("kurtka" → "куртка"), if any name has it. */
  spelling(key: string): string | undefined {
    let found = this.#spellings.get(key);
    if (found === undefined) {
      found = '';
      // Looked up when asked (a search read otherwise than typed), from the names holding the key.
      for (const i of this.#namePostings.get(key)?.subarray(0, 20) ?? []) {
        const words = (this.#docs[i] as Doc).spelt.trim().split(' ');
        found = words.find((word) => searchKey(word) === key) ?? '';
        if (found !== '') break;
      }
      if (this.#spellings.size < 10_000) this.#spellings.set(key, found);
    }
    return found === '' ? undefined : found;
  }

  get words(): readonly string[] {
    return this.#sorted;
  }

  /** A listing page: the products matching the plan (all, without one) that pass the filters. */
  page({ plan, filter, sort, limit, offset }: ListingQuery): ListingPage {
    const categories = filter.categoryIds && new Set(filter.categoryIds);
    const base: number[] = [];
    const consider = (i: number) => {
      const doc = this.#docs[i] as Doc;
      if (categories && !categories.has(doc.category_id)) return;
      if (filter.sizeIds?.length && !intersects(doc.size_ids, filter.sizeIds)) return;
      if (filter.inStock && !doc.is_on_sale) return;
      base.push(i);
    };
    if (plan) for (const i of this.#match(plan, this.#postings)) consider(i);
    else for (let i = 0; i < this.#docs.length; i++) consider(i);

    const colorOk = (doc: Doc) => !filter.colorIds?.length || intersects(doc.color_ids, filter.colorIds);
    const priceOk = (doc: Doc) =>
      (filter.minPrice === undefined || doc.cents >= filter.minPrice) &&
      (filter.maxPrice === undefined || doc.cents <= filter.maxPrice);

    const colours = new Set<number>();
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    const filtered: number[] = [];
    for (const i of base) {
      const doc = this.#docs[i] as Doc;
      const inColour = colorOk(doc);
      const inPrice = priceOk(doc);
      // Each facet ignores its own filter, so the shopper can still widen it.
      if (inPrice) for (const c of doc.color_ids) colours.add(c);
      if (inColour) {
        min = Math.min(min, doc.cents);
        max = Math.max(max, doc.cents);
      }
      if (inColour && inPrice) filtered.push(i);
    }

    const docs = this.#docs;
    const compare = comparators[sort];
    let order = (ai: number, bi: number) => compare(docs[ai] as Doc, docs[bi] as Doc);
    if (plan && sort === 'default') {
      // A search's default order is relevance, then the listing's default.
      const rank = this.#ranks(plan, filtered);
      order = (ai, bi) => (rank[bi] as number) - (rank[ai] as number) || compare(docs[ai] as Doc, docs[bi] as Doc);
    }
    const top = topK(filtered, offset + limit, order);
    return {
      count: filtered.length,
      ids: top.slice(offset).map((i) => (docs[i] as Doc).id),
      colorIds: [...colours].sort((a, b) => a - b),
      minPrice: Number.isFinite(min) ? formatMoney(min) : null,
      maxPrice: Number.isFinite(max) ? formatMoney(max) : null,
    };
  }

  /** The best-matching product names for a search box. */
  suggest(plan: SearchPlan, limit: number) {
    const matched = this.#match(plan, this.#namePostings);
    const rank = this.#ranks(plan, matched);
    const best = topK(matched, limit, (ai, bi) => {
      const a = this.#docs[ai] as Doc;
      const b = this.#docs[bi] as Doc;
      return (
        (rank[bi] as number) - (rank[ai] as number) ||
        Number(b.is_on_sale) - Number(a.is_on_sale) ||
        b.popularity - a.popularity ||
        b.id - a.id
      );
    });
    return best
      .map((i) => this.#docs[i] as Doc)
      .map((doc) => ({
        id: doc.id,
        slug: doc.slug,
        name: doc.name,
        name_ru: doc.name_ru,
        category_full_path: doc.category_full_path,
        image: doc.image,
      }));
  }

  /** Indices of documents matching any variant: every word of the variant through one of its alternatives. */
  #match(plan: SearchPlan, postings: Map<string, Int32Array>): number[] {
    const size = this.#docs.length;
    const found = new Uint8Array(size);
    for (const variant of plan.variants) {
      let current: Uint8Array | undefined;
      for (const alternatives of variant.words) {
        const hits = new Uint8Array(size);
        alternatives.forEach((word, position) => {
          for (const i of postings.get(word) ?? []) hits[i] = 1;
          // What was typed also stands for the words it begins (a shopper mid-word).
          if (position === 0 && word.length >= 3) {
            for (const completion of this.#completions(word, postings))
              for (const i of postings.get(completion) ?? []) hits[i] = 1;
          }
        });
        if (current) for (let i = 0; i < size; i++) current[i] = (current[i] as number) & (hits[i] as number);
        current = current ?? hits;
      }
      if (current) for (let i = 0; i < size; i++) found[i] = (found[i] as number) | (current[i] as number);
    }
    const result: number[] = [];
    for (let i = 0; i < size; i++) if (found[i]) result.push(i);
    return result;
  }

  /** Indexed words that begin with `prefix` (the prefix itself included), which `postings` holds. */
  *#completions(prefix: string, postings: Map<string, Int32Array>): Generator<string> {
    let low = 0;
    let high = this.#sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.#sorted[middle] as string) < prefix) low = middle + 1;
      else high = middle;
    }
    for (let i = low; i < this.#sorted.length && (this.#sorted[i] as string).startsWith(prefix); i++) {
      const word = this.#sorted[i] as string;
      if (postings.has(word)) yield word;
    }
  }

  /**
   * How well each product's name answers the query. Per word: 3 when the name holds the word as typed,
   * 2 when it holds a word the typed one begins (a word being typed), 1 when it holds only a correction
   * or a synonym; +1 when the name opens with the phrase, +1 when it holds it. At equal relevance a
   * product in stock comes first, then the shorter name. Read from the name postings, so only
   * matching products are touched.
   */
  #ranks(plan: SearchPlan, candidates: readonly number[]): Float64Array {
    // Scratch arrays live with the index (searches run one at a time on the event loop); only the
    // entries of this query's candidates and postings are written, so nothing is cleared in bulk.
    const { best, score, wordScore } = this.#scratch;
    const typed = (plan.typed ?? []).map((word) => ` ${word} `);
    for (const i of candidates) best[i] = Number.NEGATIVE_INFINITY;
    for (const variant of plan.variants) {
      for (const i of candidates) score[i] = 0;
      for (const alternatives of variant.words) {
        const touched: Int32Array[] = [];
        alternatives.forEach((alt, position) => {
          // As in matching, only what was typed stands for the words it begins.
          const words = position === 0 ? this.#completions(alt, this.#namePostings) : [alt];
          for (const word of words) {
            const postings = this.#namePostings.get(word);
            if (!postings) continue;
            touched.push(postings);
            const points = position > 0 ? 1 : word === alt ? 3 : 2;
            for (const i of postings) if ((wordScore[i] as number) < points) wordScore[i] = points;
          }
        });
        for (const i of candidates) score[i] = (score[i] as number) + (wordScore[i] as number);
        for (const postings of touched) for (const i of postings) wordScore[i] = 0;
      }
      for (const i of candidates) {
        const doc = this.#docs[i] as Doc;
        const name = doc.search_name;
        const phrase = (name.startsWith(variant.phrase) ? 1 : 0) + (name.includes(variant.phrase) ? 1 : 0);
        // Search keys fold word forms together (тактичні and тактичний are one key): a name holding a
        // word exactly as the shopper spelt it gets a point for it.
        let spelt = 0;
        for (const word of typed) if (doc.spelt.includes(word)) spelt++;
        // Relevance in whole points; below one point, stock (2) and then the name's length (< 1).
        const total = ((score[i] as number) + phrase + spelt) * 4 + (doc.is_on_sale ? 2 : 0) + 1 / (1 + name.length);
        if (total > (best[i] as number)) best[i] = total;
      }
    }
    return best;
  }
}

interface Parts {
  docs: Doc[];
  postings: Map<string, number[]>;
  namePostings: Map<string, number[]>;
}

function buildParts(
  documents: readonly ListingDocument[],
  parts: Parts = { docs: [], postings: new Map(), namePostings: new Map() },
  offset = 0,
): Parts {
  documents.forEach(({ words, ...d }, n) => {
    const index = offset + n;
    for (const word of words.split(' ')) add(parts.postings, word, index);
    for (const word of d.search_name.split(' ')) add(parts.namePostings, word, index);
    parts.docs.push({ ...d, cents: parseMoney(d.price), spelt: speltWords(`${d.name} ${d.name_ru}`) });
  });
  return parts;
}

/** Appends a document to a word's list once: documents arrive in order, so a repeat is the last entry. */
function add(map: Map<string, number[]>, word: string, index: number) {
  if (word === '') return;
  const list = map.get(word);
  if (!list) map.set(word, [index]);
  else if (list[list.length - 1] !== index) list.push(index);
}

function pack(map: Map<string, number[]>): Map<string, Int32Array> {
  return new Map([...map].map(([word, list]) => [word, Int32Array.from(list)]));
}

/** The first `k` items in `compare` order, without sorting the rest. */
function topK(items: readonly number[], k: number, compare: (a: number, b: number) => number): number[] {
  if (items.length <= k * 4) return [...items].sort(compare).slice(0, k);
  const top: number[] = [];
  for (const item of items) {
    if (top.length === k && compare(item, top[k - 1] as number) >= 0) continue;
    let low = 0;
    let high = top.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(item, top[middle] as number) < 0) high = middle;
      else low = middle + 1;
    }
    top.splice(low, 0, item);
    if (top.length > k) top.pop();
  }
  return top;
}
