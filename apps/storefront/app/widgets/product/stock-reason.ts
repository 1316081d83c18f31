import type { Product } from '@kram/contract/catalog';
import type { Language } from '@kram/contract/language';
import { localizedName } from '../../lib/i18n';
import { colorsWithSize, variantInStock } from '../../lib/variant-stock';

type Size = Product['sizes'][number];
type Color = Product['colors'][number];

/** Why the chosen variant cannot be bought, as a translation key and its values. */
export interface StockReason {
  key: string;
  values: Record<string, string>;
  /** Other colours the chosen size can be bought in, named in the page's language. */
  otherColors: string[];
}

/**
 * The reason the product page gives instead of adding to the cart, or null when the chosen variant
 * can be bought. A product with sizes speaks once a size is chosen (before that, it asks for one);
 * the colour is named when the product has colours and one is chosen.
 */
export function stockReason(
  product: Product,
  size: Size | null,
  color: Color | null,
  lng: Language,
): StockReason | null {
  if (product.sizes.length > 0 && !size) return null;
  if (variantInStock(product, size?.id ?? null, color?.id ?? null)) return null;
  const colorName = color && product.colors.length > 0 ? localizedName(lng, color) : null;
  const otherColors = size ? colorsWithSize(product, size, color).map((c) => localizedName(lng, c)) : [];
  if (size && colorName)
    return { key: 'stock.sizeInColor', values: { size: size.name, color: colorName }, otherColors };
  if (size) return { key: 'stock.size', values: { size: size.name }, otherColors };
  if (colorName) return { key: 'stock.color', values: { color: colorName }, otherColors };
  return { key: 'stock.product', values: {}, otherColors };
}
