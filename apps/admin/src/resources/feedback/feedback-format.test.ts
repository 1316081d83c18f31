import { describe, expect, it } from 'vitest';
import { excerpt, replyLink } from './feedback-format.ts';

describe('excerpt', () => {
  it('keeps a short message whole, on one line', () => {
    expect(excerpt('Чи є куртки\n\nрозміру XL?')).toBe('Чи є куртки розміру XL?');
  });

  it('cuts a long one at a word and marks the cut', () => {
    const text = 'Доброго дня! Хочу замовити тактичні черевики, але не впевнений щодо розміру, підкажіть будь ласка';
    const short = excerpt(text, 50);
    expect(short).toBe('Доброго дня! Хочу замовити тактичні черевики, але…');
    expect(short.length).toBeLessThanOrEqual(51);
  });

  it('cuts inside a word only when no space is near the end', () => {
    expect(excerpt('a'.repeat(100), 10)).toBe(`${'a'.repeat(10)}…`);
  });
});

describe('replyLink', () => {
  it('addresses the shopper with the subject encoded', () => {
    expect(replyLink('olena+shop@example.com', 'Відповідь від kram')).toBe(
      'mailto:olena%2Bshop@example.com?subject=%D0%92%D1%96%D0%B4%D0%BF%D0%BE%D0%B2%D1%96%D0%B4%D1%8C%20%D0%B2%D1%96%D0%B4%20kram',
    );
  });
});
