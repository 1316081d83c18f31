import type { Product } from '@kram/contract/catalog';
import { colorChoosable } from '../../features/catalog/color-swatch';

type Image = Product['product_images'][number];
type Color = Product['colors'][number];

/**
 * The gallery's images for a colour: its own photos and those that belong to every colour (color
 * null), in their order. No colour chosen, or a colour nothing was photographed for: every image,
 * rather than an empty gallery.
 */
export function imagesOfColor(images: readonly Image[], colorId: number | null): readonly Image[] {
  if (colorId === null) return images;
  const shown = images.filter((image) => image.color === colorId || image.color === null);
  return shown.length > 0 ? shown : images;
}

/**
 * The colour the product page starts on: the one asked for in the address (a card of a catalogue
 * filtered by colour links there), else the colour of the product's main photo, else the first colour
 * with a photo of its own, else the first colour. Only colours a shopper can choose are candidates.
 */
export function initialColor(product: Product, requested: number | null = null): Color | null {
  const choosable = product.colors.filter(colorChoosable);
  if (choosable.length === 0) return null;
  const photographed = (color: Color) => product.product_images.some((image) => image.color === color.id);
  const asked = choosable.find((color) => color.id === requested);
  if (asked && photographed(asked)) return asked;
  const main = product.product_images.find((image) => image.color !== null);
  return choosable.find((color) => color.id === main?.color) ?? choosable.find(photographed) ?? choosable[0] ?? null;
}

/** The `color` query parameter of the product page's address, or null. */
export function requestedColor(search: URLSearchParams): number | null {
  const value = Number(search.get('color'));
  return Number.isInteger(value) && value > 0 ? value : null;
}
