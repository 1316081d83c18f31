import { describe, expect, it } from 'vitest';
import { categoryTrail, formatPrice, moveOne, parsePrice, photoUrl } from './product-format.ts';

describe('product formats', () => {
  it('shows money the Ukrainian way, in hryvnias', () => {
    expect(formatPrice('1234.50')).toBe('1\u202F234,50\u00A0₴');
    expect(formatPrice(null)).toBe('');
  });

  it('takes a typed price with a comma or spaces, and blank as no price', () => {
    expect(parsePrice('1 250,5')).toBe('1250.5');
    expect(parsePrice('  ')).toBeNull();
    expect(parsePrice(null)).toBeNull();
  });

  it('picks the smallest variant wide enough, else the large image', () => {
    const image = {
      image: '/media/products/a-1200.webp',
      variants: {
        '160': '/media/products/a-160.webp',
        '400': '/media/products/a-400.webp',
        '1200': '/media/products/a-1200.webp',
      },
    };
    expect(photoUrl(image, 96)).toBe('/media/products/a-160.webp');
    expect(photoUrl(image, 161)).toBe('/media/products/a-400.webp');
    expect(photoUrl({ image: '/media/x.webp', variants: {} }, 100)).toBe('/media/x.webp');
  });

  it('names a category with its parents in the chosen language', () => {
    const tree = [
      { id: 1, parent_id: null, name: 'Одяг', name_ru: 'Одежда' },
      { id: 2, parent_id: 1, name: 'Куртки', name_ru: 'Куртки' },
      { id: 3, parent_id: 2, name: 'Софтшел', name_ru: '' },
    ];
    expect(categoryTrail(tree, 3, 'uk')).toBe('Одяг / Куртки / Софтшел');
    expect(categoryTrail(tree, 3, 'ru')).toBe('Одежда / Куртки / Софтшел');
    expect(categoryTrail(tree, 9, 'uk')).toBe('');
  });

  it('moves one photo a place up or down, and not past either end', () => {
    expect(moveOne([1, 2, 3], 1, -1)).toEqual([2, 1, 3]);
    expect(moveOne([1, 2, 3], 1, 1)).toEqual([1, 3, 2]);
    expect(moveOne([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moveOne([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });
});
