import { Worker } from 'node:worker_threads';

/**
 * Word → ascending slots, collected while documents are read in slot order: the posting lists of a
 * catalogue before they go into `PostingLists`.
 *
 * Indexing 100,000 products reads about ten million words. Splitting the texts and looking each piece
 * up in a `Map` made a string per word and hashed it again in the map; here a word is hashed straight
 * from the text's characters and found in an open-addressing table of word numbers, so only a word
 * never seen before becomes a string of its own. Each (word, slot) is appended to two flat arrays, and
 * the lists are laid out end to end in one array at the end: no array per word while reading.
 */
export class WordSlots {
  /** Word number + 1 per table position; 0 is an empty position. */
  #table = new Int32Array(1024);
  #words: string[] = [];
  #hashes = new Int32Array(256);
  /** Per word: the last slot listed + 1 (a word repeated in one document is listed once), and how many. */
  #last = new Int32Array(256);
  #counts = new Int32Array(256);
  /** What was listed, in order: word numbers and their slots. */
  #entryWords = new Int32Array(256);
  #entrySlots = new Int32Array(256);
  #entries = 0;

  /** Words collected so far. */
  get size(): number {
    return this.#words.length;
  }

  /** Lists `slot` under every word of `text`: words are separated by spaces or line breaks; empty ones are skipped. */
  addText(text: string, slot: number): void {
    this.#scan(text, slot, false);
  }

  /** Lists the words of each line of `text` under its own slot, from `firstSlot` on; returns the number of lines. */
  addLines(text: string, firstSlot: number): number {
    // Room for a word every eight characters at once, rather than growing there a doubling at a time.
    this.#reserve(this.#entries + (text.length >> 3));
    return this.#scan(text, firstSlot, true) - firstSlot + 1;
  }

  /** Lists `slot` under `word` (as a whole, spaces and all; an empty word is skipped). */
  add(word: string, slot: number): void {
    if (word === '') return;
    let hash = fnvOffset;
    for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), fnvPrime);
    this.#list(word, 0, word.length, hash, slot);
  }

  /** The lists; the builder is not to be used after. */
  lists(): Map<string, Int32Array> {
    return WordSlots.unpack(this.packed());
  }

  /** The lists end to end in one array, to send to another thread (`unpack` reads them). */
  packed(): PackedLists {
    const count = this.#words.length;
    const ends = new Int32Array(count);
    // Each list's next free place, from its start on.
    const next = new Int32Array(count);
    let total = 0;
    for (let n = 0; n < count; n++) {
      next[n] = total;
      total += this.#counts[n] as number;
      ends[n] = total;
    }
    const slots = new Int32Array(total);
    const entryWords = this.#entryWords;
    const entrySlots = this.#entrySlots;
    // Entries were listed in slot order, so each list comes out ascending.
    for (let i = 0; i < this.#entries; i++) {
      const n = entryWords[i] as number;
      slots[next[n] as number] = entrySlots[i] as number;
      next[n] = (next[n] as number) + 1;
    }
    return { words: this.#words, ends, slots };
  }

  /**
   * Lists as `lists` gives them, from `packed`: views of its one array (`PostingLists` copies a list
   * before growing it, so they never write into each other).
   */
  static unpack({ words, ends, slots }: PackedLists): Map<string, Int32Array> {
    const out = new Map<string, Int32Array>();
    let start = 0;
    for (let n = 0; n < words.length; n++) {
      const end = ends[n] as number;
      out.set(words[n] as string, slots.subarray(start, end));
      start = end;
    }
    return out;
  }

  /** Lists the words of `text` from `slot` on, moving to the next slot at each line break when `lines`; returns the last slot. */
  #scan(text: string, slot: number, lines: boolean): number {
    let start = 0;
    let hash = fnvOffset;
    let at = slot;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code === space || code === lineBreak) {
        if (i > start) this.#list(text, start, i, hash, at);
        start = i + 1;
        hash = fnvOffset;
        if (code === lineBreak && lines) at++;
      } else hash = Math.imul(hash ^ code, fnvPrime);
    }
    if (text.length > start) this.#list(text, start, text.length, hash, at);
    return at;
  }

  /** Lists `slot` under the word `text[start, end)`, unless the word was already listed under it. */
  #list(text: string, start: number, end: number, hash: number, slot: number) {
    const n = this.#find(text, start, end, hash);
    if (this.#last[n] === slot + 1) return;
    this.#last[n] = slot + 1;
    this.#counts[n] = (this.#counts[n] as number) + 1;
    const at = this.#entries++;
    if (at === this.#entryWords.length) this.#reserve(at * 2);
    this.#entryWords[at] = n;
    this.#entrySlots[at] = slot;
  }

  /** Room for `entries` entries in all. */
  #reserve(entries: number) {
    if (entries <= this.#entryWords.length) return;
    const words = new Int32Array(entries);
    words.set(this.#entryWords.subarray(0, this.#entries));
    const slots = new Int32Array(entries);
    slots.set(this.#entrySlots.subarray(0, this.#entries));
    this.#entryWords = words;
    this.#entrySlots = slots;
  }

  /** The number of the word `text[start, end)`, added if new. */
  #find(text: string, start: number, end: number, hash: number): number {
    const length = end - start;
    let table = this.#table;
    let mask = table.length - 1;
    let at = hash & mask;
    for (;;) {
      const entry = table[at] as number;
      if (entry === 0) break;
      const n = entry - 1;
      if (this.#hashes[n] === hash) {
        const word = this.#words[n] as string;
        if (word.length === length && sameChars(word, text, start)) return n;
      }
      at = (at + 1) & mask;
    }
    const n = this.#words.length;
    this.#words.push(start === 0 && end === text.length ? text : text.slice(start, end));
    if (n === this.#hashes.length) {
      this.#hashes = grow(this.#hashes);
      this.#last = grow(this.#last);
      this.#counts = grow(this.#counts);
    }
    this.#hashes[n] = hash;
    // Kept at most half full, so probes stay short.
    if ((n + 1) * 2 > table.length) {
      this.#rehash(table.length * 2);
      table = this.#table;
      mask = table.length - 1;
      at = hash & mask;
      while (table[at] !== 0) at = (at + 1) & mask;
    }
    table[at] = n + 1;
    return n;
  }

  /** A table of `size` positions holding every word but the one just added. */
  #rehash(size: number) {
    const table = new Int32Array(size);
    const mask = size - 1;
    for (let n = 0; n < this.#words.length - 1; n++) {
      let at = (this.#hashes[n] as number) & mask;
      while (table[at] !== 0) at = (at + 1) & mask;
      table[at] = n + 1;
    }
    this.#table = table;
  }
}

/** Word lists end to end: the slots of word n end at `ends[n]`. */
export interface PackedLists {
  words: string[];
  ends: Int32Array<ArrayBuffer>;
  slots: Int32Array<ArrayBuffer>;
}

const space = 32;
const lineBreak = 10;
const fnvOffset = 0x811c9dc5 | 0;
const fnvPrime = 0x01000193;

function sameChars(word: string, text: string, start: number): boolean {
  for (let i = 0; i < word.length; i++) if (word.charCodeAt(i) !== text.charCodeAt(start + i)) return false;
  return true;
}

function grow(array: Int32Array): Int32Array<ArrayBuffer> {
  const grown = new Int32Array(array.length * 2);
  grown.set(array);
  return grown;
}

/**
 * Each of `columns` (a text per slot, from slot 0) listed as `WordSlots.lists` gives them, on a thread
 * of its own, so that the thread that asked can index the rest of the catalogue meanwhile. Should the
 * thread not start or fail, the words are listed on this one.
 */
export async function listWordsOnAThread(columns: readonly (readonly string[])[]): Promise<Map<string, Int32Array>[]> {
  try {
    // One text with a line per document costs one copy to the other thread, not one per document (and
    // a catalogue whose text would be longer than a string can be is listed here instead).
    const texts = columns.map((column) => column.join('\n'));
    const listed = await new Promise<ListedOnAThread>((resolve, reject) => {
      const worker = new Worker(new URL('./word-slots.worker.ts', import.meta.url), { workerData: { texts } });
      worker.once('message', (message: ListedOnAThread) => {
        resolve(message);
        void worker.terminate();
      });
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`The word-listing thread exited with code ${code}.`)));
    });
    // A text with a line break of its own would have moved the slots after it.
    if (listed.every((column, c) => column.lines === Math.max(columns[c]?.length ?? 0, 1)))
      return listed.map((column) => WordSlots.unpack(column));
  } catch {
    // Listed here instead.
  }
  return columns.map((column) => {
    const slots = new WordSlots();
    column.forEach((text, slot) => {
      slots.addText(text, slot);
    });
    return slots.lists();
  });
}

/** What the thread sends back: each column's lists, and the lines it read. */
export type ListedOnAThread = (PackedLists & { lines: number })[];
