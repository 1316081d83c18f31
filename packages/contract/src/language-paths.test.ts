import { describe, expect, it } from 'vitest';
import { languageOfPath, localizedPath, unlocalizedPath } from './language-paths.ts';

describe('language paths', () => {
  it('reads the language from the address: /ru and below is Russian, everything else Ukrainian', () => {
    for (const path of ['/ru', '/ru/', '/ru/category/odyag', '/ru?x=1', '/ru/_.data', '/ru#top']) {
      expect(languageOfPath(path), path).toBe('ru');
    }
    for (const path of ['/', '/category/odyag', '/rules', '/ruble/x', '/uk/admin/', '/product/ru/x']) {
      expect(languageOfPath(path), path).toBe('uk');
    }
  });

  it('puts a page into either language and back, keeping the query and the fragment', () => {
    expect(localizedPath('/', 'ru')).toBe('/ru/');
    expect(localizedPath('/?utm=1', 'ru')).toBe('/ru/?utm=1');
    expect(localizedPath('/product/odyag/kurtka', 'ru')).toBe('/ru/product/odyag/kurtka');
    expect(localizedPath('/category/odyag?page=2#list', 'ru')).toBe('/ru/category/odyag?page=2#list');
    expect(localizedPath('/ru/category/odyag?page=2', 'uk')).toBe('/category/odyag?page=2');
    expect(localizedPath('/ru/', 'uk')).toBe('/');
    expect(localizedPath('/ru', 'uk')).toBe('/');
    expect(localizedPath('/ru?x=1', 'uk')).toBe('/?x=1');
    // Already in the language: unchanged, so a helper may be applied twice.
    expect(localizedPath('/ru/search?query=a', 'ru')).toBe('/ru/search?query=a');
    expect(localizedPath('/search?query=a', 'uk')).toBe('/search?query=a');
    expect(localizedPath('/rules', 'ru')).toBe('/ru/rules');
  });

  it('leaves what is not a site-absolute path alone', () => {
    for (const path of ['https://shop.example/x', '//cdn.example/x', '#top', 'mailto:a@b.c', 'tel:+380', '?page=2']) {
      expect(localizedPath(path, 'ru'), path).toBe(path);
    }
  });

  it('strips only a whole /ru segment', () => {
    expect(unlocalizedPath('/ru/wishlist')).toBe('/wishlist');
    expect(unlocalizedPath('/ruble')).toBe('/ruble');
    expect(unlocalizedPath('/ru')).toBe('/');
  });
});
