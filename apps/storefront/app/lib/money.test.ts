import { describe, expect, it } from 'vitest';
import { formatKopiyky, toKopiyky } from './money';

describe('money', () => {
  it('reads decimal strings into kopiyky and shows two decimals', () => {
    expect(toKopiyky('1250.50')).toBe(125050);
    expect(toKopiyky('3')).toBe(300);
    expect(toKopiyky(null)).toBe(0);
    expect(toKopiyky('abc')).toBe(0);
    expect(formatKopiyky(250130)).toBe('2501.30');
    expect(formatKopiyky(5)).toBe('0.05');
    expect(formatKopiyky(0)).toBe('0.00');
  });
});
