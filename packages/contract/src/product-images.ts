/** Widths every product image is kept in (WebP); the height is always 1.5 × the width. */
export const variantWidths = [160, 400, 800, 1200] as const;

const widthSuffix = /-(\d+)\.webp$/;

/**
 * `/media/products/x-1200.webp` → the same image at every width, by the naming rule of the media
 * folder (`{}` for an image outside it): what the API answers as an image's `variants`, and what a
 * page can work out itself from the image's address.
 */
export function variantUrls(image: string): Record<string, string> {
  const urls: Record<string, string> = {};
  if (!widthSuffix.test(image)) return urls;
  // The keys are array indices to V8: written widest first, they go into a small dictionary. Written
  // narrowest first (as Object.fromEntries does), they made a holey array of 1,200 slots, about 10 KB
  // for each image of every cached page. JSON lists them in ascending order either way.
  for (let n = variantWidths.length - 1; n >= 0; n--) {
    const width = variantWidths[n] as number;
    urls[width] = image.replace(widthSuffix, `-${width}.webp`);
  }
  return urls;
}
