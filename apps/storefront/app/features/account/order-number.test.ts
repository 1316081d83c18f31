import { expect, it } from 'vitest';
import { orderNumber } from './order-number';

it('shows "#" and the last 7 characters of the order id', () => {
  expect(orderNumber('3f2b8c1e-9d4a-4c7b-8e21-5a6b7c8d9e0f')).toBe('#c8d9e0f');
  expect(orderNumber('abc')).toBe('#abc');
});
