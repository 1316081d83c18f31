import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  currencySpace,
  formatAmount,
  formatHryvnias,
  formatMoney,
  MoneyError,
  moneyBound,
  moneyPattern,
  normalizeMoney,
  parseMoney,
  sumMoney,
  thousandsSeparator,
} from './money.ts';

const kopiyky = fc.integer({ min: 0, max: 99_999_999_99 });

describe('money', () => {
  it('reads decimal strings into kopiyky and writes two places', () => {
    expect(parseMoney('1250.50')).toBe(125050);
    expect(parseMoney('1250.5')).toBe(125050);
    expect(parseMoney('3')).toBe(300);
    expect(parseMoney(' 0.05 ')).toBe(5);
    expect(formatMoney(250130)).toBe('2501.30');
    expect(formatMoney(5)).toBe('0.05');
    expect(formatMoney(0)).toBe('0.00');
    expect(normalizeMoney('3')).toBe('3.00');
  });

  it('refuses what is not money instead of reading it as zero or truncating it', () => {
    for (const bad of ['', 'abc', '1.234', '-1.00', '1,50', '1e3', 'NaN', '12345678901.00', '.5']) {
      expect(() => parseMoney(bad), bad).toThrow(MoneyError);
    }
    for (const bad of [0.5, -1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60]) {
      expect(() => formatMoney(bad), String(bad)).toThrow(MoneyError);
    }
  });

  it('round-trips every amount: format then parse gives it back, in the pattern JSON carries', () => {
    fc.assert(
      fc.property(kopiyky, (k) => {
        const text = formatMoney(k);
        expect(text).toMatch(moneyPattern);
        expect(parseMoney(text)).toBe(k);
        expect(normalizeMoney(text)).toBe(text);
      }),
    );
  });

  it('sums 10,000 random prices with no float drift', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5_000_000 }), { minLength: 10_000, maxLength: 10_000 }),
        (list) => {
          const prices = list.map(formatMoney);
          const total = sumMoney(prices.map(parseMoney));
          // The same sum done on BigInt digits: exact by construction.
          const exact = prices.reduce((s, p) => s + BigInt(p.replace('.', '')), 0n);
          expect(BigInt(total)).toBe(exact);
          expect(formatMoney(total)).toBe(`${exact / 100n}.${String(exact % 100n).padStart(2, '0')}`);
        },
      ),
      { numRuns: 20 },
    );
  });

  it('reads a filter bound typed as a number toward the inside of the range', () => {
    expect(moneyBound(500, 'min')).toBe(50000);
    expect(moneyBound(0.1 + 0.2, 'min')).toBe(30);
    expect(moneyBound(0.1 + 0.2, 'max')).toBe(30);
    expect(moneyBound(499.995, 'min')).toBe(50000);
    expect(moneyBound(499.995, 'max')).toBe(49999);
    fc.assert(
      fc.property(kopiyky, (k) => {
        expect(moneyBound(k / 100, 'min')).toBe(k);
        expect(moneyBound(k / 100, 'max')).toBe(k);
      }),
    );
  });

  describe('as people read it', () => {
    // Spelt with visible marks so the test says which space goes where.
    const shown = (text: string) => text.replaceAll(thousandsSeparator, '_').replaceAll(currencySpace, '~');

    it('groups thousands with a narrow no-break space, a comma before kopiyky, a no-break space before ₴', () => {
      expect(thousandsSeparator).toBe('\u202F');
      expect(currencySpace).toBe('\u00A0');
      expect(formatHryvnias('2350.00')).toBe('2\u202F350,00\u00A0₴');
      expect(shown(formatHryvnias('2350'))).toBe('2_350,00~₴');
      expect(shown(formatHryvnias(235000))).toBe('2_350,00~₴');
      expect(shown(formatHryvnias('999.99'))).toBe('999,99~₴');
      expect(shown(formatHryvnias('1000.00'))).toBe('1_000,00~₴');
      expect(shown(formatHryvnias('1234567.89'))).toBe('1_234_567,89~₴');
      expect(shown(formatHryvnias('1250.50', 'грн'))).toBe('1_250,50~грн');
    });

    it('writes zero, half a hryvnia, one kopiyka and the largest amounts exactly', () => {
      expect(shown(formatHryvnias('0'))).toBe('0,00~₴');
      expect(shown(formatHryvnias(0))).toBe('0,00~₴');
      expect(formatAmount('0.5')).toBe('0,50');
      expect(formatAmount(50)).toBe('0,50');
      expect(formatAmount('0.01')).toBe('0,01');
      expect(shown(formatAmount('9999999999.99'))).toBe('9_999_999_999,99');
      expect(shown(formatAmount(Number.MAX_SAFE_INTEGER))).toBe('90_071_992_547_409,91');
    });

    it('writes a negative amount with a minus in front, and no minus on zero', () => {
      expect(shown(formatHryvnias(-123450))).toBe('-1_234,50~₴');
      expect(shown(formatHryvnias('-1234.50'))).toBe('-1_234,50~₴');
      expect(formatAmount('-0.00')).toBe('0,00');
    });

    it('refuses what is not money rather than show a wrong amount', () => {
      for (const bad of ['', 'abc', '1,50', '1.234', '--1.00', 'NaN']) {
        expect(() => formatAmount(bad), bad).toThrow(MoneyError);
      }
      for (const bad of [0.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60]) {
        expect(() => formatAmount(bad), String(bad)).toThrow(MoneyError);
      }
    });

    it('reads back to the same kopiyky for every amount, whichever form it is given in', () => {
      fc.assert(
        fc.property(kopiyky, (k) => {
          const text = formatAmount(k);
          expect(formatAmount(formatMoney(k))).toBe(text);
          expect(parseMoney(text.replaceAll(thousandsSeparator, '').replace(',', '.'))).toBe(k);
          expect(text).toMatch(/^\d{1,3}(\u202F\d{3})*,\d{2}$/);
        }),
      );
    });
  });
});
