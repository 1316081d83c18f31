import type { Product } from '@kram/contract/catalog';
import { describe, expect, it } from 'vitest';
import { type CartLine, cartTotal } from '../../lib/cart-line';
import {
  addLine,
  cartCount,
  isCartLines,
  lineChanges,
  lineKey,
  linesFromOrderItems,
  removeLine,
  setLineCount,
  withCurrentProducts,
  withUnitsLeft,
} from './cart-lines';

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
    expect(cartTotal(lines)).toBe(250130);
  });

  it('give no total while a line has no price (a guest added it)', () => {
    const lines = addLine([], product({ price: null }), { count: 2 });
    expect(cartTotal(lines)).toBeNull();
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

describe('cart lines and the shop’s current products', () => {
  it('take the current price, names, images and stock of their product', () => {
    const guestLine = addLine([], product({ price: null }), { color: olive, size: m });
    const current = new Map([
      ['jacket', product({ price: '999.90', name: 'Куртка нова', name_ru: 'Куртка новая', is_on_sale: false })],
    ]);
    const [line] = withCurrentProducts(guestLine, current);
    expect(line).toMatchObject({ price: '999.90', name: 'Куртка нова', name_ru: 'Куртка новая', available: false });
    // The chosen colour, size and count stay as the shopper chose them.
    expect(line).toMatchObject({ selectedColor: olive, selectedSize: m, count: 1 });
  });

  it('keep a stored price when the answer has none, and mark a product the shop no longer has', () => {
    const lines = addLine(addLine([], product()), product({ id: 8, slug: 'gone' }));
    const current = new Map<string, Product | null>([
      ['jacket', product({ price: null })],
      ['gone', null],
    ]);
    const [kept, gone] = withCurrentProducts(lines, current);
    expect(kept?.price).toBe('1250.50');
    expect(kept?.available).toBe(true);
    expect(gone?.available).toBe(false);
    // The total leaves out what cannot be ordered.
    expect(cartTotal([kept, gone] as CartLine[])).toBe(125050);
    expect(cartTotal([gone] as CartLine[])).toBe(0);
  });

  it('leave lines of products not asked about as they are', () => {
    const lines = addLine([], product());
    expect(withCurrentProducts(lines, new Map())).toEqual(lines);
  });

  it('know whether every orderable line has a price', () => {
    expect(cartTotal(addLine([], product()))).not.toBeNull();
    expect(cartTotal(addLine([], product({ price: null })))).toBeNull();
    expect(isCartLines([{ ...addLine([], product())[0], available: 'yes' }])).toBe(false);
  });

  it('are unavailable when their own size is sold out in their own colour', () => {
    const stocked = product({
      sizes: [
        { id: 1, name: 'M', available: true, colors_available: [4] },
        { id: 2, name: 'L', available: true, colors_available: [3, 4] },
      ],
    });
    let lines = addLine([], stocked, { color: olive, size: m });
    lines = addLine(lines, stocked, { color: black, size: m });
    lines = addLine(lines, stocked, { color: olive, size: l });
    // A size the product no longer has cannot be ordered either.
    lines = addLine(lines, stocked, { color: olive, size: { id: 9, name: 'XXL' } });
    const current = new Map([['jacket', stocked]]);
    expect(withCurrentProducts(lines, current).map((line) => line.available)).toEqual([false, true, true, false]);
  });

  it('keep the units an order was refused with while the variant can be bought, and none means sold out', () => {
    const key = '7:3:1';
    const lines = addLine([], product(), { color: olive, size: m, count: 5 });
    const [short] = withUnitsLeft(lines, key, 2);
    expect(short).toMatchObject({ count: 5, left: 2 });
    expect(isCartLines([short])).toBe(true);
    expect(isCartLines([{ ...short, left: -1 }])).toBe(false);
    // Never more than the line asks for; another line is untouched.
    expect(withUnitsLeft(lines, key, 9)[0]?.left).toBe(5);
    expect(withUnitsLeft(lines, '7:4:1', 2)).toEqual(lines);

    const [gone] = withUnitsLeft([short as CartLine], key, 0);
    expect(gone?.available).toBe(false);
    expect(gone && 'left' in gone).toBe(false);

    // The next refresh decides: still in stock keeps the count left, sold out drops it.
    const onSale = new Map([['jacket', product()]]);
    expect(withCurrentProducts([short as CartLine], onSale)[0]?.left).toBe(2);
    const soldOut = new Map([['jacket', product({ is_on_sale: false })]]);
    expect(withCurrentProducts([short as CartLine], soldOut)[0]).not.toHaveProperty('left');
  });

  it('name what a refresh changed: a known price that moved, a line back in stock', () => {
    const [line] = addLine([], product(), { color: olive, size: m });
    const before = [{ ...(line as CartLine), available: false }];
    const after = withCurrentProducts(before, new Map([['jacket', product({ price: '1300.00' })]]));
    expect(lineChanges(before, after)).toEqual(new Map([['7:3:1', { priceWas: '1250.50', backInStock: true }]]));
    // A guest's line had no price: learning one is no change; nothing else changed either.
    const guest = addLine([], product({ price: null }));
    expect(lineChanges(guest, withCurrentProducts(guest, new Map([['jacket', product()]])))).toEqual(new Map());
  });

  it('come back from an order’s items (a declined card payment)', () => {
    const lines = linesFromOrderItems([
      {
        product: 7,
        quantity: 2,
        price: '1250.50',
        name: 'Куртка',
        name_ru: 'Куртка ру',
        slug: 'jacket',
        category_full_path: 'odyag/kurtky',
        product_images: [],
        size: m,
        color: { ...olive, color_rgb: '#5A5D37' } as typeof olive,
      },
      {
        product: null,
        quantity: 1,
        price: null,
        name: 'Видалений',
        name_ru: '',
        slug: 'x',
        category_full_path: '',
        product_images: [],
        size: null,
        color: null,
      },
    ]);
    expect(lines).toEqual(addLine([], product(), { color: olive, size: m, count: 2 }));
    expect(isCartLines(lines)).toBe(true);
  });
});
