import type { Product } from '@kram/contract/catalog';
import { describe, expect, it } from 'vitest';
import { imagesOfColor, initialColor, requestedColor } from './product-colors';

const image = (name: string, color: number | null) => ({ image: name, color, variants: {} });
const olive = { id: 1, name: 'Олива', name_ru: 'Олива', color_rgb: '#5A5D37', swatch_image: null };
const coyote = { id: 2, name: 'Койот', name_ru: 'Койот', color_rgb: '#81613C', swatch_image: null };
const black = { id: 3, name: 'Чорний', name_ru: 'Черный', color_rgb: '#1C1C1C', swatch_image: null };
const pixel = {
  id: 5,
  name: 'Піксель ММ-14',
  name_ru: 'Пиксель ММ-14',
  color_rgb: null,
  swatch_image: '/media/swatches/pixel-mm14.webp',
};
const bare = { id: 9, name: 'Візерунок', name_ru: 'Узор', color_rgb: null, swatch_image: null };

const product = (colors: Product['colors'], images: Product['product_images']): Product => ({
  id: 1,
  slug: 'p',
  sku: 'KR-1',
  name: 'P',
  name_ru: 'P',
  description: '',
  description_ru: '',
  price: null,
  old_price: null,
  is_on_promo: false,
  is_on_sale: true,
  is_new: false,
  sizes: [],
  colors,
  compositions: [],
  product_images: images,
  category_full_path: 'odyag',
});

describe('imagesOfColor', () => {
  const images = [image('a-black', 3), image('shared', null), image('b-black', 3), image('a-olive', 1)];

  it("shows a colour's own photos and those of every colour, in order", () => {
    expect(imagesOfColor(images, 3).map((i) => i.image)).toEqual(['a-black', 'shared', 'b-black']);
    expect(imagesOfColor(images, 1).map((i) => i.image)).toEqual(['shared', 'a-olive']);
  });

  it('shows every image with no colour chosen, or for a colour with nothing to show', () => {
    expect(imagesOfColor(images, null)).toEqual(images);
    const withoutShared = images.filter((i) => i.color !== null);
    expect(imagesOfColor(withoutShared, 2)).toEqual(withoutShared);
  });
});

describe('initialColor', () => {
  it("starts on the colour of the product's main photo, not on the first colour listed", () => {
    // Colours come in the shop's colour order; this product was photographed in black first.
    const p = product([olive, coyote, black], [image('a', 3), image('b', 3), image('c', 2)]);
    expect(initialColor(p)).toEqual(black);
  });

  it('starts on a photographed colour when the main photo shows none', () => {
    const p = product([olive, coyote], [image('shared', null), image('c', 2)]);
    expect(initialColor(p)).toEqual(coyote);
  });

  it('starts on the first colour when no colour has photos of its own', () => {
    expect(initialColor(product([olive, coyote], [image('shared', null)]))).toEqual(olive);
    expect(initialColor(product([], [image('shared', null)]))).toBeNull();
  });

  it('starts on the colour asked for in the address when it has photos', () => {
    const p = product([olive, coyote, black], [image('a', 3), image('c', 2)]);
    expect(initialColor(p, 2)).toEqual(coyote);
    expect(initialColor(p, 1)).toEqual(black);
    expect(initialColor(p, 42)).toEqual(black);
  });

  it('never starts on a colour that cannot be chosen', () => {
    const p = product([bare, pixel], [image('a', 9), image('b', 5)]);
    expect(initialColor(p)).toEqual(pixel);
    expect(initialColor(p, 9)).toEqual(pixel);
    expect(initialColor(product([bare], [image('a', 9)]))).toBeNull();
  });
});

describe('requestedColor', () => {
  it('reads a positive whole colour id, else null', () => {
    expect(requestedColor(new URLSearchParams('color=5'))).toBe(5);
    for (const query of ['', 'color=', 'color=0', 'color=-2', 'color=1.5', 'color=abc']) {
      expect(requestedColor(new URLSearchParams(query))).toBeNull();
    }
  });
});
