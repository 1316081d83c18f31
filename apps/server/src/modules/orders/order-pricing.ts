import type { Product } from '@kram/contract/catalog';
import { formatMoney, parseMoney } from '@kram/contract/money';
import { maxOrderAmount, type OrderItemInput, orderMessages } from '@kram/contract/orders';
import type { FieldErrors } from '../../lib/domain-errors.ts';
import type { NewOrderLine } from './orders.repository.ts';

/** The catalogue as pricing reads it: every product asked for that exists, uncached, with its price. */
export interface PricingCatalog {
  productsForPricing(ids: readonly number[]): Promise<Product[]>;
}

export type Pricing =
  | { ok: true; lines: NewOrderLine[]; amount: string; kopiyky: number }
  | { ok: false; errors: FieldErrors }
  | { ok: false; overLimit: true };

/**
 * Prices the cart from the catalogue: every line's product must exist and be in stock, its size and
 * colour must be the product's own, and a product with sizes needs one chosen. The client's prices
 * and total play no part. Errors name the line's field (`items.2.size`).
 */
export function priceOrder(items: readonly OrderItemInput[], products: readonly Product[]): Pricing {
  const byId = new Map(products.map((p) => [p.id, p]));
  const errors: FieldErrors = {};
  const fail = (index: number, field: string, message: string) => {
    errors[`items.${index}.${field}`] = [message];
  };
  const lines: NewOrderLine[] = [];
  let total = 0;

  for (const [index, item] of items.entries()) {
    const product = byId.get(item.product);
    if (!product) {
      fail(index, 'product', orderMessages.productMissing);
      continue;
    }
    if (!product.is_on_sale) {
      fail(index, 'product', orderMessages.outOfStock);
      continue;
    }
    if (product.price === null) throw new Error(`product ${product.id} was read without its price`);

    const size = item.size == null ? null : (product.sizes.find((s) => s.id === item.size) ?? undefined);
    if (size === undefined) fail(index, 'size', orderMessages.sizeNotOfProduct);
    else if (size === null && product.sizes.length > 0) fail(index, 'size', orderMessages.sizeRequired);
    const color = item.color == null ? null : (product.colors.find((c) => c.id === item.color) ?? undefined);
    if (color === undefined) fail(index, 'color', orderMessages.colorNotOfProduct);
    if (size === undefined || color === undefined) continue;

    const unit = parseMoney(product.price);
    // Capped just past the limit: the sum stays an exact integer however large the cart.
    total = Math.min(total + unit * item.quantity, parseMoney(maxOrderAmount) + 1);
    lines.push({
      productId: product.id,
      quantity: item.quantity,
      price: formatMoney(unit),
      sku: product.sku,
      name: product.name,
      nameRu: product.name_ru,
      slug: product.slug,
      categoryPath: product.category_full_path,
      images: product.product_images.map((i) => ({ image: i.image, color: i.color })),
      sizes: product.sizes.map((s) => ({ id: s.id, name: s.name })),
      colors: product.colors.map((c) => ({ id: c.id, name: c.name, name_ru: c.name_ru, color_rgb: c.color_rgb })),
      size: size ? { id: size.id, name: size.name } : null,
      color: color ? { id: color.id, name: color.name, name_ru: color.name_ru, color_rgb: color.color_rgb } : null,
    });
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  if (total > parseMoney(maxOrderAmount)) return { ok: false, overLimit: true };
  return { ok: true, lines, amount: formatMoney(total), kopiyky: total };
}
