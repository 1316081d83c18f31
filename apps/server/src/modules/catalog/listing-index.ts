import type { Sort } from '@kram/contract/catalog-rules';
import { formatMoney, type Kopiyky } from '@kram/contract/money';
import { type Columns, columns, comparators } from './listing-columns.ts';
import {
  addDocument,
  buildParts,
  type Doc,
  emptyParts,
  type ListingDocument,
  type PartLists,
  partLists,
} from './listing-parts.ts';
import { PostingLists } from './posting-lists.ts';
import type { SearchPlan } from './search-plan.ts';
import { searchKey, speltWords } from './search-text.ts';
import { listWordsOnAThread } from './word-slots.ts';

export type { ListingDocument } from './listing-parts.ts';

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

/** What a change did to the index's words, for the vocabulary that corrects query words against them. */
export interface WordChanges {
  appeared: string[];
  vanished: string[];
}

const intersects = (a: readonly number[], b: readonly number[]) => a.some((x) => b.includes(x));

/**
 * The catalogue's one listing engine, held in memory: the few columns that filters, facets and sorts
 * read, and a posting list per canonical word for searches. Every listing, with or without a search
 * text, is computed here; the database only supplies the page's products by id
 * (docs/decisions/003-search.md, 008-one-listing-engine.md).
 */
export class ListingIndex {
  /** Documents by slot; a removed product leaves its slot empty until another product takes it. */
  readonly #docs: (Doc | undefined)[];
  readonly #slotOf = new Map<number, number>();
  /** Slots whose product was written again or removed, not yet compacted away. */
  #dead = 0;
  /** Every canonical word of names, SKUs and texts: what a search matches. */
  readonly #postings: PostingLists;
  /** Canonical words of names and SKUs: what a search ranks by. */
  readonly #namePostings: PostingLists;
  /** Both names' words as spelt, lower-case: a shopper's exact spelling ranks above word forms. */
  readonly #speltPostings: PostingLists;
  /** Spellings looked up so far (search key → word, '' when no name spells it); bounded. */
  readonly #spellings = new Map<string, string>();
  #scratch: ReturnType<typeof scratch>;
  /**
   * What every listing reads of every matching product, by slot, in flat arrays: reading these is
   * far cheaper than reading each product's object (live: 1 when the slot holds a product).
   */
  #columns: Columns;
  readonly #openingPostings: PostingLists;
  readonly #colourPostings: PostingLists;
  /** Per slot, the number of the listing or ranking that last marked it (so marks need no clearing). */
  readonly #marks = {
    facet: new Uint32Array(0),
    opening: new Uint32Array(0),
    holds: new Uint32Array(0),
    matched: new Uint32Array(0),
    /** How many of a variant's words a slot has matched so far: `progressBase` + that number. */
    progress: new Uint32Array(0),
    /** Ranking: a slot's best points in a step, its sum over a variant's words, over the spellings. */
    best: new Uint32Array(0),
    variant: new Uint32Array(0),
    spelt: new Uint32Array(0),
    stamp: 0,
    progressBase: 0,
  };

  constructor(documents: readonly ListingDocument[] | PartLists) {
    const built = Array.isArray(documents) ? partLists(buildParts(documents)) : (documents as PartLists);
    this.#docs = built.docs;
    this.#docs.forEach((doc, slot) => {
      if (doc) this.#slotOf.set(doc.id, slot);
    });
    this.#postings = new PostingLists(built.postings);
    this.#namePostings = new PostingLists(built.namePostings);
    this.#openingPostings = new PostingLists(built.openingPostings);
    this.#colourPostings = new PostingLists(built.colourPostings);
    this.#speltPostings = new PostingLists(built.speltPostings);
    this.#scratch = scratch(this.#docs.length);
    this.#columns = columns(this.#docs.length);
    this.#docs.forEach((doc, slot) => {
      if (doc) this.#place(doc, slot);
    });
  }

  /** Puts a product's listing fields in the columns and counts its colours. */
  #place(doc: Doc, slot: number) {
    if (slot >= this.#columns.live.length) this.#columns = columns(Math.ceil((slot + 1) * 1.25), this.#columns);
    const { live, category, cents, inStock, nameLength, id, popularity, created, isNew, promo } = this.#columns;
    live[slot] = 1;
    id[slot] = doc.id;
    popularity[slot] = doc.popularity;
    created[slot] = doc.created_at;
    isNew[slot] = doc.is_new ? 1 : 0;
    promo[slot] = doc.is_on_promo ? 1 : 0;
    nameLength[slot] = Math.min(doc.search_name.length, 65_535);
    category[slot] = doc.category_id;
    cents[slot] = doc.cents;
    inStock[slot] = doc.in_stock ? 1 : 0;
  }

  /** Takes a product out of the columns. */
  #unplace(slot: number) {
    this.#columns.live[slot] = 0;
  }

  /**
   * A fresh mark for per-slot marks. A listing or a suggestion asks for its first with `start`: the
   * marks are sized to the slots then, and begun again long before they run out, never mid-query.
   */
  #stamp(start = false) {
    const marks = this.#marks;
    if (start && (marks.facet.length < this.#docs.length || marks.stamp > 0xfff00000)) {
      const size = Math.ceil(this.#docs.length * 1.25);
      for (const name of ['facet', 'opening', 'holds', 'matched', 'progress', 'best', 'variant', 'spelt'] as const)
        marks[name] = new Uint32Array(size);
      marks.stamp = 0;
      marks.progressBase = 0;
    }
    return ++marks.stamp;
  }

  /** A fresh range of `count` progress values above every one written so far (after `#stamp()`). */
  #progressRange(count: number) {
    const marks = this.#marks;
    if (marks.progressBase + count >= 0xffffffff) {
      marks.progress.fill(0);
      marks.progressBase = 0;
    }
    const base = marks.progressBase + 1;
    marks.progressBase += count + 1;
    return base;
  }

  /**
   * Builds the index a slice at a time, giving the event loop back between slices: a large catalogue
   * takes seconds to index, and requests must not wait for all of it.
   */
  static async build(
    documents: readonly ListingDocument[],
    { sliceSize = 2000, threadFrom = 20_000 } = {},
  ): Promise<ListingIndex> {
    // A large catalogue's words, the bulk of the work, are listed on another thread meanwhile.
    const words =
      documents.length >= threadFrom
        ? listWordsOnAThread([documents.map((d) => d.words), documents.map((d) => d.search_name)])
        : undefined;
    const parts = emptyParts(!words);
    for (let start = 0; start < documents.length; start += sliceSize) {
      buildParts(documents.slice(start, start + sliceSize), parts, start);
      await new Promise((resolve) => setImmediate(resolve));
    }
    const listed = await words;
    return new ListingIndex(
      partLists(parts, listed && { postings: listed[0] ?? new Map(), namePostings: listed[1] ?? new Map() }),
    );
  }

  /** Products in the index. */
  get size(): number {
    return this.#slotOf.size;
  }

  /** Every word of the catalogue, sorted: the vocabulary that query words are corrected against. */
  get words(): readonly string[] {
    return this.#postings.words;
  }

  /** Every word of the product names as spelt, sorted. */
  get speltWords(): readonly string[] {
    return this.#speltPostings.words;
  }

  /** How many product names hold the word as spelt. */
  speltCount(word: string): number {
    return this.#speltPostings.get(word)?.length ?? 0;
  }

  /** Names' words as spelt that begin with `prefix`, in order. */
  speltCompletions(prefix: string): Iterable<string> {
    return this.#speltPostings.completions(prefix);
  }

  /** The category each indexed product is in, for changes that reach every product of a category. */
  idsInCategories(categoryIds: ReadonlySet<number>): number[] {
    const ids: number[] = [];
    for (const doc of this.#docs) if (doc && categoryIds.has(doc.category_id)) ids.push(doc.id);
    return ids;
  }

  /**
   * Applies written products: each of `documents` replaces the product of its id (or is added), and
   * the products of `removedIds` leave the index. A written product takes a new slot at the end and
   * its old slot dies: the lists keep naming dead slots (every read skips them) until dead slots are
   * an eighth of the index, when `compact` drops them all in one pass. So an edit rewrites only the
   * lists of its own words. Returns the words (search keys, and names' words as spelt) that appeared
   * in the catalogue, and those that vanished from it when this update compacted.
   */
  update(
    documents: readonly ListingDocument[],
    removedIds: readonly number[] = [],
  ): { words: WordChanges; spelt: WordChanges } {
    // The last of several documents of one id is the one written last.
    const written = [...new Map(documents.map((d) => [d.id, d])).values()];
    for (const id of [...written.map((d) => d.id), ...removedIds]) {
      const slot = this.#slotOf.get(id);
      if (slot === undefined) continue;
      this.#unplace(slot);
      this.#slotOf.delete(id);
      this.#docs[slot] = undefined;
      this.#dead++;
    }
    const added = emptyParts();
    for (const document of written) {
      const slot = this.#docs.length;
      this.#slotOf.set(document.id, slot);
      const doc = addDocument(added, document, slot);
      this.#docs.push(doc);
      this.#place(doc, slot);
    }
    const lists = partLists(added);
    const words = this.#postings.add(lists.postings);
    this.#namePostings.add(lists.namePostings);
    this.#openingPostings.add(lists.openingPostings);
    this.#colourPostings.add(lists.colourPostings);
    const spelt = this.#speltPostings.add(lists.speltPostings);
    if (this.#scratch.best.length < this.#docs.length) this.#scratch = scratch(this.#docs.length * 1.25);
    this.#spellings.clear();
    const compacted = this.#dead > Math.max(1000, this.#slotOf.size / 8) ? this.compact() : { words: [], spelt: [] };
    return {
      words: { appeared: words, vanished: compacted.words },
      spelt: { appeared: spelt, vanished: compacted.spelt },
    };
  }

  /**
   * Drops dead slots: the products are numbered afresh in the same order, every list is rewritten
   * without them, and the words left with no product are returned.
   */
  compact(): { words: string[]; spelt: string[] } {
    const renumber = new Int32Array(this.#docs.length).fill(-1);
    const docs: Doc[] = [];
    this.#docs.forEach((doc, slot) => {
      if (!doc) return;
      renumber[slot] = docs.length;
      docs.push(doc);
    });
    this.#docs.length = 0;
    this.#slotOf.clear();
    this.#columns = columns(docs.length);
    docs.forEach((doc, slot) => {
      this.#docs.push(doc);
      this.#slotOf.set(doc.id, slot);
      this.#place(doc, slot);
    });
    this.#dead = 0;
    const words = this.#postings.renumber(renumber);
    this.#namePostings.renumber(renumber);
    this.#openingPostings.renumber(renumber);
    this.#colourPostings.renumber(renumber);
    const spelt = this.#speltPostings.renumber(renumber);
    this.#spellings.clear();
    return { words, spelt };
  }

  /** How product names spell the word with this search key ("kurtka" → "куртка"), if any name has it. */
  spelling(key: string): string | undefined {
    let found = this.#spellings.get(key);
    if (found === undefined) {
      found = '';
      // Looked up when asked (a search read otherwise than typed), from the names holding the key.
      for (const i of this.#namePostings.get(key)?.subarray(0, 20) ?? []) {
        const doc = this.#docs[i];
        if (!doc) continue;
        const words = speltWords(`${doc.name} ${doc.name_ru}`).trim().split(' ');
        found = words.find((word) => searchKey(word) === key) ?? '';
        if (found !== '') break;
      }
      if (this.#spellings.size < 10_000) this.#spellings.set(key, found);
    }
    return found === '' ? undefined : found;
  }

  /** A listing page: the products matching the plan (all, without one) that pass the filters. */
  page({ plan, filter, sort, limit, offset }: ListingQuery): ListingPage {
    const { live, category, cents, inStock } = this.#columns;
    const categories = filter.categoryIds && new Set(filter.categoryIds);
    const sizes = filter.sizeIds?.length ? filter.sizeIds : undefined;
    const colourFilter = filter.colorIds?.length ? filter.colorIds : undefined;
    const { minPrice, maxPrice } = filter;
    // Products that count towards the colour facet: matching, and within the price filter.
    const stamp = this.#stamp(true);
    const { facet, holds: colourMarks } = this.#marks;
    // Products in a chosen colour, marked from the colours' lists rather than read product by product.
    for (const colour of colourFilter ?? []) markAll(this.#colourPostings.get(String(colour)), colourMarks, stamp);
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    // Scratch lists that live with the index, so a listing allocates nothing the size of its matches.
    const { filtered: passed } = this.#scratch;
    let count = 0;
    // The products counting towards the colour facet, while few: their colours are read directly.
    const inFacet: number[] = [];
    const consider = (i: number) => {
      if (!live[i]) return;
      if (categories && !categories.has(category[i] as number)) return;
      if (filter.inStock && !inStock[i]) return;
      if (sizes && !intersects((this.#docs[i] as Doc).size_ids, sizes)) return;
      const inColour = !colourFilter || colourMarks[i] === stamp;
      const price = cents[i] as number;
      const inPrice = (minPrice === undefined || price >= minPrice) && (maxPrice === undefined || price <= maxPrice);
      // Each facet ignores its own filter, so the shopper can still widen it.
      if (inPrice) {
        facet[i] = stamp;
        if (inFacet.length <= facetByProducts) inFacet.push(i);
      }
      if (inColour) {
        if (price < min) min = price;
        if (price > max) max = price;
      }
      if (inColour && inPrice) passed[count++] = i;
    };
    if (plan) {
      const matched = this.#match(plan, this.#postings);
      for (let n = 0; n < matched.length; n++) consider(matched[n] as number);
    } else for (let i = 0; i < live.length; i++) consider(i);
    // A colour is offered when some marked product comes in it: common colours are found within a
    // few entries of their lists, rare ones have short lists.
    const colorIds: number[] = [];
    if (inFacet.length <= facetByProducts) {
      const seen = new Set<number>();
      for (const i of inFacet) for (const colour of (this.#docs[i] as Doc).color_ids) seen.add(colour);
      colorIds.push(...seen);
    } else
      for (const colour of this.#colourPostings.words) {
        const postings = this.#colourPostings.get(colour) as Int32Array;
        for (let n = 0; n < postings.length; n++)
          if (facet[postings[n] as number] === stamp) {
            colorIds.push(Number(colour));
            break;
          }
      }

    const filtered = passed.subarray(0, count);
    const compare = comparators[sort](this.#columns);
    let order = compare;
    if (plan && sort === 'default') {
      // A search's default order is relevance, then the listing's default.
      const rank = this.#ranks(plan, filtered);
      order = (ai, bi) => (rank[bi] as number) - (rank[ai] as number) || compare(ai, bi);
    }
    const top = topK(filtered, offset + limit, order);
    const { id } = this.#columns;
    return {
      count: filtered.length,
      ids: top.slice(offset).map((i) => id[i] as number),
      colorIds: colorIds.sort((a, b) => a - b),
      minPrice: Number.isFinite(min) ? formatMoney(min) : null,
      maxPrice: Number.isFinite(max) ? formatMoney(max) : null,
    };
  }

  /** The best-matching product names for a search box. */
  suggest(plan: SearchPlan, limit: number) {
    const docs = this.#docs as Doc[];
    this.#stamp(true);
    const matched = this.#match(plan, this.#namePostings);
    const rank = this.#ranks(plan, matched);
    const popular = comparators.popular(this.#columns);
    const best = topK(matched, limit, (ai, bi) => (rank[bi] as number) - (rank[ai] as number) || popular(ai, bi));
    return best
      .map((i) => docs[i] as Doc)
      .map((doc) => ({
        id: doc.id,
        slug: doc.slug,
        name: doc.name,
        name_ru: doc.name_ru,
        category_full_path: doc.category_full_path,
        image: doc.image,
      }));
  }

  /**
   * Slots of documents matching any variant: every word of the variant through one of its
   * alternatives. Reads only the postings of the query's words: a slot's progress through a
   * variant's words is marked per slot, so nothing the size of the catalogue is allocated or read.
   */
  #match(plan: SearchPlan, postings: PostingLists): Int32Array {
    const { live } = this.#columns;
    const found = this.#stamp();
    const { matched, progress } = this.#marks;
    const result = this.#scratch.matched;
    let count = 0;
    for (const variant of plan.variants) {
      const groups = variant.words.length;
      const base = this.#progressRange(groups);
      for (let group = 0; group < groups; group++) {
        const before = base + group - 1;
        const last = group === groups - 1;
        let advanced = false;
        const read = (list: Int32Array) => {
          for (let n = 0; n < list.length; n++) {
            const i = list[n] as number;
            const at = progress[i] as number;
            // The first word admits any slot not yet in this variant; each next one, those that had all before it.
            if (group === 0 ? at >= base : at !== before) continue;
            progress[i] = base + group;
            advanced = true;
            if (last && matched[i] !== found && live[i]) {
              matched[i] = found;
              result[count++] = i;
            }
          }
        };
        (variant.words[group] as string[]).forEach((word, position) => {
          const list = postings.get(word);
          if (list) read(list);
          // What was typed also stands for the words it begins (a shopper mid-word).
          if (position === 0 && word.length >= 3)
            for (const completion of postings.completions(word)) {
              if (completion !== word) read(postings.get(completion) as Int32Array);
            }
        });
        if (!advanced) break;
      }
    }
    return result.subarray(0, count);
  }

  /**
   * How well each product's name answers the query. Per word: 3 when the name holds the word as typed,
   * 2 when it holds a word the typed one begins (a word being typed), 1 when it holds only a correction
   * or a synonym; +1 when the name opens with the phrase, +1 when it holds it; and per word typed, the
   * points of the best spelling of it the name holds (SearchPlan.spellings). At equal relevance a
   * product in stock comes first, then the shorter name. Read from the name postings, so only
   * matching products are touched.
   */
  #ranks(plan: SearchPlan, candidates: Int32Array): Float64Array {
    // Scratch arrays live with the index (searches run one at a time on the event loop). Each score is
    // marked with the step that wrote it, so nothing is cleared, and only the postings of the query's
    // words and the candidates are read.
    const { best, score, spelt } = this.#scratch;
    const marks = this.#marks;
    // Per word typed, the best spelling a name holds (as typed, a correction, a likely completion).
    const speltMark = this.#stamp();
    for (const spellings of plan.spellings ?? [])
      this.#addBest(
        this.#speltPostings,
        spellings.map(({ word, points }) => [word, points] as const),
        spelt,
        marks.spelt,
        speltMark,
      );
    let firstVariant = true;
    for (const variant of plan.variants) {
      const variantMark = this.#stamp();
      for (const alternatives of variant.words) {
        // Each word's points once, the best any alternative gives it (as in matching, only what was
        // typed stands for the words it begins).
        const points = new Map<string, number>();
        alternatives.forEach((alt, position) => {
          for (const word of position === 0 ? this.#namePostings.completions(alt) : [alt]) {
            const worth = position > 0 ? 1 : word === alt ? 3 : 2;
            if ((points.get(word) ?? 0) < worth) points.set(word, worth);
          }
        });
        this.#addBest(this.#namePostings, points, score, marks.variant, variantMark);
      }
      // The phrase's bonus, from postings: names whose first word begins with the phrase's first word
      // may open with it; a one-word phrase is held by names holding it or a word it begins.
      const phraseWords = variant.phrase.split(' ');
      const single = phraseWords.length === 1;
      const mark = this.#stamp();
      const { opening, holds } = marks;
      for (const word of this.#openingPostings.completions(phraseWords[0] ?? ''))
        markAll(this.#openingPostings.get(word), opening, mark);
      // A phrase that is the word typed was read above: names holding it or a word it begins scored 2 or 3.
      const typedPhrase = single && variant.words[0]?.[0] === variant.phrase;
      if (single && !typedPhrase)
        for (const word of this.#namePostings.completions(variant.phrase))
          markAll(this.#namePostings.get(word), holds, mark);
      const { inStock, nameLength } = this.#columns;
      for (let n = 0; n < candidates.length; n++) {
        const i = candidates[n] as number;
        const wordPoints = marks.variant[i] === variantMark ? (score[i] as number) : 0;
        let phrase = 0;
        // A name without any of the words (a match in the description) cannot hold the phrase.
        if (wordPoints > 0) {
          if (opening[i] === mark && (single || (this.#docs[i] as Doc).search_name.startsWith(variant.phrase)))
            phrase = 2;
          else if (
            single
              ? typedPhrase
                ? wordPoints >= 2
                : holds[i] === mark
              : (this.#docs[i] as Doc).search_name.includes(variant.phrase)
          )
            phrase = 1;
        }
        const speltPoints = marks.spelt[i] === speltMark ? (spelt[i] as number) : 0;
        // Relevance in steps of at least 1/16 point; below one step, stock (2) and then the name's length (< 1).
        const total =
          (wordPoints + phrase + speltPoints) * 64 + (inStock[i] as number) * 2 + 1 / (1 + (nameLength[i] as number));
        if (firstVariant || total > (best[i] as number)) best[i] = total;
      }
      firstVariant = false;
    }
    return best;
  }

  /**
   * Adds to each slot's `sum` the most points any of `words` gives it through `postings` (a name
   * holding two of them counts the better once). A slot whose `sumMarks` is not `sumMark` starts from
   * 0: sums are marked, never cleared.
   */
  #addBest(
    postings: PostingLists,
    words: Iterable<readonly [string, number]>,
    sum: Float64Array,
    sumMarks: Uint32Array,
    sumMark: number,
  ) {
    const { bestPoints, slots } = this.#scratch;
    const seen = this.#marks.best;
    const mark = this.#stamp();
    let touched = 0;
    for (const [word, points] of words) {
      const list = postings.get(word);
      if (!list) continue;
      for (let n = 0; n < list.length; n++) {
        const i = list[n] as number;
        if (seen[i] !== mark) {
          seen[i] = mark;
          bestPoints[i] = points;
          slots[touched++] = i;
        } else if ((bestPoints[i] as number) < points) bestPoints[i] = points;
      }
    }
    for (let n = 0; n < touched; n++) {
      const i = slots[n] as number;
      if (sumMarks[i] !== sumMark) {
        sumMarks[i] = sumMark;
        sum[i] = 0;
      }
      sum[i] = (sum[i] as number) + (bestPoints[i] as number);
    }
  }
}

/** Marks every slot of a posting list (typed arrays read by index: a for-of allocates per entry until optimised). */
function markAll(postings: Int32Array | undefined, marks: Uint32Array, mark: number) {
  if (!postings) return;
  for (let n = 0; n < postings.length; n++) marks[postings[n] as number] = mark;
}

/** Up to this many products in a listing's facet, its colours are read from them, not from every colour's list. */
const facetByProducts = 2000;

function scratch(size: number) {
  const n = Math.ceil(size);
  return {
    best: new Float64Array(n),
    score: new Float64Array(n),
    spelt: new Float64Array(n),
    /** A step's best points per slot (#addBest). */
    bestPoints: new Float64Array(n),
    /** The slots a step touched, each once. */
    slots: new Int32Array(n),
    /** The slots a search matched, and those of them that passed a listing's filters. */
    matched: new Int32Array(n),
    filtered: new Int32Array(n),
  };
}

/** The first `k` items in `compare` order, without sorting the rest. */
function topK(
  items: ArrayLike<number> & Iterable<number>,
  k: number,
  compare: (a: number, b: number) => number,
): number[] {
  if (items.length <= k * 4) return Array.from(items).sort(compare).slice(0, k);
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
