import { type Kopiyky, parseMoney } from '@kram/contract/money';
import type { ListingDocument } from './listing-index.ts';
import { speltWords } from './search-text.ts';

/** What the listing index keeps of a product: its document without the words, and its price in kopiyky. */
export interface Doc extends Omit<ListingDocument, 'words'> {
  cents: Kopiyky;
}

/** A catalogue (or a change) split into the listing index's lists, with its documents by slot. */
export interface Parts {
  docs: (Doc | undefined)[];
  postings: Map<string, number[]>;
  namePostings: Map<string, number[]>;
  /** The first word of each name: names opening with a phrase. */
  openingPostings: Map<string, number[]>;
  /** Colour ids (as text): the colours a listing's products come in. */
  colourPostings: Map<string, number[]>;
  speltPostings: Map<string, number[]>;
}

export const emptyParts = (): Parts => ({
  docs: [],
  postings: new Map(),
  namePostings: new Map(),
  openingPostings: new Map(),
  colourPostings: new Map(),
  speltPostings: new Map(),
});

export function buildParts(documents: readonly ListingDocument[], parts: Parts = emptyParts(), offset = 0): Parts {
  documents.forEach((document, n) => {
    parts.docs.push(addDocument(parts, document, offset + n));
  });
  return parts;
}

/** Lists the document's words under `slot` and returns what the index keeps of it. */
export function addDocument(parts: Parts, { words, ...d }: ListingDocument, slot: number): Doc {
  for (const word of words.split(' ')) add(parts.postings, word, slot);
  const nameWords = d.search_name.split(' ');
  for (const word of nameWords) add(parts.namePostings, word, slot);
  add(parts.openingPostings, nameWords[0] ?? '', slot);
  for (const colour of d.color_ids) add(parts.colourPostings, String(colour), slot);
  for (const word of speltWords(`${d.name} ${d.name_ru}`).split(' ')) add(parts.speltPostings, word, slot);
  return { ...d, cents: parseMoney(d.price) };
}

/** Appends a document to a word's list once: a document's words are listed together, so a repeat is the last entry. */
function add(map: Map<string, number[]>, word: string, slot: number) {
  if (word === '') return;
  const list = map.get(word);
  if (!list) map.set(word, [slot]);
  else if (list[list.length - 1] !== slot) list.push(slot);
}
