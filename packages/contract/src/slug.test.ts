import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  categorySlugMaxLength,
  numberedSlug,
  productSlugMaxLength,
  slugFromName,
  slugPattern,
  transliterate,
} from './slug.ts';

// The table of the Cabinet of Ministers of Ukraine resolution No. 55 (27 January 2010) with the
// examples it gives for each letter, and those of its notes on "зг", the apostrophe and the soft sign.
const lawExamples: [string, string][] = [
  ['Алушта', 'Alushta'],
  ['Андрій', 'Andrii'],
  ['Борщагівка', 'Borshchahivka'],
  ['Борисенко', 'Borysenko'],
  ['Вінниця', 'Vinnytsia'],
  ['Володимир', 'Volodymyr'],
  ['Гадяч', 'Hadiach'],
  ['Богдан', 'Bohdan'],
  ['Згурський', 'Zghurskyi'],
  ['Ґалаґан', 'Galagan'],
  ['Ґорґани', 'Gorgany'],
  ['Донецьк', 'Donetsk'],
  ['Дмитро', 'Dmytro'],
  ['Рівне', 'Rivne'],
  ['Олег', 'Oleh'],
  ['Есмань', 'Esman'],
  ['Єнакієве', 'Yenakiieve'],
  ['Гаєвич', 'Haievych'],
  ["Короп'є", 'Koropie'],
  ['Житомир', 'Zhytomyr'],
  ['Жанна', 'Zhanna'],
  ['Жежелів', 'Zhezheliv'],
  ['Закарпаття', 'Zakarpattia'],
  ['Казимирчук', 'Kazymyrchuk'],
  ['Медвин', 'Medvyn'],
  ['Михайленко', 'Mykhailenko'],
  ['Іванків', 'Ivankiv'],
  ['Іващенко', 'Ivashchenko'],
  ['Їжакевич', 'Yizhakevych'],
  ['Кадиївка', 'Kadyivka'],
  ["Мар'їне", 'Marine'],
  ['Йосипівка', 'Yosypivka'],
  ['Стрий', 'Stryi'],
  ['Олексій', 'Oleksii'],
  ['Київ', 'Kyiv'],
  ['Коваленко', 'Kovalenko'],
  ['Лебедин', 'Lebedyn'],
  ['Леонід', 'Leonid'],
  ['Миколаїв', 'Mykolaiv'],
  ['Маринич', 'Marynych'],
  ['Ніжин', 'Nizhyn'],
  ['Наталія', 'Nataliia'],
  ['Одеса', 'Odesa'],
  ['Онищенко', 'Onyshchenko'],
  ['Полтава', 'Poltava'],
  ['Петро', 'Petro'],
  ['Решетилівка', 'Reshetylivka'],
  ['Рибчинський', 'Rybchynskyi'],
  ['Суми', 'Sumy'],
  ['Соломія', 'Solomiia'],
  ['Тернопіль', 'Ternopil'],
  ['Троць', 'Trots'],
  ['Ужгород', 'Uzhhorod'],
  ['Уляна', 'Uliana'],
  ['Фастів', 'Fastiv'],
  ['Філіпчук', 'Filipchuk'],
  ['Харків', 'Kharkiv'],
  ['Христина', 'Khrystyna'],
  ['Біла Церква', 'Bila Tserkva'],
  ['Стеценко', 'Stetsenko'],
  ['Чернівці', 'Chernivtsi'],
  ['Шевченко', 'Shevchenko'],
  ['Шостка', 'Shostka'],
  ['Кишеньки', 'Kyshenky'],
  ['Щербухи', 'Shcherbukhy'],
  ['Гоща', 'Hoshcha'],
  ['Гаращенко', 'Harashchenko'],
  ['Юрій', 'Yurii'],
  ['Корюківка', 'Koriukivka'],
  ['Яготин', 'Yahotyn'],
  ['Ярошенко', 'Yaroshenko'],
  ['Костянтин', 'Kostiantyn'],
  ["Знам'янка", 'Znamianka'],
  ['Феодосія', 'Feodosiia'],
  // "зг" is "zgh", unlike "zh" for ж.
  ['Згорани', 'Zghorany'],
  ['Розгон', 'Rozghon'],
  ['Гаївка', 'Haivka'],
];

describe('the national transliteration', () => {
  it('writes every example of the resolution as the resolution does', () => {
    for (const [ukrainian, latin] of lawExamples) expect(transliterate(ukrainian), ukrainian).toBe(latin.toLowerCase());
  });

  it('writes є, ї, й, ю, я otherwise at the start of each word, and the apostrophe starts none', () => {
    expect(transliterate('Юрій Яготинський і Єва Їжак')).toBe('yurii yahotynskyi i yeva yizhak');
    expect(transliterate('мар’їне, короп`є, пʼять, сім’я')).toBe('marine, koropie, piat, simia');
    expect(transliterate('Йосипівка-Йорданка')).toBe('yosypivka-yordanka');
  });

  it('knows every letter of the Ukrainian alphabet, in either case', () => {
    const alphabet = 'абвгґдеєжзиіїйклмнопрстуфхцчшщьюя';
    for (const letter of [...alphabet, ...alphabet.toUpperCase()]) {
      expect(transliterate(`х${letter}`), letter).toMatch(/^kh[a-z]*$/);
    }
  });

  it('gives the Russian letters Ukrainian lacks a Latin form too', () => {
    expect(transliterate('Ёлка')).toBe('yolka');
    expect(transliterate('Тёплый')).toBe('tioplyi');
    expect(transliterate('Сэр')).toBe('ser');
    expect(transliterate('Подъезд')).toBe('podezd');
    expect(transliterate('Рыбы')).toBe('ryby');
  });

  it('reads a letter written with a combining mark as the letter itself', () => {
    // й and ї as и/і followed by a combining breve/diaeresis, as some keyboards type them.
    expect(transliterate('Киі\u0308в')).toBe('kyiv');
    expect(transliterate('Стрии\u0306')).toBe('stryi');
    expect(transliterate('Йосипівка'.normalize('NFD'))).toBe('yosypivka');
  });

  it('keeps Latin letters and digits, without accents', () => {
    expect(transliterate('Falcon M-65 Café')).toBe('falcon m-65 cafe');
  });
});

describe('the slug of a name', () => {
  it('is the transliterated name in lower case, words joined by single hyphens', () => {
    expect(slugFromName('Черевики тактичні зимові Falcon', productSlugMaxLength)).toBe(
      'cherevyky-taktychni-zymovi-falcon',
    );
    expect(slugFromName('  Куртка «Згорани» — M-65 (олива)!  ', productSlugMaxLength)).toBe(
      'kurtka-zghorany-m-65-olyva',
    );
    expect(slugFromName('Тент 3×3 м', productSlugMaxLength)).toBe('tent-3-3-m');
    expect(slugFromName("Знам'янка", categorySlugMaxLength)).toBe('znamianka');
    expect(slugFromName('Рюкзак №5, 30 л', productSlugMaxLength)).toBe('riukzak-5-30-l');
  });

  it('is empty when the name has nothing to write', () => {
    expect(slugFromName('—', productSlugMaxLength)).toBe('');
    expect(slugFromName('ь’ъ', productSlugMaxLength)).toBe('');
    expect(slugFromName('雨衣', productSlugMaxLength)).toBe('');
  });

  it('fits the length, ending at a word’s end when one is near', () => {
    const long = 'Куртка тактична зимова '.repeat(10);
    const whole = slugFromName(long, 1000);
    const slug = slugFromName(long, categorySlugMaxLength);
    expect(slug.length).toBeLessThanOrEqual(categorySlugMaxLength);
    expect(slug.length).toBeGreaterThan(categorySlugMaxLength - 'taktychna-'.length);
    expect(whole.startsWith(slug)).toBe(true);
    expect(whole[slug.length]).toBe('-');
    // One word longer than the room is cut inside it.
    expect(slugFromName('щ'.repeat(50), 10)).toBe('shchshchsh');
  });

  it('always matches the slug rule and the length, or is empty', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), fc.integer({ min: 1, max: 200 }), (name, max) => {
        const slug = slugFromName(name, max);
        expect(slug.length).toBeLessThanOrEqual(max);
        if (slug !== '') expect(slug).toMatch(slugPattern);
      }),
    );
  });
});

describe('numbered slugs', () => {
  it('are the base, then the base with -2, -3…', () => {
    expect([1, 2, 3, 10].map((n) => numberedSlug('kurtka-m65', n, productSlugMaxLength))).toEqual([
      'kurtka-m65',
      'kurtka-m65-2',
      'kurtka-m65-3',
      'kurtka-m65-10',
    ]);
  });

  it('shorten the base so that the number fits', () => {
    const base = 'a'.repeat(98);
    expect(numberedSlug(base, 2, 100)).toBe(`${'a'.repeat(98)}-2`);
    expect(numberedSlug(base, 12, 100)).toBe(`${'a'.repeat(97)}-12`);
    expect(numberedSlug('abc-defg', 2, 6)).toBe('abc-2');
    for (const n of [2, 99, 1000]) expect(numberedSlug(base, n, 100)).toMatch(slugPattern);
  });
});
