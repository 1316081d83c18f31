import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeEmail } from './email-identity.ts';
import { emailPattern } from './validation.ts';

describe('normalizeEmail', () => {
  it.each([
    ['Ivan.Petrenko@Example.COM', 'ivan.petrenko@example.com'],
    ['  ivan@example.com ', 'ivan@example.com'],
    // Fullwidth letters and the Kelvin sign are compatibility forms of ASCII letters.
    ['ｉｖａｎ＠ｅｘａｍｐｌｅ．ｃｏｍ', 'ivan@example.com'],
    ['\u212Aate@example.com', 'kate@example.com'],
    // Unicode lower-cases the dotted capital I to i + U+0307, not to i: it is not "ivan".
    ['İvan@example.com', 'i\u0307van@example.com'],
    // The dotless ı stays what it is; ß is lower case already and is not folded to "ss".
    ['ıvan@example.com', 'ıvan@example.com'],
    ['STRAẞE@example.com', 'straße@example.com'],
  ])('%s → %s', (typed, normal) => {
    expect(normalizeEmail(typed)).toBe(normal);
  });

  it('never turns a look-alike into an address registration would accept unless it is that address', () => {
    for (const trap of ['İvan@example.com', 'ıvan@example.com', 'straße@example.com', 'i\u0307van@example.com']) {
      expect(emailPattern.test(normalizeEmail(trap))).toBe(false);
    }
  });

  it('is a fixed point, so a stored address and a typed one compare in one step', () => {
    const traps = fc.constantFrom(
      'İ',
      'ı',
      'I',
      'i',
      '\u0307',
      'ß',
      'ẞ',
      'K',
      'k',
      '\u212A',
      'Ａ',
      'ﬁ',
      'Σ',
      'ς',
      '@',
      '.',
    );
    const text = fc.oneof(
      fc.string({ unit: 'grapheme' }),
      fc.array(traps).map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(text, (value) => {
        const once = normalizeEmail(value);
        expect(normalizeEmail(once)).toBe(once);
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with plain lower-casing on every address registration accepts', () => {
    const ascii = fc.stringMatching(/^[A-Za-z0-9_'+-]{1,10}@[A-Za-z0-9]{1,10}\.[A-Za-z]{2,4}$/);
    fc.assert(fc.property(ascii, (address) => normalizeEmail(address) === address.toLowerCase()));
  });
});
