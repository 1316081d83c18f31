import type { Product } from '@kram/contract/catalog';
import { describe, expect, it } from 'vitest';
import { cardColor, cardHref, cardImage } from './card-image';
import { cardProduct } from './catalog-api';

const image = (name: string, color: number | null) => ({
  image: `/media/products/${name}-1200.webp`,
  color,
  variants: {},
});
const olive = { id: 1, name: 'Олива', name_ru: 'Олива', color_rgb: '#5A5D37', swatch_image: null };
const black = { id: 3, name: 'Чорний', name_ru: 'Черный', color_rgb: '#1C1C1C', swatch_image: null };
const multicam = {
  id: 4,
  name: 'Мультикам',
  name_ru: 'Мультикам',
  color_rgb: null,
  swatch_image: '/media/swatches/multicam.webp',
};

const product: Product = {
  id: 7,
  slug: 'kurtka-alpha',
  sku: 'KR-JKT-00007',
  name: 'Куртка Alpha',
  name_ru: 'Куртка Alpha',
  description: '',
  description_ru: '',
  price: null,
  old_price: null,
  is_on_promo: false,
  is_on_sale: true,
  is_new: false,
  sizes: [],
  colors: [olive, black, multicam],
  compositions: [],
  product_images: [image('jacket-black-1', 3), image('jacket-black-2', 3), image('jacket-olive-1', 1)],
  category_full_path: 'odyag/kurtky',
};

describe('cardImage', () => {
  it('shows the first image without a colour filter', () => {
    expect(cardImage(product)?.image).toBe('/media/products/jacket-black-1-1200.webp');
    expect(cardImage(product, [])?.image).toBe('/media/products/jacket-black-1-1200.webp');
  });

  it('shows the first photo in a filtered colour', () => {
    expect(cardImage(product, [1])?.image).toBe('/media/products/jacket-olive-1-1200.webp');
    // Several colours chosen: the product's own order decides, so its main photo wins when it matches.
    expect(cardImage(product, [1, 3])?.image).toBe('/media/products/jacket-black-1-1200.webp');
  });

  it('falls back to the first image when there is no photo in the filtered colours', () => {
    expect(cardImage(product, [4])?.image).toBe('/media/products/jacket-black-1-1200.webp');
    expect(cardImage({ ...product, product_images: [] }, [1])).toBeUndefined();
  });
});

describe('cardColor', () => {
  it("is the product's colour the image shows, or null", () => {
    expect(cardColor(product, cardImage(product, [1]))).toEqual(olive);
    expect(cardColor(product, image('x', null))).toBeNull();
    expect(cardColor(product, image('x', 99))).toBeNull();
    expect(cardColor(product, undefined)).toBeNull();
  });
});

describe('cardHref', () => {
  it('opens the product page on the filtered colour the card shows', () => {
    expect(cardHref(product)).toBe('/product/odyag/kurtky/kurtka-alpha');
    expect(cardHref(product, [1])).toBe('/product/odyag/kurtky/kurtka-alpha?color=1');
    expect(cardHref(product, [3, 1])).toBe('/product/odyag/kurtky/kurtka-alpha?color=3');
    // No photo in the filtered colour: the card shows the main photo and links plainly.
    expect(cardHref(product, [4])).toBe('/product/odyag/kurtky/kurtka-alpha');
  });
});

describe('cardProduct', () => {
  it('keeps the first image and the first of each colour, so cards pick the same photo', () => {
    const card = cardProduct({
      ...product,
      description: 'Довгий опис',
      product_images: [...product.product_images, image('jacket-olive-2', 1), image('jacket-plain', null)],
    });
    expect(card.product_images.map((i) => i.image)).toEqual([
      '/media/products/jacket-black-1-1200.webp',
      '/media/products/jacket-olive-1-1200.webp',
      '/media/products/jacket-plain-1200.webp',
    ]);
    expect(card.description).toBe('');
    // Their variants' URLs are worked out from the image's own (ProductImage).
    expect(card.product_images.map((i) => i.variants)).toEqual([{}, {}, {}]);
    for (const colorIds of [[], [1], [3], [4], [1, 3]]) {
      expect(cardImage(card, colorIds), JSON.stringify(colorIds)).toEqual(cardImage(product, colorIds));
    }
  });
});
