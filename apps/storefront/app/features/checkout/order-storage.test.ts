import { describe, expect, it } from 'vitest';
import type { CartLine } from '../../lib/cart-line';
import { isStoredOrder, pendingCardOrder, saveOrderData, takeOrderData } from './order-storage';

const line: CartLine = {
  id: 7,
  slug: 'jacket',
  name: 'Куртка',
  name_ru: 'Куртка ру',
  price: '1250.50',
  count: 2,
  category_full_path: 'odyag',
  product_images: [],
  selectedColor: { id: 3, name: 'Олива', name_ru: 'Олива' },
  selectedSize: { id: 1, name: 'M' },
};
const id = '4f9c2a1e-0000-4000-8000-00000a1b2c3d';

describe('the stored order (orderData)', () => {
  it('is read once: reading removes it', () => {
    const order = pendingCardOrder(id, [line], true);
    saveOrderData(order);
    expect(takeOrderData()).toEqual(order);
    expect(localStorage.getItem('orderData')).toBeNull();
    expect(takeOrderData()).toBeNull();
  });

  it('is no order when storage holds something else, and is removed all the same', () => {
    for (const raw of [
      'not json',
      '{}',
      JSON.stringify({ order_id: id, status: 'lost', payment_method: 'cash', amount: null, items: [] }),
    ]) {
      localStorage.setItem('orderData', raw);
      expect(takeOrderData()).toBeNull();
      expect(localStorage.getItem('orderData')).toBeNull();
    }
  });

  it('holds a card order from the cart while it is paid: a guest’s without prices', () => {
    expect(pendingCardOrder(id, [line], true)).toEqual({
      order_id: id,
      payment_method: 'card',
      status: 'awaiting_payment',
      amount: '2501.00',
      items: [
        {
          product: 7,
          quantity: 2,
          price: '1250.50',
          name: 'Куртка',
          name_ru: 'Куртка ру',
          slug: 'jacket',
          category_full_path: 'odyag',
          product_images: [],
          size: { id: 1, name: 'M' },
          color: { id: 3, name: 'Олива', name_ru: 'Олива' },
        },
      ],
    });
    const guest = pendingCardOrder(id, [line], false);
    expect(guest.amount).toBeNull();
    expect(guest.items[0]?.price).toBeNull();
    expect(isStoredOrder(guest)).toBe(true);
  });

  it('keeps the promo code’s quoted discount: the amount is what the invoice asks', () => {
    const full = pendingCardOrder(id, [line], true);
    const paid = pendingCardOrder(id, [line], true, '100.00');
    expect(paid.discount).toBe('100.00');
    expect(Number(paid.amount)).toBeCloseTo(Number(full.amount) - 100, 2);
    expect(pendingCardOrder(id, [line], false, '100.00')).toMatchObject({ amount: null, discount: '100.00' });
  });

  it('is no order when its amount is not money, so the page never shows an amount it cannot format', () => {
    const order = pendingCardOrder('0123456789abcdef', [], true);
    expect(isStoredOrder({ ...order, amount: '2350.00' })).toBe(true);
    for (const amount of ['2350', 'abc', '-1.00', '2 350,00', 12]) {
      expect(isStoredOrder({ ...order, amount }), String(amount)).toBe(false);
    }
  });
});
