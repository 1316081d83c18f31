import type { AdminColor, AdminProductImage } from '@kram/contract/admin-products';
import { formatHryvnias } from '@kram/contract/money';

/**
 * An amount as the API sends it ("1234.50"), for showing only, as the whole shop writes money in
 * both languages: "1 234,50 ₴". Null is shown as nothing.
 */
export const formatPrice = (amount: string | null | undefined): string =>
  amount == null || amount === '' ? '' : formatHryvnias(amount);

/** The smallest variant of a photo that is at least `width` pixels wide (the large image when none is listed). */
export function photoUrl(image: Pick<AdminProductImage, 'image' | 'variants'>, width: number): string {
  const fitting = Object.entries(image.variants)
    .map(([w, url]) => [Number(w), url] as const)
    .filter(([w]) => w >= width)
    .sort((a, b) => a[0] - b[0]);
  return fitting[0]?.[1] ?? image.image;
}

/** A category's name with its parents', from the top: "Одяг / Куртки / Софтшел". */
export function categoryTrail(
  categories: readonly { id: number; parent_id: number | null; name: string; name_ru: string }[],
  id: number,
  language: string,
): string {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const names: string[] = [];
  // Three levels at most; the bound stops a broken tree from looping.
  for (let category = byId.get(id); category && names.length < 10; category = byId.get(category.parent_id ?? -1)) {
    names.unshift(language === 'ru' ? category.name_ru || category.name : category.name);
  }
  return names.join(' / ');
}

/** The name of a colour in the back office's language. */
export const colorName = (color: Pick<AdminColor, 'name' | 'name_ru'>, language: string): string =>
  language === 'ru' ? color.name_ru || color.name : color.name;

/** `ids` with the one at `index` moved one place up (-1) or down (1); unchanged at either end. */
export function moveOne<T>(ids: readonly T[], index: number, direction: -1 | 1): T[] {
  const target = index + direction;
  if (index < 0 || index >= ids.length || target < 0 || target >= ids.length) return [...ids];
  const moved = [...ids];
  [moved[index], moved[target]] = [moved[target] as T, moved[index] as T];
  return moved;
}

/** A typed price as the API takes it: blank is no price (null), anything else as typed, with a point. */
export const parsePrice = (value: string | null | undefined): string | null => {
  const text = (value ?? '').trim().replace(',', '.').replace(/\s/g, '');
  return text === '' ? null : text;
};
