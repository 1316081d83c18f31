/**
 * The quantity of a cart line (spec section 5): at least 1. The spec sets no upper bound; the shop
 * sets one so that an order line stays a real purchase, and the storefront's field and the order
 * schema share it. While typing the field may be empty; anything not a number, or negative, becomes
 * 1; leaving it empty or at zero makes it 1; above the bound it becomes the bound.
 */
export const minQuantity = 1;
export const maxQuantity = 9999;

export function quantityWhileTyping(raw: string): string {
  if (raw === '') return '';
  if (!/^\d+$/.test(raw.trim())) return String(minQuantity);
  return String(Math.min(Number(raw.trim()), maxQuantity));
}

export function quantityOnLeave(raw: string): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < minQuantity) return minQuantity;
  return Math.min(n, maxQuantity);
}

/** A quantity from anywhere (storage, a click), held within the bounds. */
export function clampQuantity(n: number): number {
  if (!Number.isFinite(n) || n < minQuantity) return minQuantity;
  return Math.min(Math.trunc(n), maxQuantity);
}
