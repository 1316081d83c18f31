import { paymentMethods } from '@kram/contract/orders';
import { describe, expect, it } from 'vitest';
import ru from '../../../public/locales/ru.json';
import uk from '../../../public/locales/uk.json';
import { type Messages, translate } from '../../lib/i18n';

describe('order texts', () => {
  // Order statuses and payment methods are named by the contract's order labels.
  it('describe every payment method in both languages', () => {
    for (const messages of [uk, ru] as Messages[]) {
      for (const method of paymentMethods) {
        const key = `success.methods.${method}`;
        expect(translate(messages, key), key).not.toBe(key);
      }
    }
  });

  it('have the checkout’s error texts of spec section 8 at the top level', () => {
    for (const messages of [uk, ru] as Messages[]) {
      for (const key of ['error_order', 'error_order_card', 'error_token_refresh']) {
        expect(typeof messages[key], key).toBe('string');
      }
    }
  });

  it('count products in plural forms', () => {
    const counts = [1, 2, 5, 21];
    expect(counts.map((count) => translate(uk as Messages, 'cart.items', { count }, 'uk'))).toEqual([
      '1 товар',
      '2 товари',
      '5 товарів',
      '21 товар',
    ]);
    expect(counts.map((count) => translate(ru as Messages, 'cart.items', { count }, 'ru'))).toEqual([
      '1 товар',
      '2 товара',
      '5 товаров',
      '21 товар',
    ]);
    expect(translate(uk as Messages, 'catalog.found', { count: 3 }, 'uk')).toBe('Знайдено 3 товари');
    expect(translate(ru as Messages, 'catalog.found', { count: 1 }, 'ru')).toBe('Найден 1 товар');
  });
});
