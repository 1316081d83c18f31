import type { Product } from '@kram/contract/catalog';

/**
 * A product as the API answers it (the contract's `Product`): tests that stub an answer start from it,
 * since the client checks every answer against the contract in tests.
 */
export function aProduct(id: number, changes: Partial<Product> = {}): Product {
  return {
    id,
    slug: `p${id}`,
    sku: `SKU-${id}`,
    name: `P${id}`,
    name_ru: `P${id}`,
    description: '',
    description_ru: '',
    price: null,
    old_price: null,
    is_on_promo: false,
    is_on_sale: true,
    is_new: false,
    sizes: [],
    colors: [],
    compositions: [],
    product_images: [],
    category_full_path: 'odyag/verkhnii-odyag/kurtky',
    ...changes,
  };
}
