import type { Product } from '@kram/contract/catalog';
import { describe, expect, it } from 'vitest';
import { similarProducts } from './similar-products';

const product = (id: number) => ({ id }) as Product;

describe('similarProducts', () => {
  it('drops the product itself and keeps four', () => {
    const page = [1, 2, 3, 4, 5, 6].map(product);
    expect(similarProducts(page, 2).map((p) => p.id)).toEqual([1, 3, 4, 5]);
    expect(similarProducts(page, 9).map((p) => p.id)).toEqual([1, 2, 3, 4]);
  });

  it('is empty when the category holds only the product', () => {
    expect(similarProducts([product(2)], 2)).toEqual([]);
    expect(similarProducts([], 2)).toEqual([]);
  });
});
