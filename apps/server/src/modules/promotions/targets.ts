import type { Product } from '@kram/contract/catalog';
import { type FieldMessages, said } from '../../lib/domain-errors.ts';

/** What promotions read of the catalogue (its API, handed over at wiring time). */
export interface PromotionsCatalog {
  /** The paths of the categories among `ids` that exist, by id. */
  categoryPaths(ids: readonly number[]): Promise<Map<number, string>>;
  /** The products among `ids` that exist. */
  existingProducts(ids: readonly number[]): Promise<Set<number>>;
  /** Every product asked for that exists, with its price (the checkout's preview prices the cart so). */
  productsForPricing(ids: readonly number[]): Promise<Product[]>;
}

/**
 * The categories and products among those a code or a sale names that the catalogue does not hold,
 * as field errors (`category_ids`, `product_ids`) naming the ids.
 */
export async function unknownIdErrors(
  catalog: PromotionsCatalog,
  categoryIds: readonly number[],
  productIds: readonly number[],
): Promise<FieldMessages> {
  const errors: FieldMessages = {};
  const paths = await catalog.categoryPaths(categoryIds);
  const missingCategories = [...new Set(categoryIds.filter((id) => !paths.has(id)))];
  if (missingCategories.length > 0) {
    const ids = missingCategories.join(', ');
    errors.category_ids = [said('promotion_admin.category_missing', `There is no such category: ${ids}.`, { ids })];
  }
  const products = await catalog.existingProducts(productIds);
  const missingProducts = [...new Set(productIds.filter((id) => !products.has(id)))];
  if (missingProducts.length > 0) {
    const ids = missingProducts.join(', ');
    errors.product_ids = [said('promotion_admin.product_missing', `There is no such product: ${ids}.`, { ids })];
  }
  return errors;
}
