import type { Product } from '@kram/contract/catalog';

/** Similar products: page 1, 4 items, the product's deepest category (spec section 9). */
const similarCount = 4;

/**
 * The block's products from the first page of the product's category: never the product itself,
 * at most four. The API's smallest page (12) leaves enough after dropping it.
 */
export function similarProducts(page: readonly Product[], productId: number): Product[] {
  return page.filter((product) => product.id !== productId).slice(0, similarCount);
}
