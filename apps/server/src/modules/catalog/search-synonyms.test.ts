import { describe, expect, it } from 'vitest';
import { buildSearchPlan } from './search-plan.ts';
import { SynonymMap } from './search-synonyms.ts';
import { searchKey } from './search-text.ts';
import { Vocabulary } from './search-vocabulary.ts';

const vocabulary = new Vocabulary(
  ['hudi', 'chornii', 'shtani', 'bertsi', 'chereviki', 'spalnik', 'kurtka', 'flis'].map(searchKey),
);
const synonyms = new SynonymMap([
  ['худі', 'толстовка', 'hoodie'],
  ['штани', 'брюки'],
  ['спальник', 'спальний мішок'],
  ['фліска', 'флісова куртка'],
]);

const plan = (query: string, map = synonyms) => buildSearchPlan(query, vocabulary, map).variants;
const alternativesOf = (query: string) => plan(query).map((v) => v.words);

describe('synonyms in the search plan', () => {
  it('gives a word the other one-word terms of its group as alternatives, in either direction', () => {
    expect(alternativesOf('толстовка')).toEqual([[['tolstovka', 'hudi', searchKey('hoodie')]]]);
    const hoodie = alternativesOf('худі')[0]?.[0];
    expect(hoodie).toEqual(expect.arrayContaining(['hudi', 'tolstovka', searchKey('hoodie')]));
    expect(alternativesOf('чорні брюки')[0]?.[1]).toEqual(expect.arrayContaining([searchKey('брюки'), 'shtani']));
  });

  it('matches on search keys: Russian, transliterated and wrong-layout spellings of a term all work', () => {
    for (const typed of ['толстовка', 'tolstovka', 'njkcnjdrf', 'ТОЛСТОВКА']) {
      const words = plan(typed).flatMap((v) => v.words.flat());
      expect(words, typed).toContain('hudi');
    }
    // брюки in Russian, typed on the English layout.
    expect(plan(',h.rb').flatMap((v) => v.words.flat())).toContain('shtani');
  });

  it("applies through a word's corrections, so a typo of a term the catalogue knows still finds the others", () => {
    // "shtny" corrects to "shtani" (a catalogue word), whose group holds брюки.
    expect(plan('shtny')[0]?.words[0]).toEqual(expect.arrayContaining(['shtani', searchKey('брюки')]));
  });

  it('replaces a whole phrase term matched by consecutive words, and only then', () => {
    const readings = plan('спальний мішок');
    expect(readings.map((v) => v.words)).toContainEqual([['spalnik']]);
    expect(readings.find((v) => v.words.length === 1)?.phrase).toBe('spalnik');
    // The words apart, or in another order, are not the phrase.
    expect(plan('мішок спальний').some((v) => v.words.length === 1)).toBe(false);
    expect(plan('спальний великий мішок').some((v) => v.words.length < 3)).toBe(false);
  });

  it('replaces a one-word term by a phrase of its group, keeping the other words of the query', () => {
    const readings = plan('чорна фліска');
    expect(readings.map((v) => v.words.map((options) => options[0]))).toContainEqual(['chorna', 'flisova', 'kurtka']);
    expect(plan('спальник').map((v) => v.words)).toContainEqual([[searchKey('спальний')], ['mishok']]);
  });

  it('leaves a query without synonyms as it was', () => {
    expect(plan('куртка')).toEqual(buildSearchPlan('куртка', vocabulary).variants);
    expect(plan('худі', new SynonymMap([]))).toEqual(buildSearchPlan('худі', vocabulary).variants);
  });

  it('builds a group from terms with searchable words, each once', () => {
    const map = new SynonymMap([
      ['худі', 'hudi', 'Худі'],
      ['---', 'x'],
      ['берці', 'черевики'],
    ]);
    // худі and hudi are one key: the group has no other term, so it adds nothing.
    expect(map.others(['hudi'])).toEqual([]);
    expect(map.others(['bertsi'])).toEqual([['chereviki']]);
    expect(map.size).toBe(2);
  });
});
