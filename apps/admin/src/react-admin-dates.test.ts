import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as dates from '../react-admin-dates/index.js';

const { isMatch, isValid, parseISO } = dates;

// ra-core's guessers import three functions from date-fns; the workspace react-admin-dates/ stands in
// for that package (docs/decisions/057).
describe('react-admin-dates', () => {
  const here = realpathSync(join(dirname(fileURLToPath(import.meta.url)), '../react-admin-dates'));
  const raCore = createRequire(import.meta.url).resolve('ra-core');
  const raCoreRequire = createRequire(raCore);

  it('is the date-fns ra-core is given', () => {
    expect(realpathSync(dirname(raCoreRequire.resolve('date-fns/package.json')))).toBe(here);
  });

  it('has every function react-admin imports from date-fns', () => {
    const imported = new Set<string>();
    const packages = [dirname(raCore), dirname(createRequire(raCore).resolve('react-admin'))];
    const reactAdmin = createRequire(import.meta.url).resolve('react-admin');
    packages.push(dirname(createRequire(reactAdmin).resolve('ra-ui-materialui')));
    for (const dist of packages) {
      for (const file of readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
        if (!file.endsWith('.js')) continue;
        const source = readFileSync(join(dist, file), 'utf8');
        for (const [, names] of source.matchAll(/^import\s*\{([^}]*)\}\s*from\s*['"]date-fns['"]/gm))
          for (const name of (names as string).split(',')) imported.add(name.trim().split(/\s+as\s+/)[0] as string);
        if (/from\s*['"]date-fns\/|require\(['"]date-fns\//.test(source))
          imported.add(`a module of date-fns in ${file}`);
      }
    }
    expect(imported.size).toBeGreaterThan(0);
    expect([...imported].filter((name) => !(name in dates))).toEqual([]);
  });

  describe('isValid', () => {
    it('is true for a date or a number that names a time, and false for anything else', () => {
      expect(isValid(new Date(2026, 10, 28))).toBe(true);
      expect(isValid(0)).toBe(true);
      expect(isValid(new Date('not a date'))).toBe(false);
      expect(isValid(Number.NaN)).toBe(false);
      expect(isValid('2026-11-28')).toBe(false);
      expect(isValid(null)).toBe(false);
      expect(isValid(undefined)).toBe(false);
    });
  });

  describe('parseISO', () => {
    const valid = (text: string) => isValid(parseISO(text));

    it('reads a date and time without a zone as local time', () => {
      expect(parseISO('2014-02-11T11:30:30')).toEqual(new Date(2014, 1, 11, 11, 30, 30));
      expect(parseISO('2014-02-11 11:30')).toEqual(new Date(2014, 1, 11, 11, 30));
      expect(parseISO('20140211T1130')).toEqual(new Date(2014, 1, 11, 11, 30));
      expect(parseISO('2014-02-11T11')).toEqual(new Date(2014, 1, 11, 11));
      expect(parseISO('2014-02-11')).toEqual(new Date(2014, 1, 11));
      expect(parseISO('2014-02')).toEqual(new Date(2014, 1, 1));
      expect(parseISO('2014')).toEqual(new Date(2014, 0, 1));
      expect(parseISO('20')).toEqual(new Date(2000, 0, 1));
    });

    it('reads fractions of a unit, written with a point or a comma', () => {
      expect(parseISO('2014-02-11T11:30:30.5')).toEqual(new Date(2014, 1, 11, 11, 30, 30, 500));
      expect(parseISO('2014-02-11T11,5')).toEqual(new Date(2014, 1, 11, 11, 30));
      expect(parseISO('2014-02-11T24:00')).toEqual(new Date(2014, 1, 12));
    });

    it('reads the zone: Z, hours, hours and minutes with or without a colon', () => {
      expect(parseISO('2014-02-11T11:30:30.5Z')).toEqual(new Date(Date.UTC(2014, 1, 11, 11, 30, 30, 500)));
      expect(parseISO('2014-02-11T11:30+02:00')).toEqual(new Date(Date.UTC(2014, 1, 11, 9, 30)));
      expect(parseISO('2014-02-11T11:30+02')).toEqual(new Date(Date.UTC(2014, 1, 11, 9, 30)));
      expect(parseISO('2014-02-11T11:30-0530')).toEqual(new Date(Date.UTC(2014, 1, 11, 17, 0)));
      expect(parseISO('2014-02-11Z')).toEqual(new Date(Date.UTC(2014, 1, 11)));
    });

    it('reads ordinal dates, week dates and expanded years', () => {
      expect(parseISO('2014-101')).toEqual(new Date(2014, 3, 11));
      expect(parseISO('2012-366')).toEqual(new Date(2012, 11, 31));
      expect(parseISO('2014-W06-2')).toEqual(new Date(2014, 1, 4));
      expect(parseISO('2014W062')).toEqual(new Date(2014, 1, 4));
      expect(parseISO('2015-W01')).toEqual(new Date(2014, 11, 29));
      expect(parseISO('+02014101', { additionalDigits: 1 })).toEqual(new Date(2014, 3, 11));
      expect(parseISO('+002014-02-11')).toEqual(new Date(2014, 1, 11));
    });

    it('answers an Invalid Date for a day, a time or a zone that does not exist, and for other text', () => {
      for (const text of [
        '2014-02-30',
        '2013-02-29',
        '2014-13-01',
        '2014-00-10',
        '2013-366',
        '2014-W54',
        '2014-W06-8',
        '2014-02-11T25:00',
        '2014-02-11T24:01',
        '2014-02-11T11:60',
        '2014-02-11T11:30+02:60',
        '11:30',
        '2014-02-11T11:30 extra',
        'not a date',
        '',
        '02/11/2014',
      ])
        expect(valid(text), text).toBe(false);
      expect(isValid(parseISO(42 as unknown as string))).toBe(false);
    });
  });

  describe('isMatch', () => {
    it('is true for a real date written in the format, as ra-core asks of US dates', () => {
      expect(isMatch('02/11/2014', 'MM/dd/yyyy')).toBe(true);
      expect(isMatch('2/11/2014', 'MM/dd/yyyy')).toBe(true);
      expect(isMatch('02/29/2012', 'MM/dd/yyyy')).toBe(true);
      expect(isMatch('02/11/14', 'MM/dd/yy')).toBe(true);
      expect(isMatch('02/29/00', 'MM/dd/yy')).toBe(true);
      expect(isMatch('02/11/2014  ', 'MM/dd/yyyy')).toBe(true);
    });

    it('is false for a day that does not exist, another layout, or text left over', () => {
      expect(isMatch('02/30/2014', 'MM/dd/yyyy')).toBe(false);
      expect(isMatch('02/29/2013', 'MM/dd/yyyy')).toBe(false);
      expect(isMatch('13/11/2014', 'MM/dd/yyyy')).toBe(false);
      expect(isMatch('2014-02-11', 'MM/dd/yyyy')).toBe(false);
      expect(isMatch('02/11/2014 11:30', 'MM/dd/yyyy')).toBe(false);
      expect(isMatch('00/11/2014', 'MM/dd/yyyy')).toBe(false);
      expect(isMatch('02/11/0000', 'MM/dd/yyyy')).toBe(false);
      expect(isMatch('', 'MM/dd/yyyy')).toBe(false);
    });

    it('reads times and quoted text', () => {
      expect(isMatch('28.11.2026 at 23:59:59', "dd.MM.yyyy 'at' HH:mm:ss")).toBe(true);
      expect(isMatch('28.11.2026 at 24:00:00', "dd.MM.yyyy 'at' HH:mm:ss")).toBe(false);
      expect(isMatch("o'clock 7", "'o''clock' H")).toBe(true);
    });

    it('throws on a token it does not read rather than answering wrongly', () => {
      expect(() => isMatch('11 February 2014', 'dd MMMM yyyy')).toThrow(RangeError);
      expect(() => isMatch('2014 2014', 'yyyy yyyy')).toThrow(RangeError);
    });
  });
});
