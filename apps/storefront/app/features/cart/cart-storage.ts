import type { Product } from '@kram/contract/catalog';
import type { CartLine } from '../../lib/cart-line';
import { readJson, storageKeys, useStoredValue, writeJson } from '../../lib/storage';
import { type AddOptions, addLine, isCartLines, removeLine, setLineCount, withUnitsLeft } from './cart-lines';

const empty: CartLine[] = [];

function parseCart(raw: string | null): CartLine[] {
  if (!raw) return empty;
  try {
    const value: unknown = JSON.parse(raw);
    return isCartLines(value) ? value : empty;
  } catch {
    return empty;
  }
}

export function readCart(): CartLine[] {
  return readJson(storageKeys.cart, empty, isCartLines);
}

/** Every change rewrites `cart` and fires a storage event, so counters follow (spec section 4). */
function update(change: (lines: CartLine[]) => CartLine[]): void {
  writeJson(storageKeys.cart, change(readCart()));
}

export function addToCart(product: Product, options: AddOptions = {}): void {
  update((lines) => addLine(lines, product, options));
}

export function removeFromCart(key: string): void {
  update((lines) => removeLine(lines, key));
}

export function changeCartCount(key: string, count: number): void {
  update((lines) => setLineCount(lines, key, count));
}

/** An order was refused for the line: only `left` units of its variant remain. */
export function markUnitsLeft(key: string, left: number): void {
  update((lines) => withUnitsLeft(lines, key, left));
}

/** An order was placed: the cart is empty again. */
export function clearCart(): void {
  writeJson(storageKeys.cart, []);
}

/** Puts lines back into an empty cart (a declined card payment); a cart filled since is kept. */
export function restoreCart(lines: CartLine[]): boolean {
  if (readCart().length > 0 || lines.length === 0) return false;
  writeJson(storageKeys.cart, lines);
  return true;
}

/** Rewrites the cart only when something changed, so a refresh that found nothing new fires no event. */
export function updateCart(change: (lines: CartLine[]) => CartLine[]): void {
  const before = readCart();
  const after = change(before);
  if (JSON.stringify(after) !== JSON.stringify(before)) writeJson(storageKeys.cart, after);
}

/** The cart's lines; empty on the server and during hydration. */
export function useCartLines(): CartLine[] {
  return useStoredValue(storageKeys.cart, parseCart, empty);
}
