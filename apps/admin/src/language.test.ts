import { describe, expect, it } from 'vitest';
import { languageFromPath, pathInLanguage } from './language.ts';

describe('the language of the address', () => {
  it('is the first segment, Ukrainian when it is not a language', () => {
    expect(languageFromPath('/ru/admin/products')).toBe('ru');
    expect(languageFromPath('/uk/admin/')).toBe('uk');
    expect(languageFromPath('/admin/')).toBe('uk');
  });

  it('switches to the same screen in the other language', () => {
    expect(pathInLanguage({ pathname: '/uk/admin/products/7', search: '?x=1', hash: '#a' }, 'ru')).toBe(
      '/ru/admin/products/7?x=1#a',
    );
    expect(pathInLanguage({ pathname: '/ru/admin', search: '', hash: '' }, 'uk')).toBe('/uk/admin/');
    expect(pathInLanguage({ pathname: '/ru/admin/login', search: '', hash: '' }, 'uk')).toBe('/uk/admin/login');
  });
});
