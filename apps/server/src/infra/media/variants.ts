/** Widths every product image is kept in (WebP); the height is always 1.5 × the width. */
export const variantWidths = [160, 400, 800, 1200] as const;
export const largeWidth = 1200;

/** Where the product image `key` is served at the given width. */
export function productImageUrl(key: string, width: number): string {
  return `/media/products/${key}-${width}.webp`;
}

const widthSuffix = /-(\d+)\.webp$/;

/** `/media/products/x-1200.webp` → the same image at another width, by the naming rule of the media folder. */
export function variantUrls(image: string): Record<string, string> {
  if (!widthSuffix.test(image)) return {};
  return Object.fromEntries(variantWidths.map((w) => [String(w), image.replace(widthSuffix, `-${w}.webp`)]));
}
