import { describe, expect, it } from 'vitest';
import { basket } from './payments.service.ts';

const order = (amount: string, lines: [price: string, quantity: number][]) => ({
  id: '00000000-0000-4000-8000-000000000000',
  amount,
  language: 'uk' as const,
  lines: lines.map(([price, quantity], i) => ({ name: `Товар ${i}`, quantity, price, sku: `SKU-${i}`, productId: i })),
});

const total = (lines: { total: number }[]) => lines.reduce((a, l) => a + l.total, 0);

describe('the invoice basket', () => {
  it('lists each line at its price when there is no discount', () => {
    expect(basket(order('300.00', [['100.00', 3]]))).toEqual([
      { name: 'Товар 0', qty: 3, sum: 10000, total: 30000, code: 'SKU-0', unit: 'шт.' },
    ]);
  });

  it('shares a discount out over the lines so the basket adds up to the amount paid, to the kopiyka', () => {
    const lines = basket(
      order('899.99', [
        ['333.33', 1],
        ['100.00', 3],
        ['300.00', 1],
      ]),
    );
    expect(total(lines)).toBe(89_999);
    for (const line of lines) expect(line.total).toBe(line.sum * line.qty);
    expect(lines.map((l) => l.name)).toEqual(expect.arrayContaining(['Товар 0', 'Товар 1', 'Товар 2']));
  });

  it('splits a line whose discounted total does not divide by its quantity', () => {
    const lines = basket(order('100.00', [['50.00', 3]]));
    expect(lines).toEqual([
      expect.objectContaining({ qty: 1, sum: 3334, total: 3334 }),
      expect.objectContaining({ qty: 2, sum: 3333, total: 6666 }),
    ]);
  });
});
