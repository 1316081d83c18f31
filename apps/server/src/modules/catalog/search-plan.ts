import { noSynonyms, type SynonymMap, withSynonyms } from './search-synonyms.ts';
import { queryVariants, searchKey, searchWords, speltWords } from './search-text.ts';
import type { Vocabulary } from './search-vocabulary.ts';
import type { Spelling } from './spelling-corrections.ts';

/** Each inner list is one query word's alternatives; every word must match one of its alternatives. */
export interface SearchPlan {
  variants: { words: string[][]; phrase: string }[];
  /**
   * Per word typed, the spellings a product name may hold for it (lower-case, as names spell them) and
   * what holding one is worth: 1 as typed, less for a correction the further it is from what was
   * typed, and up to ½ for the likelier completions of a word being typed. Search keys fold word forms
   * together (тактичні and тактичний are one key); these tell them apart.
   */
  spellings?: { word: string; points: number }[][];
}

/** The names' words as spelt, for the plan: how many names hold one, and the closest to a typo. */
export interface NameSpellings {
  count(word: string): number;
  completions(prefix: string): Iterable<string>;
  corrections(word: string, limit: number): Spelling[];
}

const maxAlternatives = 5;
const maxWords = 8;
const maxSpellingCorrections = 4;
/** Completions of a word being typed looked at for the likeliest one. */
const maxCompletionsWeighed = 200;

/** The spellings of each typed word worth points in ranking (SearchPlan.spellings). */
function spellingsOf(typed: readonly string[], names: NameSpellings | undefined, exact: boolean) {
  return typed.map((word) => {
    const list = [{ word, points: 1 }];
    if (!names || exact || names.count(word) > 0) return list;
    for (const { word: spelt, cost } of names.corrections(word, maxSpellingCorrections))
      list.push({ word: spelt, points: 1 - cost / 8 });
    if (word.length >= 2) {
      // A word being typed most likely ends as the names most often spell it.
      const counts: [string, number][] = [];
      for (const completion of names.completions(word)) {
        if (completion === word) continue;
        counts.push([completion, names.count(completion)]);
        if (counts.length === maxCompletionsWeighed) break;
      }
      const most = Math.max(0, ...counts.map(([, n]) => n));
      for (const [completion, n] of counts) if (n > 0) list.push({ word: completion, points: (n / most) * 0.5 });
    }
    return list;
  });
}

/**
 * What a shopper typed, as the canonical word alternatives to look for. Variants come from the
 * wrong-keyboard-layout readings of Latin input; a variant whose words the catalogue knows beats one
 * whose words it has never seen, so nonsense readings do not widen the search. The shop's synonyms
 * then widen each reading (search-synonyms.ts).
 */
export function buildSearchPlan(
  query: string,
  vocabulary: Vocabulary,
  synonyms: SynonymMap = noSynonyms,
  options: { exact?: boolean } = {},
  names?: NameSpellings,
): SearchPlan {
  const typed = speltWords(query).trim().split(' ').filter(Boolean).slice(0, maxWords);
  const spellings = spellingsOf(typed, names, options.exact === true);
  if (options.exact) {
    // Exactly what was typed: no other keyboard layout, no corrections, no synonyms (completions of
    // the last word still match, as they do for every search).
    const words = searchWords(searchKey(query)).slice(0, maxWords);
    return {
      variants: words.length > 0 ? [{ words: words.map((w) => [w]), phrase: words.join(' ') }] : [],
      spellings,
    };
  }
  // Corrections found on the Cyrillic word are looked for by their keys too, beside those found on
  // the word's key: a slip on ш or щ is one edit there and two or more in Latin letters.
  const spelt = new Map<string, string[]>();
  for (const list of spellings)
    for (const { word, points } of list.slice(1))
      if (points > 0.5) {
        const key = searchKey(list[0]?.word ?? '');
        spelt.set(key, [...(spelt.get(key) ?? []), searchKey(word)]);
      }
  const candidates = queryVariants(query)
    .map((key, reading) => {
      const words = searchWords(key).slice(0, maxWords);
      const alternatives = words.map((word) => {
        const found = vocabulary.corrections(word, maxAlternatives);
        const fromSpelling = reading === 0 ? (spelt.get(word) ?? []) : [];
        const corrections = [
          ...new Set(
            found[0] === word ? [...found, ...fromSpelling] : [...fromSpelling.slice(0, 1), ...found, ...fromSpelling],
          ),
        ];
        return {
          // A word of the shop's synonyms is known even when no product name holds it.
          known: corrections.length > 0 || synonyms.mentions(word),
          best: corrections[0] ?? word,
          options: [...new Set([word, ...corrections])].slice(0, maxAlternatives + maxSpellingCorrections),
        };
      });
      return {
        words: alternatives.map((a) => a.options),
        phrase: alternatives.map((a) => a.best).join(' '),
        known: alternatives.every((a) => a.known),
      };
    })
    .filter((v) => v.words.length > 0);
  const known = candidates.filter((v) => v.known);
  const chosen = known.length > 0 ? known : candidates;
  return {
    variants: chosen.flatMap(({ words, phrase }) => withSynonyms({ words, phrase }, synonyms)),
    spellings,
  };
}

/**
 * What the shop searched for instead of what was typed, spelt as product names spell it ("rehnrf",
 * "kurtka" or "курткаа" → "куртка"), or null when it searched for what was typed. Only a reading whose
 * every word a product name spells is told. A typed word that names spell as typed is kept as typed
 * (зимові stays зимові, although зимовий shares its key): searching a reading reads nothing else.
 */
export function searchReading(
  plan: SearchPlan,
  query: string,
  spelling: (key: string) => string | undefined,
  spelt: (word: string) => boolean = () => false,
): string | null {
  const first = plan.variants[0];
  if (!first) return null;
  const keys = first.phrase.split(' ');
  // Where the phrase keeps the typed words' places, a word read through a correction is told as the
  // closest spelling of it (тактичнв → тактичні), not as whichever form a name spells the key in.
  const spellings = plan.spellings?.length === keys.length ? plan.spellings : undefined;
  const shown: string[] = [];
  for (const [at, key] of keys.entries()) {
    const typed = spellings?.[at]?.[0]?.word;
    if (typed !== undefined && searchKey(typed) === key && spelt(typed)) {
      shown.push(typed);
      continue;
    }
    const closest = spellings?.[at]
      ?.filter(({ word, points }) => points < 1 && points > 0.5 && searchKey(word) === key)
      .sort((a, b) => b.points - a.points)[0]?.word;
    const word = closest ?? spelling(key);
    if (word === undefined) return null;
    shown.push(word);
  }
  const reading = shown.join(' ');
  const typed = speltWords(query)
    .trim()
    .split(' ')
    .filter((word) => word.length >= 2)
    .join(' ');
  return reading === typed ? null : reading;
}
