import { type Kopiyky, parseMoney } from '@kram/contract/money';
import { speltWords } from './search-text.ts';
import { WordSlots } from './word-slots.ts';

/** What the index keeps of a product: enough to match, rank, filter, count, facet and suggest. */
export interface ListingDocument {
  id: number;
  category_id: number;
  price: string;
  in_stock: boolean;
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

/** What the listing index keeps of a product: its document without the words, and its price in kopiyky. */
export interface Doc extends Omit<ListingDocument, 'words'> {
  cents: Kopiyky;
}

/** A catalogue (or a change) being split into the listing index's lists, with its documents by slot. */
export interface Parts {
  docs: (Doc | undefined)[];
  /** These two are null when listed elsewhere (on another thread). */
  postings: WordSlots | null;
  namePostings: WordSlots | null;
  /** The first word of each name: names opening with a phrase. */
  openingPostings: WordSlots;
  /** Colour ids (as text): the colours a listing's products come in. */
  colourPostings: WordSlots;
  speltPostings: WordSlots;
}

/** The lists of `Parts`, done. */
export interface PartLists {
  docs: (Doc | undefined)[];
  postings: Map<string, Int32Array>;
  namePostings: Map<string, Int32Array>;
  openingPostings: Map<string, Int32Array>;
  colourPostings: Map<string, Int32Array>;
  speltPostings: Map<string, Int32Array>;
}

export const emptyParts = (listWords = true): Parts => ({
  docs: [],
  postings: listWords ? new WordSlots() : null,
  namePostings: listWords ? new WordSlots() : null,
  openingPostings: new WordSlots(),
  colourPostings: new WordSlots(),
  speltPostings: new WordSlots(),
});

export function buildParts(documents: readonly ListingDocument[], parts: Parts = emptyParts(), offset = 0): Parts {
  documents.forEach((document, n) => {
    parts.docs.push(addDocument(parts, document, offset + n));
  });
  return parts;
}

/** Lists the document's words under `slot` and returns what the index keeps of it. */
export function addDocument(parts: Parts, d: ListingDocument, slot: number): Doc {
  parts.postings?.addText(d.words, slot);
  parts.namePostings?.addText(d.search_name, slot);
  const opening = d.search_name.indexOf(' ');
  parts.openingPostings.add(opening < 0 ? d.search_name : d.search_name.slice(0, opening), slot);
  for (const colour of d.color_ids) parts.colourPostings.add(String(colour), slot);
  // Words as spelt are mostly Cyrillic: kept out of `addText`, which then only ever reads Latin text.
  for (const word of speltWords(`${d.name} ${d.name_ru}`).split(' ')) parts.speltPostings.add(word, slot);
  // Written out rather than spread: a hundred thousand spreads cost a tenth of the build.
  return {
    id: d.id,
    category_id: d.category_id,
    price: d.price,
    cents: parseMoney(d.price),
    in_stock: d.in_stock,
    is_new: d.is_new,
    is_on_promo: d.is_on_promo,
    popularity: d.popularity,
    created_at: d.created_at,
    color_ids: d.color_ids,
    size_ids: d.size_ids,
    search_name: d.search_name,
    slug: d.slug,
    name: d.name,
    name_ru: d.name_ru,
    category_full_path: d.category_full_path,
    image: d.image,
  };
}

/** The lists collected in `parts`; `listed`, the words and the names' words when listed elsewhere. */
export function partLists(
  parts: Parts,
  listed?: { postings: Map<string, Int32Array>; namePostings: Map<string, Int32Array> },
): PartLists {
  return {
    docs: parts.docs,
    postings: listed?.postings ?? parts.postings?.lists() ?? new Map(),
    namePostings: listed?.namePostings ?? parts.namePostings?.lists() ?? new Map(),
    openingPostings: parts.openingPostings.lists(),
    colourPostings: parts.colourPostings.lists(),
    speltPostings: parts.speltPostings.lists(),
  };
}
