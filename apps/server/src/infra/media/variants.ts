/** The naming rule of product images' widths is the contract's: the pages work out the same URLs. */
export { variantUrls, variantWidths } from '@kram/contract/product-images';
export const largeWidth = 1200;

/** Where the product image `key` is served at the given width. */
export function productImageUrl(key: string, width: number): string {
  return `/media/products/${key}-${width}.webp`;
}
