/**
 * Slugs of the catalogue: lower-case Latin words joined by single hyphens, derived from a Ukrainian
 * name by the national transliteration (Cabinet of Ministers of Ukraine resolution No. 55 of
 * 27 January 2010). The back office shows the slug a name gives while it is typed, and the server
 * derives the same one when none is given, so both use these functions. No zod here: the back
 * office's bundle carries them without the schema library.
 */

/** Lower-case Latin words and digits joined by single hyphens, as every slug of the catalogue is. */
export const slugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export const productSlugMaxLength = 120;
export const categorySlugMaxLength = 100;

/** Letters written the same wherever they stand in a word. */
const letters: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'h',
  ґ: 'g',
  д: 'd',
  е: 'e',
  є: 'ie',
  ж: 'zh',
  з: 'z',
  и: 'y',
  і: 'i',
  ї: 'i',
  й: 'i',
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
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  // The soft sign is not written.
  ь: '',
  ю: 'iu',
  я: 'ia',
  // Russian letters the Ukrainian alphabet lacks, written as the nearest Ukrainian sound is; the hard
  // sign is left out like the apostrophe it stands for.
  ё: 'io',
  ы: 'y',
  э: 'e',
  ъ: '',
};

/** The iotated letters and й are written otherwise as a word's first letter. */
const atWordStart: Readonly<Record<string, string>> = { є: 'ye', ї: 'yi', й: 'y', ю: 'yu', я: 'ya', ё: 'yo' };

/**
 * The apostrophe (in any of its usual forms) is not written, and does not end a word: the я of
 * "Знам'янка" is inside the word ("Znamianka").
 */
const apostrophes = new Set(["'", '’', 'ʼ', '‘', '`', 'ʹ', '´']);

const letterOrDigit = /[\p{L}\p{N}]/u;

/**
 * A Ukrainian text in Latin letters by the national transliteration, in lower case: "Згорани" →
 * "zghorany", "Юрій" → "yurii", "Знам'янка" → "znamianka". Latin letters keep their case-folded form
 * without accents; anything else is left as it is.
 */
export function transliterate(text: string): string {
  const lower = text.normalize('NFC').toLowerCase();
  let out = '';
  // Whether the last character written belongs to a word (a letter or digit, an apostrophe aside).
  let inWord = false;
  let previous = '';
  for (const ch of lower) {
    if (apostrophes.has(ch)) continue;
    const mapped = letters[ch];
    if (mapped !== undefined) {
      // "зг" is "zgh", so that it does not read as "zh" (ж): "Розгон" → "Rozghon".
      if (ch === 'г' && previous === 'з') out += 'gh';
      else out += (!inWord && atWordStart[ch]) || mapped;
      inWord = true;
    } else {
      // Accents come off Latin letters (é → e); the canonical decomposition only, so that "№" or
      // "½" do not turn into letters.
      out += ch.normalize('NFD').replace(/\p{M}/gu, '');
      inWord = letterOrDigit.test(ch);
    }
    previous = ch;
  }
  return out;
}

const isCapital = (ch: string | undefined) => ch !== undefined && ch !== ch.toLowerCase();

/**
 * The same transliteration with the case kept, for text people read (printed forms): "Щука" →
 * "Shchuka", a word in capitals stays in capitals ("ЩО" → "SHCHO"). An apostrophe inside a word is
 * not written; any other character is left as it is.
 */
export function transliterateKeepingCase(text: string): string {
  const chars = [...text.normalize('NFC')];
  let out = '';
  let inWord = false;
  let previous = '';
  chars.forEach((ch, i) => {
    const lower = ch.toLowerCase();
    const mapped = letters[lower];
    if (mapped === undefined) {
      const insideWord = apostrophes.has(ch) && inWord && letters[chars[i + 1]?.toLowerCase() ?? ''] !== undefined;
      if (!insideWord) {
        out += ch;
        inWord = letterOrDigit.test(ch);
        previous = lower;
      }
      return;
    }
    let latin = lower === 'г' && previous === 'з' ? 'gh' : (!inWord && atWordStart[lower]) || mapped;
    if (ch !== lower && latin) {
      latin =
        isCapital(chars[i + 1]) || isCapital(chars[i - 1])
          ? latin.toUpperCase()
          : `${latin[0]?.toUpperCase()}${latin.slice(1)}`;
    }
    out += latin;
    inWord = true;
    previous = lower;
  });
  return out;
}

/**
 * The slug a name gives: transliterated, every run of other characters one hyphen, no hyphen at
 * either end, and at most `maxLength` characters (cut at a word's end when one is near). Empty when
 * the name holds no letter or digit the transliteration writes.
 */
export function slugFromName(name: string, maxLength: number): string {
  const slug = transliterate(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return shorten(slug, maxLength);
}

/**
 * The `n`th choice of a slug for `base` when the ones before it are taken: `base` itself, then
 * `base-2`, `base-3`…, each within `maxLength` (the base gives way to the suffix).
 */
export function numberedSlug(base: string, n: number, maxLength: number): string {
  if (n <= 1) return shorten(base, maxLength);
  const suffix = `-${n}`;
  const head = base.slice(0, Math.max(0, maxLength - suffix.length)).replace(/-+$/, '');
  return head ? `${head}${suffix}` : String(n);
}

function shorten(slug: string, maxLength: number): string {
  if (slug.length <= maxLength) return slug;
  const cut = slug.slice(0, maxLength);
  // Cut inside a word: end at the word before it, unless that would lose more than half the room.
  const lastHyphen = cut.lastIndexOf('-');
  const whole = slug[maxLength] === '-' || lastHyphen < maxLength / 2 ? cut : cut.slice(0, lastHyphen);
  return whole.replace(/-+$/, '');
}
