import type { Product } from '@kram/contract/catalog';
import { describe, expect, it } from 'vitest';
import { addLine, cartCount, cartTotalKopiyky, lineKey, removeLine, setLineCount } from './cart-lines';

const product = (over: Partial<Product> = {}): Product => ({
  id: 7,
  slug: 'jacket',
  sku: 'KR-1',
  name: 'Куртка',
  name_ru: 'Куртка ру',
  description: '',
  description_ru: '',
  price: '1250.50',
  old_price: null,
  is_on_promo: false,
  is_on_sale: true,
  is_new: false,
  sizes: [
    { id: 1, name: 'M' },
    { id: 2, name: 'L' },
  ],
  colors: [
    { id: 3, name: 'Олива', name_ru: 'Олива', color_rgb: '#5A5D37' },
    { id: 4, name: 'Чорний', name_ru: 'Черный', color_rgb: '#1C1C1C' },
  ],
  compositions: [],
  product_images: [],
  category_full_path: 'odyag/kurtky',
  ...over,
});

const olive = { id: 3, name: 'Олива', name_ru: 'Олива' };
const black = { id: 4, name: 'Чорний', name_ru: 'Черный' };
const m = { id: 1, name: 'M' };
const l = { id: 2, name: 'L' };

describe('cart lines', () => {
  it('are one product in one colour and one size', () => {
    let lines = addLine([], product(), { color: olive, size: m });
    lines = addLine(lines, product(), { color: olive, size: m, count: 2 });
    expect(lines).toHaveLength(1);
    expect(lines[0]?.count).toBe(3);

    lines = addLine(lines, product(), { color: black, size: m });
    lines = addLine(lines, product(), { color: olive, size: l });
    lines = addLine(lines, product({ id: 8 }), { color: olive, size: m });
    expect(lines.map(lineKey)).toEqual(['7:3:1', '7:4:1', '7:3:2', '8:3:1']);
  });

  it('add one by default and never less than one', () => {
    expect(addLine([], product())[0]?.count).toBe(1);
    expect(addLine([], product(), { count: 0 })[0]?.count).toBe(1);
    expect(addLine([], product(), { count: -4 })[0]?.count).toBe(1);
  });

  it('keep what the sidebar and checkout need', () => {
    const [line] = addLine([], product(), { color: olive, size: m });
    expect(line).toMatchObject({
      id: 7,
      slug: 'jacket',
      name: 'Куртка',
      price: '1250.50',
      category_full_path: 'odyag/kurtky',
      selectedColor: olive,
      selectedSize: m,
    });
  });

  it('count the sum of counts and total price times count in kopiyky', () => {
    let lines = addLine([], product(), { color: olive, size: m, count: 2 });
    lines = addLine(lines, product({ id: 9, price: '0.10' }), { count: 3 });
    expect(cartCount(lines)).toBe(5);
    // 2 × 1250.50 + 3 × 0.10, exactly: no binary fractions.
    expect(cartTotalKopiyky(lines)).toBe(250130);
  });

  it('add nothing to the total for a line without a price (a guest added it)', () => {
    const lines = addLine([], product({ price: null }), { count: 2 });
    expect(cartTotalKopiyky(lines)).toBe(0);
    expect(cartCount(lines)).toBe(2);
  });

  it('remove and change one line by its key only', () => {
    let lines = addLine([], product(), { color: olive, size: m });
    lines = addLine(lines, product(), { color: olive, size: l });
    lines = setLineCount(lines, '7:3:2', 5);
    expect(lines.map((x) => x.count)).toEqual([1, 5]);
    lines = removeLine(lines, '7:3:1');
    expect(lines.map(lineKey)).toEqual(['7:3:2']);
    expect(cartCount(lines)).toBe(5);
  });
});
