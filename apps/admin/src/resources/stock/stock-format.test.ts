import type { ProductStock } from '@kram/contract/admin-stock';
import { describe, expect, it } from 'vitest';
import {
  axesOf,
  changesSomething,
  decodeCsv,
  draftsAll,
  draftsOf,
  parseWhole,
  signedQuantity,
  stockChange,
  variantKey,
} from './stock-format.ts';

const stock: ProductStock = {
  product_id: 7,
  low_stock_threshold: null,
  default_threshold: 3,
  offered: true,
  is_on_sale: true,
  sizes: [
    { id: 1, name: 'M' },
    { id: 2, name: 'L' },
  ],
  colors: [{ id: 5, name: 'Олива', name_ru: 'Олива' }],
  variants: [
    { size: 1, color: 5, available: 4, reserved: 1, waiting: 0, low: false },
    { size: 2, color: 5, available: null, reserved: 0, waiting: 2, low: false },
  ],
};

describe('the stock grid’s rules', () => {
  it('has one row and one column for a product without sizes or colours', () => {
    const plain = { ...stock, sizes: [], colors: [], variants: [] };
    expect(axesOf(plain, 'uk')).toEqual({ rows: [{ id: null, name: null }], columns: [{ id: null, name: null }] });
    expect(draftsOf(plain, 'set')).toEqual({ [variantKey(null, null)]: '' });
  });

  it('starts from the saved counts (empty: not counted), or from nothing when adding', () => {
    expect(draftsOf(stock, 'set')).toEqual({ '1:5': '4', '2:5': '' });
    expect(draftsOf(stock, 'add')).toEqual({ '1:5': '', '2:5': '' });
  });

  it('sends only the cells that changed; an emptied cell stops counting', () => {
    const change = stockChange(stock, { mode: 'set', drafts: { '1:5': '', '2:5': '7' }, note: ' x ', threshold: '' });
    expect(change).toEqual({
      body: {
        mode: 'set',
        variants: [
          { size: 1, color: 5, quantity: null },
          { size: 2, color: 5, quantity: 7 },
        ],
        note: 'x',
      },
      keys: ['1:5', '2:5'],
    });
    const same = stockChange(stock, { mode: 'set', drafts: draftsOf(stock, 'set'), note: '', threshold: '' });
    expect('body' in same && changesSomething(same.body)).toBe(false);
  });

  it('adds what was typed, negative included; empty and zero add nothing', () => {
    const change = stockChange(stock, { mode: 'add', drafts: { '1:5': '−2', '2:5': '0' }, note: '', threshold: '' });
    expect(change).toMatchObject({ body: { mode: 'add', variants: [{ size: 1, color: 5, quantity: -2 }] } });
  });

  it('names the threshold only when it changed; empty is the shop’s default', () => {
    const drafts = draftsOf(stock, 'set');
    expect(stockChange(stock, { mode: 'set', drafts, note: '', threshold: '5' })).toMatchObject({
      body: { variants: [], low_stock_threshold: 5 },
    });
    const own = { ...stock, low_stock_threshold: 5 };
    expect(stockChange(own, { mode: 'set', drafts, note: '', threshold: '' })).toMatchObject({
      body: { low_stock_threshold: null },
    });
    expect(stockChange(own, { mode: 'set', drafts, note: '', threshold: '5' })).not.toHaveProperty(
      'body.low_stock_threshold',
    );
  });

  it('refuses what is not a whole number in range, cell by cell', () => {
    const change = stockChange(stock, {
      mode: 'set',
      drafts: { '1:5': '-1', '2:5': '1,5' },
      note: '',
      threshold: 'x',
    });
    expect(change).toEqual({
      problems: {
        '1:5': 'resources.stock.invalid.count',
        '2:5': 'resources.stock.invalid.count',
        low_stock_threshold: 'resources.stock.invalid.threshold',
      },
    });
    expect(stockChange(stock, { mode: 'set', drafts: { '1:5': '1000001' }, note: '', threshold: '' })).toHaveProperty(
      'problems',
    );
  });

  it('fills every cell for the bulk actions', () => {
    expect(draftsAll(stock, 10)).toEqual({ '1:5': '10', '2:5': '10' });
  });

  it('reads numbers as staff type them and writes a movement’s sign', () => {
    expect(parseWhole('1 200')).toBe(1200);
    expect(parseWhole('+3')).toBe(3);
    expect(parseWhole('\u22124')).toBe(-4);
    expect(parseWhole('2.5')).toBeUndefined();
    expect(parseWhole('')).toBeUndefined();
    expect([signedQuantity(5), signedQuantity(-2), signedQuantity(0)]).toEqual(['+5', '\u22122', '0']);
  });

  it('reads a CSV saved as UTF-8 (with or without a byte-order mark) or as Windows-1251', () => {
    const utf8 = new TextEncoder().encode('\ufeffsku,size,color,quantity\nA,M,Олива,1\n');
    expect(decodeCsv(utf8.buffer)).toBe('sku,size,color,quantity\nA,M,Олива,1\n');
    // "Олива" in Windows-1251.
    const cp1251 = new Uint8Array([0x41, 0x2c, 0xce, 0xeb, 0xe8, 0xe2, 0xe0]);
    expect(decodeCsv(cp1251.buffer)).toBe('A,Олива');
  });
});
