import { describe, expect, it } from 'vitest';
import { searchKey, searchWords } from './search-text.ts';
import { Vocabulary } from './search-vocabulary.ts';

function vocabularyOf(texts: string[]): Vocabulary {
  return new Vocabulary(texts.flatMap((text) => searchWords(searchKey(text))));
}

/** Deterministic pseudo-random numbers, so the speed check measures the same work every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

/** Textbook optimal-string-alignment distance, for checking the fast search against. */
function osaDistance(a: string, b: string): number {
  const d: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row: number[] = [];
    for (let j = 0; j <= b.length; j++) {
      if (i === 0 || j === 0) {
        row.push(i + j);
        continue;
      }
      const up = d[i - 1] as number[];
      let value = Math.min(
        (up[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (up[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, ((d[i - 2] as number[])[j - 2] as number) + 1);
      }
      row.push(value);
    }
    d.push(row);
  }
  return (d[a.length] as number[])[b.length] as number;
}

/** The specification of corrections(), by brute force. */
function referenceCorrections(words: Iterable<string>, query: string, limit: number): string[] {
  const bound = query.length <= 3 ? 0 : query.length <= 6 ? 1 : 2;
  const ranked: { word: string; rank: number }[] = [];
  for (const word of new Set(words)) {
    if (word === query) {
      ranked.push({ word, rank: 0 });
      continue;
    }
    if (bound > 0 && !/[0-9]/.test(query) && !/[0-9]/.test(word)) {
      const distance = osaDistance(query, word);
      if (distance <= bound) {
        ranked.push({ word, rank: distance });
        continue;
      }
    }
    if (query.length >= 3 && word.startsWith(query)) ranked.push({ word, rank: 3 });
  }
  ranked.sort(
    (a, b) => a.rank - b.rank || a.word.length - b.word.length || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0),
  );
  return ranked.slice(0, limit).map((entry) => entry.word);
}

describe('Vocabulary', () => {
  const catalogue = vocabularyOf(['Куртка тактична', 'Куртки', 'Штани тактичні']);

  it('holds the distinct canonical words', () => {
    expect(catalogue.size).toBe(5); // kurtka taktichna kurtki shtani taktichni
    expect(new Vocabulary(['a', 'a', '', 'b']).size).toBe(2);
    expect(new Vocabulary([]).size).toBe(0);
    expect(new Vocabulary(new Set(['kurtka'])).size).toBe(1);
  });

  it('corrects the examples', () => {
    expect(catalogue.corrections(searchKey('кутрка'))).toContain(searchKey('куртка'));
    expect(catalogue.corrections('kurt')).toEqual(expect.arrayContaining(['kurtka', 'kurtki']));
    expect(catalogue.corrections('zzzz')).toEqual([]);
  });

  it('puts an exact match first', () => {
    expect(catalogue.corrections('kurtka')[0]).toBe('kurtka');
    expect(catalogue.corrections('kurtka')).toEqual(['kurtka', 'kurtki']);
    expect(catalogue.corrections(searchKey('Штани'))).toEqual(['shtani']);
  });

  describe('typos (distance 1 for words of 4–6 characters)', () => {
    const vocabulary = new Vocabulary(['kurtka', 'shtani', 'berets', 'futbolka', 'zhiletka']);

    it('finds a transposition', () => {
      expect(vocabulary.corrections('kutrka')).toEqual(['kurtka']);
      expect(vocabulary.corrections('ukrtka')).toEqual(['kurtka']);
      expect(vocabulary.corrections('kurtak')).toEqual(['kurtka']);
    });

    it('finds a substitution', () => {
      expect(vocabulary.corrections('kurtla')).toEqual(['kurtka']);
      expect(vocabulary.corrections('shtano')).toEqual(['shtani']);
    });

    it('finds an insertion (a letter missing from the query)', () => {
      expect(vocabulary.corrections('kurka')).toEqual(['kurtka']);
      expect(vocabulary.corrections('shani')).toEqual(['shtani']);
    });

    it('finds a deletion (an extra letter in the query)', () => {
      expect(vocabulary.corrections('kurrtka')).toEqual(['kurtka']);
      expect(vocabulary.corrections('shtanni')).toEqual(['shtani']);
    });

    it('does not accept two edits in a word of 4–6 characters', () => {
      expect(vocabulary.corrections('kutrki')).toEqual([]);
      expect(vocabulary.corrections('shtnoi')).toEqual([]);
      expect(vocabulary.corrections('krka')).toEqual([]);
    });

    it('accepts two edits in a word of 7 or more characters, but not three', () => {
      expect(vocabulary.corrections('futbolak')).toEqual(['futbolka']); // one transposition
      expect(vocabulary.corrections('futbulak')).toEqual(['futbolka']); // transposition + substitution
      expect(vocabulary.corrections('zhieltka')).toEqual(['zhiletka']);
      expect(vocabulary.corrections('ziletka')).toEqual(['zhiletka']); // 7 letters, insertion
      expect(vocabulary.corrections('zhilitko')).toEqual(['zhiletka']); // two substitutions
      expect(vocabulary.corrections('fudbulak')).toEqual([]); // three edits
    });

    it('counts an adjacent transposition as one edit (optimal string alignment)', () => {
      // Plain Levenshtein would need two edits here, which a 6-letter word does not get.
      expect(vocabulary.corrections('bertes')).toEqual(['berets']);
    });
  });

  it('gives words of three characters or fewer no fuzzy matches', () => {
    const vocabulary = new Vocabulary(['kur', 'kut', 'kurtka', 'ab', 'ba', 'abc']);
    expect(vocabulary.corrections('kur')).toEqual(['kur', 'kurtka']);
    expect(vocabulary.corrections('kux')).toEqual([]);
    expect(vocabulary.corrections('ab')).toEqual(['ab']);
    expect(vocabulary.corrections('ba')).toEqual(['ba']);
    expect(vocabulary.corrections('bac')).toEqual([]);
    // ...and words of one or two characters no prefix completion either.
    expect(vocabulary.corrections('ku')).toEqual([]);
    expect(vocabulary.corrections('a')).toEqual([]);
  });

  it('completes prefixes of three or more characters, shortest first', () => {
    const vocabulary = new Vocabulary(['kurtochka', 'kurtka', 'kurtkami', 'kurtki', 'kurs', 'kuртка', 'shtani']);
    // kurs is a substitution away from kurt, so it ranks before the completions.
    expect(vocabulary.corrections('kurt', 10)).toEqual(['kurs', 'kurtka', 'kurtki', 'kurtkami', 'kurtochka']);
    expect(vocabulary.corrections('kurtk', 10)).toEqual(['kurtka', 'kurtki', 'kurtkami']);
    expect(vocabulary.corrections('kur', 10)).toEqual(['kurs', 'kurtka', 'kurtki', 'kurtkami', 'kurtochka']);
    expect(vocabulary.corrections('kurtoch')).toEqual(['kurtochka']);
    expect(vocabulary.corrections('kurtochkas')).toEqual(['kurtochka']); // a deletion, not a prefix
  });

  it('keeps the best completions when there are more than the limit', () => {
    const words = ['kurtka'];
    for (let i = 0; i < 500; i++) words.push(`kurtka${String.fromCharCode(97 + (i % 26)).repeat(2 + (i % 7))}${i}x`);
    words.push('kurtkaz', 'kurtkab');
    const vocabulary = new Vocabulary(words);
    // Only completions here (no vocabulary word is within one edit of "kurt"), and the long words that come first
    // in alphabetical order must give way to the shorter ones found later.
    expect(vocabulary.corrections('kurt', 3)).toEqual(['kurtka', 'kurtkab', 'kurtkaz']);
    expect(vocabulary.corrections('kurt', 5)).toEqual(['kurtka', 'kurtkab', 'kurtkaz', 'kurtkaaa0x', 'kurtkahh7x']);
    expect(vocabulary.corrections('kurtk', 3)).toEqual(['kurtka', 'kurtkab', 'kurtkaz']);
  });

  it('ranks exact, then distance 1, then distance 2, then completions; ties by length, then alphabet', () => {
    const vocabulary = new Vocabulary([
      'abcdefghijk', // completion only
      'abcdefghij', // completion, but also distance 2 (two insertions)
      'abcdefxy', // distance 2 (two substitutions)
      'bacdefgh', // distance 1 (transposition)
      'abcdefgx', // distance 1 (substitution)
      'abcdefgh', // exact
      'abcdefg', // distance 1 (deletion)
      'zzzzzzzz',
    ]);
    expect(vocabulary.corrections('abcdefgh', 10)).toEqual([
      'abcdefgh',
      'abcdefg',
      'abcdefgx',
      'bacdefgh',
      'abcdefxy',
      'abcdefghij',
      'abcdefghijk',
    ]);
    expect(vocabulary.corrections('abcdefgh')).toEqual(['abcdefgh', 'abcdefg', 'abcdefgx', 'bacdefgh']);
    expect(vocabulary.corrections('abcdefgh', 1)).toEqual(['abcdefgh']);
  });

  it('ranks a close typo before a prefix completion', () => {
    const vocabulary = vocabularyOf(['Куртка', 'Куртки', 'Курткова', 'Курточка', 'Курс']);
    expect(vocabulary.corrections('kurtk', 10)).toEqual(['kurtka', 'kurtki', 'kurtkova']);
    expect(vocabulary.corrections('kurt', 10)).toEqual(['kurs', 'kurtka', 'kurtki', 'kurtkova', 'kurtochka']);
    expect(vocabulary.corrections(searchKey('куртко'), 10)).toEqual(['kurtka', 'kurtki', 'kurtkova']);
  });

  it('respects the limit', () => {
    const vocabulary = new Vocabulary(['kurtka', 'kurtki', 'kurtku', 'kurtko', 'kurtke', 'kurtky']);
    expect(vocabulary.corrections('kurtka')).toHaveLength(4);
    expect(vocabulary.corrections('kurtka', 2)).toEqual(['kurtka', 'kurtke']);
    expect(vocabulary.corrections('kurtka', 0)).toEqual([]);
    expect(vocabulary.corrections('kurtka', -1)).toEqual([]);
    expect(vocabulary.corrections('kurtka', Number.NaN)).toEqual([]);
    expect(vocabulary.corrections('kurtka', 100)).toHaveLength(6);
  });

  it('does not fuzzy-match numbers and codes, but completes them', () => {
    const vocabulary = new Vocabulary(['kr-jkt-00123', 'kr-jkt-00124', '2024', '2025', 'm-65']);
    expect(vocabulary.corrections('kr-jkt-00123')).toEqual(['kr-jkt-00123']);
    expect(vocabulary.corrections('kr-jkt-00125')).toEqual([]);
    expect(vocabulary.corrections('2026')).toEqual([]);
    expect(vocabulary.corrections('kr-jkt-001')).toEqual(['kr-jkt-00123', 'kr-jkt-00124']);
  });

  it('handles empty and odd input', () => {
    expect(catalogue.corrections('')).toEqual([]);
    expect(catalogue.corrections('x'.repeat(200))).toEqual([]);
    expect(new Vocabulary([]).corrections('kurtka')).toEqual([]);
    expect(new Vocabulary(['x'.repeat(100)]).corrections(`${'x'.repeat(99)}y`)).toEqual(['x'.repeat(100)]);
    const huge = 'k'.repeat(100_000);
    expect(new Vocabulary([huge, 'kurtka']).corrections(huge)).toEqual([huge]);
    expect(new Vocabulary([huge, 'kurtka']).corrections(`${huge}a`)).toEqual([]);
    expect(new Vocabulary(['kurtka']).corrections('😀😀😀😀')).toEqual([]);
  });

  it('agrees with a brute-force reference on random words and typos', () => {
    const next = random(7);
    const alphabet = 'abkrtu';
    const pick = (): string => alphabet.charAt(Math.floor(next() * alphabet.length));
    const words: string[] = [];
    for (let i = 0; i < 3_000; i++) {
      let word = '';
      const length = 1 + Math.floor(next() * 10);
      for (let j = 0; j < length; j++) word += pick();
      if (next() < 0.03) word += String(Math.floor(next() * 10));
      words.push(word);
    }
    const vocabulary = new Vocabulary(words);
    for (let i = 0; i < 400; i++) {
      let query = words[Math.floor(next() * words.length)] as string;
      const edits = Math.floor(next() * 4);
      for (let e = 0; e < edits; e++) {
        const at = Math.floor(next() * (query.length + 1));
        const kind = Math.floor(next() * 4);
        if (kind === 0) query = query.slice(0, at) + pick() + query.slice(at + 1);
        else if (kind === 1) query = query.slice(0, at) + pick() + query.slice(at);
        else if (kind === 2) query = query.slice(0, at) + query.slice(at + 1);
        else query = query.slice(0, at) + query.charAt(at + 1) + query.charAt(at) + query.slice(at + 2);
      }
      if (query === '') continue;
      expect(vocabulary.corrections(query, 1_000), query).toEqual(referenceCorrections(words, query, 1_000));
      expect(vocabulary.corrections(query), query).toEqual(referenceCorrections(words, query, 4));
    }
  });

  // How fast is the search benchmark's to say (bench/), not a timed test's.
  it('corrects 1,000 typed words against 50,000', () => {
    const next = random(42);
    const syllables = ['ka', 'ku', 'rt', 'sh', 'ta', 'ni', 'ti', 'ch', 'na', 'ol', 'iv', 'bo', 'zh', 'le', 'mu', 'ra'];
    const letters = 'abcdefghiklmnoprstuvz';
    const words = new Set<string>();
    while (words.size < 50_000) {
      let word = '';
      const parts = 2 + Math.floor(next() * 5);
      for (let i = 0; i < parts; i++) word += syllables[Math.floor(next() * syllables.length)];
      if (next() < 0.5) word += letters.charAt(Math.floor(next() * letters.length));
      words.add(word);
    }
    const list = [...words];
    const queries: string[] = [];
    for (let i = 0; i < 1_000; i++) {
      const word = list[Math.floor(next() * list.length)] as string;
      const at = Math.floor(next() * (word.length - 1));
      const kind = i % 5;
      if (kind === 0) queries.push(word);
      else if (kind === 1) queries.push(word.slice(0, at) + word.charAt(at + 1) + word.charAt(at) + word.slice(at + 2));
      else if (kind === 2) queries.push(word.slice(0, at) + word.slice(at + 1));
      else if (kind === 3) queries.push(word.slice(0, Math.max(3, at)));
      else queries.push(`${word.slice(0, at)}q${word.slice(at + 1)}`);
    }

    const vocabulary = new Vocabulary(list);
    expect(vocabulary.size).toBe(50_000);
    let answered = 0;
    for (const query of queries) if (vocabulary.corrections(query).length > 0) answered++;
    expect(answered).toBeGreaterThan(900);
  });
});
