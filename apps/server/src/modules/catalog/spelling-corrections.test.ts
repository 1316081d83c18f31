import { describe, expect, it } from 'vitest';
import { SpellingCorrections } from './spelling-corrections.ts';

const names = new SpellingCorrections([
  'куртка',
  'куртки',
  'штани',
  'шапка',
  'тактичні',
  'тактичний',
  'тактична',
  'магнієвий',
  'магнієвим',
  'кишеньковий',
  'спальник',
  'kurtka',
  'm-65',
]);
const words = (typed: string) => names.corrections(typed, 8).map((c) => `${c.word}:${c.cost}`);

describe('SpellingCorrections', () => {
  it('counts a slip on ш, щ, ж as one edit, as on the Cyrillic word it is', () => {
    // In Latin keys "шапка" → "shapka" against "штани" → "shtani"; on the word a slip is one letter.
    expect(words('шапкв')[0]).toBe('шапка:1');
    expect(words('штпни')).toContain('штани:1');
  });

  it('makes a neighbouring key, a doubled letter and a dropped double cheaper than other slips', () => {
    // к and у are neighbours on ЙЦУКЕН; куртки needs a second, dearer slip.
    expect(words('куртуа')).toEqual(['куртка:1', 'куртки:3']);
    expect(words('курткка')).toEqual(['куртка:1', 'куртки:3']);
    expect(words('куртрка')).toEqual(['куртка:2', 'куртки:4']); // р is not next to к
  });

  it('takes a swap of two neighbouring letters as one edit (Damerau)', () => {
    expect(words('атктичні')[0]).toBe('тактичні:2');
    expect(words('кпшеньковий')[0]).toBe('кишеньковий:1'); // п is above и
    expect(words('кушеньковий')[0]).toBe('кишеньковий:2');
  });

  it('reaches two edits on words of five letters or more, one on four, none below', () => {
    expect(words('магніжим')[0]).toBe('магнієвим:3');
    expect(words('спльнк')).toEqual(['спальник:4']);
    expect(words('шапу')).toEqual([]);
    expect(words('шап')).toEqual([]);
  });

  it('answers only words in Cyrillic, and never the word typed itself', () => {
    expect(words('kurtkа')).toEqual([]);
    expect(words('куртка')).toEqual(['куртки:2']);
    expect(words('m-65')).toEqual([]);
  });

  it('follows the words the catalogue gains and loses', () => {
    const changing = new SpellingCorrections(['куртка']);
    changing.update({ appeared: ['рюкзак'], vanished: ['куртка'] });
    expect(changing.corrections('рюкзк', 4).map((c) => c.word)).toEqual(['рюкзак']);
    expect(changing.corrections('куртеа', 4)).toEqual([]);
  });
});
