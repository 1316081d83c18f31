import { describe, expect, it } from 'vitest';
import { pricedReturns, refundGoods, shownUnit } from './return-amounts.ts';
import { paidLines } from './return-views.ts';

const order = (amount: string, lines: [price: string, quantity: number][]) =>
  paidLines({
    amount,
    lines: lines.map(([price, quantity], position) => ({ price, quantity, position })) as never,
  });

const total = (rows: { total: number }[]) => rows.reduce((sum, r) => sum + r.total, 0);

describe('what a return gives back', () => {
  it('is each unit’s price when the order had no discount', () => {
    const lines = order('350.00', [
      ['100.00', 3],
      ['50.00', 1],
    ]);
    const priced = pricedReturns(lines, [{ id: 'r1', lines: [{ position: 0, quantity: 2 }] }]);
    expect(priced.get('r1')).toEqual([{ position: 0, quantity: 2, unit: 10_000, dearer: 0, total: 20_000 }]);
  });

  it('gives the dearer units back first, and all returns together give back exactly what was paid', () => {
    // 150.00 less a 50.00 discount over 3 units: 33.34, 33.33, 33.33.
    const lines = order('100.00', [['50.00', 3]]);
    const priced = pricedReturns(lines, [
      { id: 'r1', lines: [{ position: 0, quantity: 1 }] },
      { id: 'r2', lines: [{ position: 0, quantity: 2 }] },
    ]);
    expect(priced.get('r1')?.[0]).toMatchObject({ quantity: 1, total: 3334 });
    expect(priced.get('r2')?.[0]).toMatchObject({ quantity: 2, total: 6666 });
    expect(total([...priced.values()].flat())).toBe(10_000);
  });

  it('never gives back more than was paid, however the units are asked back', () => {
    const lines = order('899.99', [
      ['333.33', 1],
      ['100.00', 7],
      ['300.00', 2],
    ]);
    const paid = 89_999;
    const returns = [
      { id: 'a', lines: [{ position: 1, quantity: 3 }] },
      {
        id: 'b',
        lines: [
          { position: 1, quantity: 2 },
          { position: 2, quantity: 2 },
        ],
      },
      {
        id: 'c',
        lines: [
          { position: 0, quantity: 1 },
          { position: 1, quantity: 2 },
        ],
      },
    ];
    const all = [...pricedReturns(lines, returns).values()].flat();
    expect(total(all)).toBe(paid);
    // A refused request keeps the dearer units it was priced with: asked again, the units cost less.
    const again = [...returns, { id: 'd', lines: [{ position: 1, quantity: 3 }] }];
    expect(total([...pricedReturns(lines, again).values()].flat().slice(-1))).toBeLessThanOrEqual(
      total(pricedReturns(lines, returns).get('a') ?? []),
    );
  });

  it('lists a line with dearer units as two goods for the bank and the receipt', () => {
    const [line] = pricedReturns(order('100.00', [['50.00', 3]]), [
      { id: 'r', lines: [{ position: 0, quantity: 3 }] },
    ]).get('r') as [ReturnType<typeof pricedReturns> extends Map<string, (infer R)[]> ? R : never];
    expect(refundGoods(line, (quantity, price) => ({ quantity, price }))).toEqual([
      { quantity: 1, price: 3334 },
      { quantity: 2, price: 3333 },
    ]);
    expect(shownUnit(line)).toBe(3333);
  });
});
