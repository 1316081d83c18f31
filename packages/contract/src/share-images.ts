/**
 * The pictures link previews show (Open Graph, Twitter cards), without zod (see catalog-rules.ts):
 * the server draws them on first request and keeps them in the media folder; the storefront's pages
 * name them by these addresses, which stay the same while what they show follows the catalogue.
 */
import type { Language } from './languages.ts';

/** Every link-preview picture is 1200 × 630 (1.91:1), what Facebook, Telegram and X show large. */
export const shareImageSize = { width: 1200, height: 630 } as const;

/** The shop's own picture: the logo on the shop's colours; pages without a picture of their own use it. */
export const homeShareImagePath = '/media/share/home.jpg';

/** The logo as a square PNG, for search engines (Organization.logo). */
export const logoImagePath = '/media/share/logo.png';
export const logoImageSize = 512;

/** A category's picture: its name, in the page's language, over photos of its products. */
export function categoryShareImagePath(lng: Language, slug: string): string {
  return `/media/share/${lng}/category/${encodeURIComponent(slug)}.jpg`;
}

/** `/media/products/<name>-1200.webp`, a product photo's largest variant (decision 020). */
const productPhoto = /^\/media\/products\/([a-z0-9]+(?:-[a-z0-9]+)*)-1200\.webp$/;

/**
 * A product photo cut to the preview's size, or undefined for an address that is not a product photo
 * of the media folder (the page then uses the shop's picture).
 */
export function productShareImagePath(photo: string): string | undefined {
  const name = productPhoto.exec(photo)?.[1];
  return name ? `/media/share/products/${name}.jpg` : undefined;
}
