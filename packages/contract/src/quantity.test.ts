import { describe, expect, it } from 'vitest';
import { orderItemInput } from './orders.ts';
import { clampQuantity, maxQuantity, minQuantity, quantityOnLeave, quantityWhileTyping } from './quantity.ts';

describe('quantity', () => {
  it('holds what the storefront lets through to what an order line accepts', () => {
    const line = (quantity: number) => orderItemInput.safeParse({ product: 1, quantity }).success;
    for (const typed of ['0', '1', '9999', '10000', '123456789', 'abc', '-4', '']) {
      const n = quantityOnLeave(quantityWhileTyping(typed));
      expect(line(n), typed).toBe(true);
    }
    expect(line(maxQuantity)).toBe(true);
    expect(line(maxQuantity + 1)).toBe(false);
    expect(line(minQuantity - 1)).toBe(false);
  });

  it('clamps counts from storage or clicks into the bounds', () => {
    expect(clampQuantity(0)).toBe(1);
    expect(clampQuantity(2.7)).toBe(2);
    expect(clampQuantity(Number.NaN)).toBe(1);
    expect(clampQuantity(1e9)).toBe(maxQuantity);
    expect(quantityWhileTyping('123456')).toBe(String(maxQuantity));
  });
});
