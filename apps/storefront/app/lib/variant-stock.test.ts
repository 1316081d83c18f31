import type { Product } from '@kram/contract/catalog';
import { describe, expect, it } from 'vitest';
import { aProduct } from '../test-fixtures';
import { colorInStock, colorsWithSize, sizeInStock, variantInStock } from './variant-stock';

const olive = { id: 3, name: 'Олива', name_ru: 'Олива', color_rgb: '#5A5D37' };
const black = { id: 4, name: 'Чорний', name_ru: 'Черный', color_rgb: '#1C1C1C' };

/** 42 in both colours, 43 in black only, 44 in none. */
const jacket: Product = aProduct(7, {
  sizes: [
    { id: 42, name: '42', available: true, colors_available: [3, 4] },
    { id: 43, name: '43', available: true, colors_available: [4] },
    { id: 44, name: '44', available: false, colors_available: [] },
  ],
  colors: [
    { ...olive, available: true, sizes_available: [42] },
    { ...black, available: true, sizes_available: [42, 43] },
  ],
});
const size = (id: number) => jacket.sizes.find((s) => s.id === id) as Product['sizes'][number];
const names = (colors: { name: string }[]) => colors.map((c) => c.name);

describe('a size on the product page', () => {
  it('is dimmed when it cannot be bought in the chosen colour', () => {
    expect(sizeInStock(jacket, size(42), olive)).toBe(true);
    expect(sizeInStock(jacket, size(43), olive)).toBe(false);
    expect(sizeInStock(jacket, size(43), black)).toBe(true);
    expect(sizeInStock(jacket, size(44), black)).toBe(false);
  });

  it('is dimmed only when no colour has it, while no colour is chosen', () => {
    expect(jacket.sizes.map((s) => sizeInStock(jacket, s, null))).toEqual([true, true, false]);
  });

  it('of a product without colours follows its own flag', () => {
    const cap = aProduct(8, {
      sizes: [
        { id: 1, name: 'S', available: false, colors_available: [] },
        { id: 2, name: 'M', available: true, colors_available: [] },
      ],
    });
    // A colour the product does not have changes nothing.
    expect(cap.sizes.map((s) => sizeInStock(cap, s, olive))).toEqual([false, true]);
  });

  it('reads the colours’ lists when the sizes lack theirs', () => {
    const half = aProduct(9, {
      sizes: [{ id: 43, name: '43', available: true }],
      colors: [{ ...olive, available: true, sizes_available: [] }],
    });
    expect(sizeInStock(half, { id: 43, name: '43' }, olive)).toBe(false);
  });

  it('can always be bought from a server that does not say, unless the product is off sale', () => {
    const old = aProduct(10, { sizes: [{ id: 1, name: 'M' }], colors: [olive] });
    expect(sizeInStock(old, { id: 1, name: 'M' }, olive)).toBe(true);
    expect(colorInStock(old, olive, { id: 1 })).toBe(true);
    const off = { ...old, is_on_sale: false };
    expect(sizeInStock(off, { id: 1, name: 'M' }, olive)).toBe(false);
    expect(colorInStock(off, olive, null)).toBe(false);
  });
});

describe('a colour on the product page', () => {
  it('is dimmed when it cannot be bought in the chosen size, or in any size', () => {
    expect(jacket.colors.map((c) => colorInStock(jacket, c, { id: 43 }))).toEqual([false, true]);
    expect(jacket.colors.map((c) => colorInStock(jacket, c, { id: 42 }))).toEqual([true, true]);
    expect(jacket.colors.map((c) => colorInStock(jacket, c, null))).toEqual([true, true]);
    const soldOut = { ...jacket, colors: [{ ...olive, available: false, sizes_available: [] }] };
    expect(colorInStock(soldOut, soldOut.colors[0] as Product['colors'][number], null)).toBe(false);
  });

  it('names the other colours a size is in', () => {
    expect(names(colorsWithSize(jacket, size(43), olive))).toEqual(['Чорний']);
    expect(names(colorsWithSize(jacket, size(42), olive))).toEqual(['Чорний']);
    expect(colorsWithSize(jacket, size(44), null)).toEqual([]);
  });
});

describe('a cart line’s variant', () => {
  it('can be bought when its size is in its colour', () => {
    expect(variantInStock(jacket, 42, 3)).toBe(true);
    expect(variantInStock(jacket, 43, 3)).toBe(false);
    expect(variantInStock(jacket, 43, 4)).toBe(true);
    expect(variantInStock(jacket, 44, null)).toBe(false);
    expect(variantInStock(jacket, null, 4)).toBe(true);
  });

  it('cannot be bought in a size or colour the product no longer has', () => {
    expect(variantInStock(jacket, 99, 3)).toBe(false);
    expect(variantInStock(jacket, 42, 99)).toBe(false);
  });

  it('of a product without sizes or colours follows the product', () => {
    expect(variantInStock(aProduct(1), null, null)).toBe(true);
    expect(variantInStock(aProduct(1, { is_on_sale: false }), null, null)).toBe(false);
  });
});
