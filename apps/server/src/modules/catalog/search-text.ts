/**
 * The pure text side of product search: every product name, SKU and description, and every shopper's query, is
 * turned into one canonical lowercase Latin form (a "search key") so that Ukrainian, Russian, transliterated and
 * wrong-keyboard-layout spellings of the same word land on the same string.
 *
 * The mapping is deliberately LOSSY. It only has to be the same function on both sides (catalogue and query); it
 * never has to be reversible or readable.
 *
 * Step 1 — Cyrillic to Latin, one letter at a time (Ukrainian and Russian letters share one table):
 *   и і ї й ы → i      е є э ё → e      г ґ → g      х → h      ж → zh     ц → ts     ч → ch
 *   ш → sh             щ → shch          ю → iu       я → ia     ь ъ and apostrophes (' ’ ‘ ʼ ` ´ ′) → removed
 *   and the obvious single letters for the rest (а a, б b, в v, д d, з z, к k, л l, м m, н n, о o, п p, р r, с s,
 *   т t, у u, ф f).
 *   Then NFKD, and combining marks are dropped (é → e, ﬁ → fi, fullwidth Ｋ → k). й/ї/ё are mapped before that, so
 *   their marks never matter; Cyrillic revealed by the decomposition (ў → у) gets a second pass of the table.
 *
 * Step 2 — the same canonicalisation of every letters-only word, whether it came from Cyrillic or was typed in Latin:
 *   a. y → i, j → i        Ukrainian и/й and Russian ы/й are typed y, i or j ("shtany", "shtani", "taktychnyj").
 *      w → v               "Vovk"/"Wowk"; в is often typed w by Polish/German habit.
 *      q → k, x → ks       x is кс; q only ever shows up for к.
 *      c → k unless followed by h
 *                          Brand/English spellings in a tactical shop ("multicam", "coyote", "cordura") are
 *                          written with к in Cyrillic; "ch" stays the digraph for ч.
 *   b. doubled letters collapse (ll → l, ii → i)
 *                          Ukrainian doubles (знання, відділ) are often typed single; ий/ій endings become "ii"
 *                          and then "i", so "taktychnyi", "taktychnyy", "taktichniy" and "taktychny" all meet.
 *                          Typed "yi"/"ji" for ї likewise becomes "i".
 *   c. kh → h              х is typed "kh" (official Ukrainian) or "h".
 *      shch → sch          щ is typed "shch" (Ukrainian) or "sch" (Russian habit, "borsch").
 *      iu → u              ю is typed "yu", "ju", "iu" — or just "u" ("rukzak" for рюкзак).
 *      ie → e              є and ьe/ъе are typed "ye", "je", "ie" or "e" ("yevro", "evro"; "vietnam"/"vetnam").
 *      (ia stays: я is reliably typed "ya"/"ia"/"ja", and collapsing it would merge я with а.)
 *   d. doubled letters collapse again (the rules in c can create new doubles).
 *   The result is idempotent: searchKey(searchKey(x)) === searchKey(x).
 *   Deliberately NOT merged: г (g) with h, although official Ukrainian transliteration writes г as "h" — merging
 *   would also merge г with х; the vocabulary's fuzzy matching covers "hetry" vs "getri".
 *
 * Step 3 — tokens. A token is a run of letters/digits, possibly joined by single '-' or '.' ("kr-jkt-00123", "5.11",
 *   "42.5", "m-65"). A token that contains a digit is SKU-like: it is kept whole (lowercase, Cyrillic transliterated,
 *   no step 2, so "KR-JKT-00123" → "kr-jkt-00123"). Any other token is split at its '-'/'.' into words ("куртка-бомбер"
 *   → "kurtka bomber") and each word goes through step 2. Everything else (punctuation, whitespace, emoji, symbols,
 *   other scripts) separates tokens; the key is the tokens joined by single spaces.
 */

const CYRILLIC: ReadonlyMap<string, string> = new Map(
  Object.entries({
    а: 'a',
    б: 'b',
    в: 'v',
    г: 'g',
    ґ: 'g',
    д: 'd',
    е: 'e',
    є: 'e',
    э: 'e',
    ё: 'e',
    ж: 'zh',
    з: 'z',
    и: 'i',
    і: 'i',
    ї: 'i',
    й: 'i',
    ы: 'i',
    к: 'k',
    л: 'l',
    м: 'm',
    н: 'n',
    о: 'o',
    п: 'p',
    р: 'r',
    с: 's',
    т: 't',
    у: 'u',
    ф: 'f',
    х: 'h',
    ц: 'ts',
    ч: 'ch',
    ш: 'sh',
    щ: 'shch',
    ю: 'iu',
    я: 'ia',
    ь: '',
    ъ: '',
    // Apostrophes (Ukrainian м'ясо, сім’я) join, they never separate.
    "'": '',
    '’': '',
    '‘': '',
    ʼ: '',
    '`': '',
    '´': '',
    '′': '',
  }),
);

/** Replaces every character found in CYRILLIC; everything else is passed through. Linear. */
function transliterate(text: string): string {
  let out = '';
  for (const ch of text) {
    const latin = CYRILLIC.get(ch);
    out += latin ?? ch;
  }
  return out;
}

const COMBINING_MARKS = /\p{M}+/gu;
const TOKEN = /[a-z0-9]+(?:[-.][a-z0-9]+)*/g;
const DIGIT = /[0-9]/;
const TOKEN_SEPARATOR = /[-.]/;
const DOUBLED = /([a-z])\1+/g;

/** Step 2 of the module comment, for one word of the letters a–z. */
function canonicalWord(word: string): string {
  let w = word
    .replace(/[yj]/g, 'i')
    .replaceAll('w', 'v')
    .replaceAll('q', 'k')
    .replaceAll('x', 'ks')
    .replace(/c(?!h)/g, 'k');
  w = w.replace(DOUBLED, '$1');
  w = w.replaceAll('kh', 'h').replaceAll('shch', 'sch').replaceAll('iu', 'u').replaceAll('ie', 'e');
  return w.replace(DOUBLED, '$1');
}

/**
 * The two search keys a product keeps: its names with the SKU, and its texts (descriptions,
 * compositions) with each word once and without the names' words, since the index lists a word under
 * a product once however often it occurs (migration 0018).
 */
export function productSearchKeys(p: { name: string; nameRu: string; sku: string; texts: readonly string[] }) {
  const searchName = searchKey(`${p.name} ${p.nameRu} ${p.sku}`);
  const text = new Set(searchKey(p.texts.join(' ')).split(' '));
  text.delete('');
  for (const word of searchName.split(' ')) text.delete(word);
  return { searchName, searchText: [...text].join(' ') };
}

/** The canonical lowercase Latin form of a text; see the module comment for the rules. Never throws. */
export function searchKey(text: string): string {
  if (typeof text !== 'string' || text === '') return '';
  let s = transliterate(text.normalize('NFC').toLowerCase());
  // Compatibility decomposition may produce uppercase (ℌ → H) or Cyrillic (ў → у + breve), hence the second pass.
  s = transliterate(s.normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase());
  const words: string[] = [];
  for (const match of s.matchAll(TOKEN)) {
    const token = match[0];
    if (DIGIT.test(token)) {
      words.push(token);
      continue;
    }
    for (const part of token.split(TOKEN_SEPARATOR)) {
      const word = canonicalWord(part);
      if (word !== '') words.push(word);
    }
  }
  return words.join(' ');
}

// Keyboard layouts: what a key of the US English layout produces on the Russian and Ukrainian ЙЦУКЕН layouts.
const LAYOUT_LETTERS = 'qwertyuiopasdfghjklzxcvbnm';
const RU_LETTERS = 'йцукенгшщзфывапролдячсмить';
const UK_LETTERS = 'йцукенгшщзфівапролдячсмить';

function layoutMap(letters: string, punctuation: Record<string, string>): ReadonlyMap<string, string> {
  const map = new Map<string, string>();
  for (let i = 0; i < LAYOUT_LETTERS.length; i++) {
    const latin = LAYOUT_LETTERS.charAt(i);
    const cyrillic = letters.charAt(i);
    map.set(latin, cyrillic);
    map.set(latin.toUpperCase(), cyrillic.toUpperCase());
  }
  for (const [key, value] of Object.entries(punctuation)) map.set(key, value);
  return map;
}

const RU_LAYOUT = layoutMap(RU_LETTERS, {
  '[': 'х',
  ']': 'ъ',
  ';': 'ж',
  "'": 'э',
  ',': 'б',
  '.': 'ю',
  '/': '.',
  '`': 'ё',
  '{': 'Х',
  '}': 'Ъ',
  ':': 'Ж',
  '"': 'Э',
  '<': 'Б',
  '>': 'Ю',
  '?': ',',
  '~': 'Ё',
});

const UK_LAYOUT = layoutMap(UK_LETTERS, {
  '[': 'х',
  ']': 'ї',
  ';': 'ж',
  "'": 'є',
  ',': 'б',
  '.': 'ю',
  '/': '.',
  '`': "'",
  '\\': 'ґ',
  '{': 'Х',
  '}': 'Ї',
  ':': 'Ж',
  '"': 'Є',
  '<': 'Б',
  '>': 'Ю',
  '?': ',',
  '|': 'Ґ',
});

/** The query re-read as if its keys had been pressed with the given layout active. */
function relayout(query: string, layout: ReadonlyMap<string, string>): string {
  let out = '';
  for (const ch of query) out += layout.get(ch) ?? ch;
  return out;
}

const LATIN_LETTER = /[a-z]/i;

/**
 * The distinct, non-empty canonical keys to search for: the query's own key first, then — if the query contains
 * Latin letters — the keys of the query as if typed on the Russian and on the Ukrainian keyboard layout.
 */
export function queryVariants(query: string): string[] {
  if (typeof query !== 'string') return [];
  const variants: string[] = [];
  const add = (key: string): void => {
    if (key !== '' && !variants.includes(key)) variants.push(key);
  };
  add(searchKey(query));
  if (LATIN_LETTER.test(query)) {
    add(searchKey(relayout(query, RU_LAYOUT)));
    add(searchKey(relayout(query, UK_LAYOUT)));
  }
  return variants;
}

/** The words of a key worth looking up: tokens of at least two characters (numbers included). */
export function searchWords(key: string): string[] {
  if (typeof key !== 'string') return [];
  return key.split(/\s+/).filter((word) => word.length >= 2);
}

/** A name's words as spelt, lower-case, each between spaces (" штани бойові tempest "). */
export function speltWords(text: string): string {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu);
  return words ? ` ${words.join(' ')} ` : ' ';
}
