import type { Product } from '@kram/contract/catalog';
import { productPath } from '../../lib/paths';

type Image = Product['product_images'][number];
type Color = Product['colors'][number];

/**
 * The image a card shows. With colours chosen in the catalogue's filter, the product's first photo
 * in one of them, so the grid shows what the shopper asked for; otherwise (or when the product has
 * no photo in any of them) its first image.
 */
export function cardImage(product: Product, colorIds: readonly number[] = []): Image | undefined {
  const images = product.product_images;
  if (colorIds.length > 0) {
    const chosen = images.find((image) => image.color !== null && colorIds.includes(image.color));
    if (chosen) return chosen;
  }
  return images[0];
}

/** The product's colour a card's image shows, or null when the image shows no colour of it. */
export function cardColor(product: Product, image: Image | undefined): Color | null {
  if (!image || image.color === null) return null;
  return product.colors.find((color) => color.id === image.color) ?? null;
}

/**
 * Where a card leads: the product page, opened on the filtered colour the card shows, so the photo
 * the shopper clicked is the one the page starts with.
 */
export function cardHref(product: Product, colorIds: readonly number[] = []): string {
  const color = colorIds.length > 0 ? cardColor(product, cardImage(product, colorIds)) : null;
  const path = productPath(product);
  return color && colorIds.includes(color.id) ? `${path}?color=${color.id}` : path;
}
