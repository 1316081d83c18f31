/**
 * Search queries drawn from the catalogue's own product names, in the nine ways shoppers type them,
 * each with the set of products that answer it: those whose name (name_ru for Russian words, SKU for
 * SKUs) holds the intended word as a whole word, whatever the case.
 */
import { transliterate } from '@kram/contract/slug';
import { mulberry32, type Rng } from '@kram/server/demo/demo-random';

export const queryClasses = [
  'exact',
  'several',
  'prefix',
  'typo1',
  'typo2',
  'russian',
  'layout',
  'translit',
  'sku',
] as const;
export type QueryClass = (typeof queryClasses)[number];

export interface CatalogueEntry {
  id: number;
  name: string;
  name_ru: string;
  sku: string;
}

export interface BenchQuery {
  cls: QueryClass;
  /** What the shopper types. */
  text: string;
  /** The words the shopper means, lowercase, as they stand in the name. */
  intended: string[];
  /** Ids of the products that answer the query. */
  relevant: Set<number>;
}

/** Whole words of a name, lowercase; a hyphen or any punctuation separates words, an apostrophe does not. */
export function nameWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}'’ʼ]+/gu) ?? []).map((w) => w.replace(/^['’ʼ]+|['’ʼ]+$/g, ''));
}

/** Words no shopper searches for on their own ("чохол для ножа"). */
const functionWords = new Set(['для', 'під', 'без', 'від', 'над', 'при', 'под', 'от']);
const letters = /^\p{L}+$/u;
const cyrillic = /^[\u0400-\u04ff]+$/u;

// The Ukrainian ЙЦУКЕН layout, row by row, and the US keys under the same fingers.
const ukRows = ['йцукенгшщзхї', 'фівапролджє', 'ячсмитьбю'];
const usRows = ['qwertyuiop[]', "asdfghjkl;'", 'zxcvbnm,.'];
const toQwerty = new Map<string, string>([
  ['ґ', '\\'],
  ["'", '`'],
  ['’', '`'],
]);
ukRows.forEach((row, r) => {
  [...row].forEach((ch, i) => {
    toQwerty.set(ch, (usRows[r] as string).charAt(i));
  });
});

/** The keys around a letter: its row neighbours and, on a staggered keyboard, two keys above and two below. */
const neighbours = new Map<string, string[]>();
ukRows.forEach((row, r) => {
  [...row].forEach((ch, i) => {
    const near = [row[i - 1], row[i + 1], ukRows[r - 1]?.[i], ukRows[r - 1]?.[i + 1], ukRows[r + 1]?.[i - 1]];
    near.push(ukRows[r + 1]?.[i]);
    neighbours.set(
      ch,
      near.filter((c): c is string => c !== undefined),
    );
  });
});

/** Ukrainian text as if typed with the English layout active ("куртка" → "rehnrf"). */
export function typedOnQwerty(word: string): string {
  return [...word.toLowerCase()].map((c) => toQwerty.get(c) ?? c).join('');
}

// Two ways a shopper writes Ukrainian in Latin letters: the passport transliteration (г → h, х → kh),
// the national one the catalogue's slugs use (the contract's slug.ts), and the informal one people
// type from habit (г → g, х → h, щ → sch, and є, ї, й, ю, я as at a word's start wherever they stand).
const informal: Readonly<Record<string, string>> = {
  г: 'g',
  х: 'h',
  щ: 'sch',
  є: 'ye',
  ї: 'yi',
  й: 'y',
  ю: 'yu',
  я: 'ya',
};

export function transliterated(word: string, style: 'passport' | 'informal'): string {
  if (style === 'passport') return transliterate(word);
  // Letter by letter, so that no letter gets the passport system's word-start or "зг" forms.
  return [...word.toLowerCase()].map((c) => informal[c] ?? transliterate(`x${c}`).slice(1)).join('');
}

/** Edit distance with adjacent swaps (optimal string alignment). */
export function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) (d[0] as number[])[j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = d[i] as number[];
      const prev = d[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
      }
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}

/** One typing slip: a neighbouring key, a dropped letter, a doubled letter or two letters swapped. */
function slip(rng: Rng, word: string): string {
  const chars = [...word];
  const at = Math.floor(rng() * chars.length);
  const kind = Math.floor(rng() * 4);
  if (kind === 0) {
    const near = neighbours.get(chars[at] as string);
    if (!near?.length) return word;
    chars[at] = near[Math.floor(rng() * near.length)] as string;
  } else if (kind === 1) {
    chars.splice(at, 1);
  } else if (kind === 2) {
    chars.splice(at, 0, chars[at] as string);
  } else {
    if (at === chars.length - 1) return word;
    [chars[at], chars[at + 1]] = [chars[at + 1] as string, chars[at] as string];
  }
  return chars.join('');
}

/** The word with exactly `edits` slips, none of which makes another word of the catalogue's names. */
function misspelt(rng: Rng, word: string, edits: number, known: ReadonlySet<string>): string | undefined {
  for (let attempt = 0; attempt < 50; attempt++) {
    let typed = word;
    for (let e = 0; e < edits; e++) typed = slip(rng, typed);
    if (editDistance(word, typed) === edits && !known.has(typed)) return typed;
  }
  return undefined;
}

type Field = 'name' | 'name_ru' | 'sku';

/** Each field's words and the products holding each, to tell which products answer a query. */
class WordIndex {
  readonly byField: Record<Field, Map<string, number[]>> = { name: new Map(), name_ru: new Map(), sku: new Map() };

  constructor(products: readonly CatalogueEntry[]) {
    for (const p of products) {
      for (const field of ['name', 'name_ru'] as const) {
        for (const word of new Set(nameWords(p[field]))) this.#add(field, word, p.id);
      }
      this.#add('sku', p.sku.toLowerCase(), p.id);
    }
  }

  #add(field: Field, word: string, id: number) {
    const list = this.byField[field].get(word);
    if (list) list.push(id);
    else this.byField[field].set(word, [id]);
  }

  /** Products whose field holds every one of `words`. */
  holding(field: Field, words: readonly string[]): Set<number> {
    const lists = words.map((w) => this.byField[field].get(w) ?? []).sort((a, b) => a.length - b.length);
    const [first, ...rest] = lists;
    const sets = rest.map((l) => new Set(l));
    return new Set((first ?? []).filter((id) => sets.every((s) => s.has(id))));
  }
}

/**
 * `perClass` distinct queries of each class, the same for the same catalogue and seed. Words are drawn
 * product by product, so a word common in the catalogue is common among the queries, as in a shop.
 */
export function generateQueries(products: readonly CatalogueEntry[], perClass: number, seed = 1): BenchQuery[] {
  const rng = mulberry32(seed);
  const index = new WordIndex(products);
  const knownWords = new Set([...index.byField.name.keys(), ...index.byField.name_ru.keys()]);
  const randomProduct = () => products[Math.floor(rng() * products.length)] as CatalogueEntry;
  const randomOf = <T>(items: readonly T[]) => items[Math.floor(rng() * items.length)];
  const nameWord = (p: CatalogueEntry, test: (w: string) => boolean) =>
    randomOf([...new Set(nameWords(p.name))].filter((w) => !functionWords.has(w) && test(w)));
  const ukrainian = (min: number) => (w: string) => cyrillic.test(w) && w.length >= min;

  const makers: Record<QueryClass, (n: number) => Omit<BenchQuery, 'cls' | 'relevant'> | undefined> = {
    exact: () => {
      const word = nameWord(randomProduct(), ukrainian(3));
      return word ? { text: word, intended: [word] } : undefined;
    },
    several: () => {
      const words = [...new Set(nameWords(randomProduct().name))].filter((w) => letters.test(w) && w.length >= 3);
      if (words.length < 2) return undefined;
      const count = Math.min(words.length, rng() < 0.5 ? 2 : 3);
      const start = Math.floor(rng() * (words.length - count + 1));
      const chosen = words.slice(start, start + count);
      return { text: chosen.join(' '), intended: chosen };
    },
    prefix: () => {
      const word = nameWord(randomProduct(), (w) => letters.test(w) && w.length >= 5);
      if (!word) return undefined;
      // At least two letters short of the word, or it would be the whole word typed.
      const typed = Math.min(3 + Math.floor(rng() * 3), word.length - 2);
      return { text: word.slice(0, typed), intended: [word] };
    },
    typo1: () => {
      const word = nameWord(randomProduct(), ukrainian(5));
      const text = word && misspelt(rng, word, 1, knownWords);
      return word && text ? { text, intended: [word] } : undefined;
    },
    typo2: () => {
      const word = nameWord(randomProduct(), ukrainian(5));
      const text = word && misspelt(rng, word, 2, knownWords);
      return word && text ? { text, intended: [word] } : undefined;
    },
    russian: () => {
      const p = randomProduct();
      // A Russian word that the Ukrainian name does not share, where the name has one.
      const own = new Set(nameWords(p.name));
      const words = [...new Set(nameWords(p.name_ru))].filter(
        (w) => cyrillic.test(w) && w.length >= 3 && !functionWords.has(w),
      );
      const word = randomOf(words.filter((w) => !own.has(w))) ?? randomOf(words);
      return word ? { text: word, intended: [word] } : undefined;
    },
    layout: () => {
      const word = nameWord(randomProduct(), ukrainian(4));
      return word ? { text: typedOnQwerty(word), intended: [word] } : undefined;
    },
    translit: (n) => {
      const word = nameWord(randomProduct(), ukrainian(4));
      return word ? { text: transliterated(word, n % 2 === 0 ? 'passport' : 'informal'), intended: [word] } : undefined;
    },
    sku: (n) => {
      const sku = randomProduct().sku;
      return { text: n % 2 === 0 ? sku : sku.toLowerCase(), intended: [sku.toLowerCase()] };
    },
  };
  const field: Record<QueryClass, Field> = {
    exact: 'name',
    several: 'name',
    prefix: 'name',
    typo1: 'name',
    typo2: 'name',
    russian: 'name_ru',
    layout: 'name',
    translit: 'name',
    sku: 'sku',
  };

  const queries: BenchQuery[] = [];
  for (const cls of queryClasses) {
    const seen = new Set<string>();
    for (let attempt = 0; seen.size < perClass && attempt < perClass * 200; attempt++) {
      const made = makers[cls](seen.size);
      if (!made || seen.has(made.text)) continue;
      seen.add(made.text);
      queries.push({ cls, ...made, relevant: index.holding(field[cls], made.intended) });
    }
  }
  return queries;
}
