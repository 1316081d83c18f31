import type { Product } from '@kram/contract/catalog';

/**
 * Whether a variant (a product in one size and one colour) can be bought, from what the product's
 * answer says of its sizes and colours. A server that does not count stock per variant leaves the
 * fields out: then every size and colour of a product on sale can be bought, as before. A product
 * that is not on sale has nothing to buy.
 */

type Stocked = Pick<Product, 'is_on_sale' | 'sizes' | 'colors'>;
type Size = Product['sizes'][number];
type Color = Product['colors'][number];

/** The size in `color` (any colour when none is chosen or the product has none). */
export function sizeInStock(product: Stocked, size: Size, color: Pick<Color, 'id'> | null): boolean {
  if (!product.is_on_sale || size.available === false) return false;
  if (color && product.colors.length > 0) {
    if (size.colors_available) return size.colors_available.includes(color.id);
    const own = product.colors.find((c) => c.id === color.id);
    if (own?.sizes_available) return own.sizes_available.includes(size.id);
  }
  return true;
}

/** The colour in `size` (any size when none is chosen or the product has none). */
export function colorInStock(product: Stocked, color: Color, size: Pick<Size, 'id'> | null): boolean {
  if (!product.is_on_sale || color.available === false) return false;
  if (size && product.sizes.length > 0) {
    const own = product.sizes.find((s) => s.id === size.id);
    if (own) return sizeInStock(product, own, color);
  }
  return true;
}

/**
 * A cart line's variant: the size and colour it was put in the cart with, by id. A size or colour
 * the product no longer has cannot be bought.
 */
export function variantInStock(product: Stocked, sizeId: number | null, colorId: number | null): boolean {
  if (!product.is_on_sale) return false;
  const size = sizeId === null ? null : product.sizes.find((s) => s.id === sizeId);
  const color = colorId === null ? null : product.colors.find((c) => c.id === colorId);
  if (size === undefined || color === undefined) return false;
  if (size) return sizeInStock(product, size, color);
  if (color) return colorInStock(product, color, null);
  return true;
}

/** The other colours the size can be bought in, in the product's order. */
export function colorsWithSize(product: Stocked, size: Size, except: Pick<Color, 'id'> | null): Color[] {
  return product.colors.filter((color) => color.id !== except?.id && sizeInStock(product, size, color));
}
