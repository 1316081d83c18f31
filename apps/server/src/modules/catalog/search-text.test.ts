import { describe, expect, it } from 'vitest';
import { productSearchKeys, queryVariants, searchKey, searchWords } from './search-text.ts';

describe('searchKey: Cyrillic transliteration', () => {
  it('maps every Ukrainian and Russian letter', () => {
    const expected: Record<string, string> = {
      а: 'a',
      б: 'b',
      в: 'v',
      г: 'g',
      ґ: 'g',
      д: 'd',
      е: 'e',
      є: 'e',
      ё: 'e',
      э: 'e',
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
      щ: 'sch',
      ю: 'u',
      я: 'ia',
      ь: '',
      ъ: '',
    };
    for (const [letter, latin] of Object.entries(expected)) {
      expect(searchKey(letter), letter).toBe(latin);
      expect(searchKey(letter.toUpperCase()), letter).toBe(latin);
      // Inside a word, between letters that trigger no multi-letter rule (ф and о themselves would collapse: ффо → fo).
      if (letter !== 'ф' && letter !== 'о') expect(searchKey(`ф${letter}о`), letter).toBe(`f${latin}o`);
    }
    expect(searchKey('абвгґдеєжзиіїйклмнопрстуфхцчшщьюя')).toBe('abvgdezhziklmnoprstufhtschshschuia');
  });

  it('maps each letter group to one canonical letter', () => {
    for (const letter of ['и', 'і', 'ї', 'й', 'ы']) expect(searchKey(`б${letter}т`)).toBe('bit');
    for (const letter of ['е', 'є', 'э', 'ё']) expect(searchKey(`б${letter}т`)).toBe('bet');
    expect(searchKey('гава')).toBe(searchKey('ґава'));
    expect(searchKey('гава')).toBe('gava');
    expect(searchKey('хата')).toBe('hata');
    expect(searchKey('жук')).toBe('zhuk');
    expect(searchKey('цап')).toBe('tsap');
    expect(searchKey('чай')).toBe('chai');
    expect(searchKey('шапка')).toBe('shapka');
    expect(searchKey('щит')).toBe('schit');
    expect(searchKey('щит')).toBe(searchKey('shchyt'));
    expect(searchKey('щит')).toBe(searchKey('schit'));
  });

  it('is case-insensitive, including Ukrainian capitals', () => {
    expect(searchKey('КУРТКА')).toBe(searchKey('куртка'));
    expect(searchKey('ЇЖАК ЄГЕР ҐУДЗИК І')).toBe(searchKey('їжак єгер ґудзик і'));
    expect(searchKey('ЇЖАК ЄГЕР ҐУДЗИК')).toBe('izhak eger gudzik');
  });

  it('drops soft/hard signs and joins words at apostrophes of every kind', () => {
    expect(searchKey('мультикам')).toBe('multikam');
    expect(searchKey('подъём')).toBe('podem');
    for (const apostrophe of ["'", '’', 'ʼ', '`', '‘']) expect(searchKey(`м${apostrophe}який`)).toBe('miaki');
    expect(searchKey("м'ясо")).toBe(searchKey('мясо'));
  });

  it('keeps й and ї whether composed or decomposed', () => {
    expect(searchKey('и\u0306')).toBe(searchKey('й'));
    expect(searchKey('і\u0308жак')).toBe(searchKey('їжак'));
    expect(searchKey('тактичнии\u0306')).toBe(searchKey('тактичний'));
  });
});

describe('searchKey: typed Latin meets Cyrillic', () => {
  const pairs: [string, string][] = [
    ['kurtka', 'куртка'],
    ['shtany', 'штани'],
    ['shtani', 'штани'],
    ['shtany', 'штаны'],
    ['shtani', 'штаны'],
    ['rukzak', 'рюкзак'],
    ['ryukzak', 'рюкзак'],
    ['rjukzak', 'рюкзак'],
    ['riukzak', 'рюкзак'],
    ['botinki', 'ботинки'],
    ['botynky', 'ботинки'],
    ['cherevyky', 'черевики'],
    ['chereviki', 'черевики'],
    ['futbolka', 'футболка'],
    ['multikam', 'мультикам'],
    ['multicam', 'мультикам'],
    ['zhiletka', 'жилетка'],
    ['zhyletka', 'жилетка'],
    ['taktychnyi', 'тактичний'],
    ['taktychnyy', 'тактичний'],
    ['taktychnyj', 'тактичний'],
    ['taktichniy', 'тактичний'],
    ['taktychny', 'тактичний'],
    ['takticheskiy', 'тактический'],
    ['taktychni', 'тактичні'],
    ['khaki', 'хакі'],
    ['haki', 'хакі'],
    ['yizhak', 'їжак'],
    ['izhak', 'їжак'],
    ['yevro', 'євро'],
    ['ievro', 'євро'],
    ['evro', 'євро'],
    ['myakyi', "м'який"],
    ["m'yakyi", 'м’який'],
    ['miakyi', 'мʼякий'],
    ['podsumok', 'подсумок'],
    ['pidsumok', 'підсумок'],
    ['kovboiky', 'ковбойки'],
    ['borsch', 'борщ'],
    ['borshch', 'борщ'],
    ['Wowk', 'Вовк'],
    ['koyot', 'койот'],
    ['coyote', 'койоте'],
    ['Texas', 'Тексас'],
    ['kvadrat', 'qvadrat'],
    ['znannia', 'знання'],
    ['znanya', 'знання'],
    ['viddil', 'відділ'],
    ['vidil', 'відділ'],
    ['Cordura', 'Кордура'],
  ];
  for (const [latin, cyrillic] of pairs) {
    it(`${latin} = ${cyrillic}`, () => {
      expect(searchKey(latin)).toBe(searchKey(cyrillic));
      expect(searchKey(latin)).not.toBe('');
    });
  }

  it('produces the documented canonical forms', () => {
    expect(searchKey('Куртка тактична')).toBe('kurtka taktichna');
    expect(searchKey('Штани тактичні')).toBe('shtani taktichni');
    expect(searchKey('Рюкзак')).toBe('rukzak');
    expect(searchKey('Мультикам')).toBe('multikam');
  });

  it('keeps genuinely different words apart', () => {
    expect(searchKey('куртка')).not.toBe(searchKey('куртки'));
    expect(searchKey('шапка')).not.toBe(searchKey('щапка'));
    expect(searchKey('сумка')).not.toBe(searchKey('шумка'));
    expect(searchKey('мяч')).not.toBe(searchKey('мач'));
  });

  it('is idempotent', () => {
    const samples = [
      'Куртка тактична Softshell мультикам KR-JKT-00123',
      'kkhh iiu iie shhch ccch yyy jjje xxq wwww',
      'Рюкзак 5.11 Tactical RUSH 24 — 37 л, койот',
      'шщчжхцюяєїґ ЙЁЪЫЭ',
    ];
    let seed = 7;
    const alphabet = 'iuekhscyjawqxzt';
    for (let n = 0; n < 500; n++) {
      let word = '';
      for (let i = 0; i < 8; i++) {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        word += alphabet.charAt(seed % alphabet.length);
      }
      samples.push(word);
    }
    for (const sample of samples) {
      const key = searchKey(sample);
      expect(searchKey(key), sample).toBe(key);
    }
  });
});

describe('searchKey: tokens, SKUs and punctuation', () => {
  it('keeps SKU-like tokens whole, hyphens and dots included', () => {
    expect(searchKey('KR-JKT-00123')).toBe('kr-jkt-00123');
    expect(searchKey('Артикул: KR-JKT-00123.')).toBe('artikul kr-jkt-00123');
    expect(searchKey('Рюкзак 5.11 Tactical')).toBe('rukzak 5.11 taktikal');
    expect(searchKey('розмір 42.5')).toBe('rozmir 42.5');
    expect(searchKey('M-65')).toBe('m-65');
    expect(searchKey('2XL')).toBe('2xl');
  });

  it('keeps digits', () => {
    expect(searchKey('Берці 2024 р.')).toBe('bertsi 2024 r');
    expect(searchKey('007')).toBe('007');
  });

  it('splits letter-only tokens at hyphens and dots', () => {
    expect(searchKey('Куртка-бомбер')).toBe('kurtka bomber');
    expect(searchKey('куртка.Штани')).toBe('kurtka shtani');
    expect(searchKey('soft-shell')).toBe('soft shel');
  });

  it('collapses punctuation and whitespace runs into single spaces and trims', () => {
    expect(searchKey('  Куртка,   тактична!!! (олива)  ')).toBe('kurtka taktichna oliva');
    expect(searchKey('Куртка\t\n«Patriot» — олива / койот')).toBe('kurtka patriot oliva koiot');
    expect(searchKey('--- ... ---')).toBe('');
    expect(searchKey('a - b')).toBe('a b');
    expect(searchKey('kr--123')).toBe('kr 123');
  });

  it('folds accents, ligatures and fullwidth forms', () => {
    expect(searchKey('Café ﬁlm ＫＵＲＴＫＡ')).toBe('kafe film kurtka');
  });

  it('never throws on strange input', () => {
    const strange = [
      '',
      ' ',
      '😀🔥 куртка 👍🏽',
      '\u0000\u0001\u0007\u001b[31m\u007f',
      '\uD800 lone \uDFFF surrogates \uDBFF',
      'e\u0301\u0301\u0301\u0301',
      '\u0301\u0308 leading marks',
      '中文 العربية עברית',
      '\u200b\u200d\ufeff',
      'Z̷̢̛a̵̡͝l̸̨̛g̶̢̛o̵̧͝',
    ];
    for (const text of strange) {
      expect(() => searchKey(text)).not.toThrow();
      expect(() => queryVariants(text)).not.toThrow();
      expect(searchKey(text)).toMatch(/^[a-z0-9 .-]*$/);
    }
    expect(searchKey('😀🔥 куртка 👍🏽')).toBe('kurtka');
    expect(searchKey('\u0000куртка\u0007')).toBe('kurtka');
    expect(searchKey('\uD800abc\uDFFF')).toBe('abk');
    expect(searchKey('Z̷̢̛a̵̡͝l̸̨̛g̶̢̛o̵̧͝')).toBe('zalgo');
  });

  it('handles a 200-character query', () => {
    const query = "Куртка тактична мультикам 😀 rehnrf ,.;[]'` KR-JKT-00123 ".repeat(10).slice(0, 200);
    expect(query.length).toBe(200);
    const started = performance.now();
    const variants = queryVariants(query);
    expect(performance.now() - started).toBeLessThan(50);
    expect(variants.length).toBeGreaterThanOrEqual(1);
    expect(variants[0]).toBe(searchKey(query));
  });

  it('stays linear on long pathological input', () => {
    const inputs = ['a-'.repeat(50_000), '1.'.repeat(50_000), 'и\u0306'.repeat(50_000), '-'.repeat(100_000)];
    for (const input of inputs) {
      const started = performance.now();
      searchKey(input);
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });
});

describe('queryVariants', () => {
  it('returns nothing for an empty or blank query', () => {
    expect(queryVariants('')).toEqual([]);
    expect(queryVariants('   \t\n ')).toEqual([]);
    expect(queryVariants('!!! ...')).toEqual([]);
  });

  it('gives a Cyrillic query exactly one variant', () => {
    expect(queryVariants('куртка')).toEqual(['kurtka']);
    expect(queryVariants('Штани тактичні')).toEqual([searchKey('штани тактичні')]);
  });

  it('puts the literal key first', () => {
    expect(queryVariants('kurtka')[0]).toBe('kurtka');
    expect(queryVariants('rehnrf')[0]).toBe('rehnrf');
  });

  it('re-reads a query typed on the wrong layout (Russian)', () => {
    expect(queryVariants('rehnrf')).toContain(searchKey('куртка'));
    expect(queryVariants('REHNRF')).toContain(searchKey('куртка'));
    expect(queryVariants(',jnbyrb')).toContain(searchKey('ботинки'));
    expect(queryVariants('<jnbyrb')).toContain(searchKey('ботинки'));
    expect(queryVariants(';bktnrf')).toContain(searchKey('жилетка'));
    expect(queryVariants('h.rpfr')).toContain(searchKey('рюкзак'));
    expect(queryVariants('H>RPFR')).toContain(searchKey('рюкзак'));
    expect(queryVariants('ntkmyzirf')).toContain(searchKey('тельняшка'));
    expect(queryVariants('gjl]`v')).toContain(searchKey('подъём'));
    expect(queryVariants("'rbgbhjdrf")).toContain(searchKey('экипировка'));
  });

  it('re-reads a query typed on the wrong layout (Ukrainian)', () => {
    // штани: ш=i т=n а=f н=y и=b
    expect(queryVariants('infyb')).toContain(searchKey('штани'));
    expect(queryVariants('infyb')).toContain(searchKey('штаны'));
    // тактичні: і is on the 's' key
    expect(queryVariants('nfrnbxys')).toContain(searchKey('тактичні'));
    // польова
    expect(queryVariants('gjkmjdf')).toContain(searchKey('польова'));
    // зброї: ї is on ']' — the Russian reading (ъ) would lose it
    expect(queryVariants('p,hj]')).toContain(searchKey('зброї'));
    expect(searchKey('зброї')).not.toBe(searchKey('зброъ'));
    expect(queryVariants('P<HJ}')).toContain(searchKey('зброї'));
    // поєднання: є is on the "'" key
    expect(queryVariants("gj'lyfyyz")).toContain(searchKey('поєднання'));
    expect(queryVariants('GJ"LYFYYZ')).toContain(searchKey('поєднання'));
    // ґудзик: ґ is on '\', which the Russian layout does not have
    expect(queryVariants('\\elpbr')).toContain(searchKey('ґудзик'));
    expect(queryVariants('|elpbr')).toContain(searchKey('ґудзик'));
    // м'який: the apostrophe is on '`' (ё on the Russian layout)
    expect(queryVariants('v`zrbq')).toContain(searchKey("м'який"));
    expect(queryVariants('v`zrbq')).toContain(searchKey('мёякий'));
  });

  it('includes all three readings, deduplicated, in order', () => {
    expect(queryVariants('p,hj]')).toEqual([searchKey('p,hj]'), searchKey('зброъ'), searchKey('зброї')]);
    // Russian and Ukrainian readings coincide when no layout-specific key is used.
    expect(queryVariants('rehnrf')).toEqual(['rehnrf', 'kurtka']);
    for (const query of ['rehnrf', 'kurtka multicam', 'gjkmjdf', 'KR-JKT-00123', 'a b c']) {
      const variants = queryVariants(query);
      expect(new Set(variants).size).toBe(variants.length);
      for (const variant of variants) expect(variant).not.toBe('');
    }
  });

  it('keeps Cyrillic parts of a mixed query', () => {
    expect(queryVariants('куртка vekmnbrfv')).toContain(searchKey('куртка мультикам'));
  });

  it('returns keys that are their own key', () => {
    for (const query of ['rehnrf', "gj'lyfyyz", 'v`zrbq', 'Куртка M-65 олива']) {
      for (const variant of queryVariants(query)) expect(searchKey(variant)).toBe(variant);
    }
  });
});

describe('searchWords', () => {
  it('splits a key into words of at least two characters', () => {
    expect(searchWords('kurtka taktichna')).toEqual(['kurtka', 'taktichna']);
    expect(searchWords('kurtka m 65 2xl 5 kr-jkt-00123 5.11')).toEqual(['kurtka', '65', '2xl', 'kr-jkt-00123', '5.11']);
  });

  it('drops empties', () => {
    expect(searchWords('')).toEqual([]);
    expect(searchWords('  a  b ')).toEqual([]);
    expect(searchWords(' shtani  ')).toEqual(['shtani']);
  });

  it('works on keys', () => {
    expect(searchWords(searchKey('Куртка тактична Softshell, р. 52, KR-JKT-00123'))).toEqual([
      'kurtka',
      'taktichna',
      'softshel',
      '52',
      'kr-jkt-00123',
    ]);
  });
});

describe('productSearchKeys', () => {
  it('keeps each word of the texts once, and none that the names already hold', () => {
    const keys = productSearchKeys({
      name: 'Куртка тактична',
      nameRu: 'Куртка тактическая',
      sku: 'KR-100',
      texts: ['Тепла куртка. Тепла, легка', 'легка і міцна'],
    });
    expect(keys.searchName).toBe('kurtka taktichna kurtka takticheskaia kr-100');
    expect(keys.searchText).toBe('tepla legka i mitsna');
  });

  it('leaves the text empty when the names say it all', () => {
    expect(productSearchKeys({ name: 'Куртка', nameRu: 'Куртка', sku: 'K1', texts: ['куртка'] }).searchText).toBe('');
  });
});
