import { describe, expect, it } from 'vitest';
import { translate } from './i18n';
import { pluralForm, pluralKeys } from './plural';

const items = {
  cart: {
    items_one: '{count} товар',
    items_few: '{count} товари',
    items_many: '{count} товарів',
    items_other: '{count} товару',
  },
};
const itemsRu = {
  cart: {
    items_one: '{count} товар',
    items_few: '{count} товара',
    items_many: '{count} товаров',
    items_other: '{count} товара',
  },
};

describe('plural forms', () => {
  it('follow Ukrainian grammar: 1, 21 one; 2-4, 22 few; 5-20, 11-14, 0 many', () => {
    const forms = [0, 1, 2, 4, 5, 11, 12, 14, 20, 21, 22, 25, 101, 111].map((n) => pluralForm('uk', n));
    expect(forms).toEqual([
      'many',
      'one',
      'few',
      'few',
      'many',
      'many',
      'many',
      'many',
      'many',
      'one',
      'few',
      'many',
      'one',
      'many',
    ]);
    expect(pluralForm('uk', 1.5)).toBe('other');
  });

  it('pick the variant of the language', () => {
    const uk = (count: number) => translate(items, 'cart.items', { count }, 'uk');
    const ru = (count: number) => translate(itemsRu, 'cart.items', { count }, 'ru');
    expect([1, 2, 5, 11, 21, 22].map(uk)).toEqual([
      '1 товар',
      '2 товари',
      '5 товарів',
      '11 товарів',
      '21 товар',
      '22 товари',
    ]);
    expect([1, 2, 5, 11, 21, 24].map(ru)).toEqual([
      '1 товар',
      '2 товара',
      '5 товаров',
      '11 товаров',
      '21 товар',
      '24 товара',
    ]);
  });

  it('fall back to the _other variant, then to the plain key', () => {
    expect(pluralKeys('cart.items', 'uk', 3)).toEqual(['cart.items_few', 'cart.items_other', 'cart.items']);
    expect(translate({ found_other: '{count} of them' }, 'found', { count: 1 }, 'uk')).toBe('1 of them');
    expect(translate({ found: 'Found: {count}' }, 'found', { count: 2 }, 'uk')).toBe('Found: 2');
    // Without a language, Ukrainian rules (the fallback language; Russian has the same forms).
    expect(translate({ found: 'Found: {count}', found_few: 'few' }, 'found', { count: 2 })).toBe('few');
    // A count that is not a number picks no form.
    expect(translate({ found: 'Found: {count}', found_few: 'few' }, 'found', { count: 'два' })).toBe('Found: два');
  });
});
