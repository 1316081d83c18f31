import { describe, expect, it } from 'vitest';
import { phoneSearchDigits } from './phone-search.ts';

describe('phoneSearchDigits', () => {
  it('reads one number however it was typed', () => {
    for (const typed of ['067 123-45-67', '+380671234567', '671234567', '+38 (067) 123-4567', ' 0671234567 ']) {
      expect(phoneSearchDigits(typed)).toBe('671234567');
    }
  });

  it('keeps a part of a number', () => {
    expect(phoneSearchDigits('45-67')).toBe('4567');
    expect(phoneSearchDigits('123')).toBe('123');
  });

  it('is nothing for words, e-mails, ids, or fewer than three digits', () => {
    expect(phoneSearchDigits('Олена')).toBeUndefined();
    expect(phoneSearchDigits('olena@example.com')).toBeUndefined();
    expect(phoneSearchDigits('#4f9c2a1')).toBeUndefined();
    expect(phoneSearchDigits('12')).toBeUndefined();
    expect(phoneSearchDigits('+380')).toBeUndefined();
  });
});
