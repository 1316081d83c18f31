import { noSynonyms, type SynonymMap, withSynonyms } from './search-synonyms.ts';
import { queryVariants, searchKey, searchWords, speltWords } from './search-text.ts';
import type { Vocabulary } from './search-vocabulary.ts';

/** Each inner list is one query word's alternatives; every word must match one of its alternatives. */
export interface SearchPlan {
  variants: { words: string[][]; phrase: string }[];
  /** The query's words as spelt, lower-case: a name holding one exactly ranks above its word forms. */
  typed?: string[];
}

const maxAlternatives = 5;
const maxWords = 8;

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
): SearchPlan {
  const typed = speltWords(query).trim().split(' ').filter(Boolean).slice(0, maxWords);
  if (options.exact) {
    // Exactly what was typed: no other keyboard layout, no corrections, no synonyms (completions of
    // the last word still match, as they do for every search).
    const words = searchWords(searchKey(query)).slice(0, maxWords);
    return { variants: words.length > 0 ? [{ words: words.map((w) => [w]), phrase: words.join(' ') }] : [], typed };
  }
  const candidates = queryVariants(query)
    .map((key) => {
      const words = searchWords(key).slice(0, maxWords);
      const alternatives = words.map((word) => {
        const corrections = vocabulary.corrections(word, maxAlternatives);
        return {
          // A word of the shop's synonyms is known even when no product name holds it.
          known: corrections.length > 0 || synonyms.mentions(word),
          best: corrections[0] ?? word,
          options: [...new Set([word, ...corrections])].slice(0, maxAlternatives),
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
    typed,
  };
}

/**
 * What the shop searched for instead of what was typed, spelt as product names spell it ("rehnrf",
 * "kurtka" or "курткаа" → "куртка"), or null when it searched for what was typed. Only a reading whose
 * every word a product name spells is told.
 */
export function searchReading(
  plan: SearchPlan,
  query: string,
  spelling: (key: string) => string | undefined,
): string | null {
  const first = plan.variants[0];
  if (!first) return null;
  const shown: string[] = [];
  for (const key of first.phrase.split(' ')) {
    const word = spelling(key);
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
