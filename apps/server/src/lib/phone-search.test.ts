import { describe, expect, it } from 'vitest';
import { telephoneDigits } from './phone-search.ts';

describe('telephoneDigits', () => {
  it('reads one number however it is typed', () => {
    for (const typed of ['067 123-45-67', '+38 (067) 123-4567', '+380671234567', '671234567', ' 0671234567 ']) {
      expect(telephoneDigits(typed), typed).toBe('671234567');
    }
  });

  it('is no telephone with other characters in it, or with fewer than three digits', () => {
    expect(telephoneDigits('Бондар 7')).toBeUndefined();
    expect(telephoneDigits('ivan123')).toBeUndefined();
    expect(telephoneDigits('#1234567')).toBeUndefined();
    expect(telephoneDigits('+380')).toBeUndefined();
    expect(telephoneDigits('0 67')).toBeUndefined();
    expect(telephoneDigits('123')).toBe('123');
  });
});
