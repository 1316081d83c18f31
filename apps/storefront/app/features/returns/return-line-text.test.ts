import { describe, expect, it } from 'vitest';
import { lineDetails } from './return-line-text.ts';

// Words as keys with their values, so what each language shows is visible.
const t = (key: string, values?: Record<string, string | number>) => `${key}:${Object.values(values ?? {}).join(',')}`;
const line = { name: 'Куртка', name_ru: 'Куртка RU', size: 'M', color: 'Оливковий', color_ru: 'Оливковый' };

describe('a return line’s words', () => {
  it('names the product, its size and its colour in the page’s language', () => {
    expect(lineDetails(t, 'uk', line)).toEqual({
      name: 'Куртка',
      details: 'returns.line.size:M · returns.line.color:Оливковий',
    });
    expect(lineDetails(t, 'ru', line)).toEqual({
      name: 'Куртка RU',
      details: 'returns.line.size:M · returns.line.color:Оливковый',
    });
  });

  it('leaves out what the line does not have', () => {
    expect(lineDetails(t, 'ru', { ...line, size: null, color: null, color_ru: null }).details).toBe('');
  });
});
