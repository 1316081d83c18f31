import type { ProductImage } from '@kram/contract/catalog';
import { type Kopiyky, parseMoney, sumMoney } from '@kram/contract/money';

/**
 * A cart line as stored under `cart` (spec section 3), read by the cart and the checkout alike; name_ru
 * is kept so the cart follows the language. A line is one product in one colour and one size.
 */
export interface CartLine {
  id: number;
  slug: string;
  name: string;
  name_ru?: string;
  price: string | null;
  count: number;
  category_full_path: string;
  product_images: ProductImage[];
  selectedColor: { id: number; name: string; name_ru: string } | null;
  selectedSize: { id: number; name: string } | null;
  /** False once the shop says the product is out of stock or gone; absent until it has been asked. */
  available?: boolean;
  /**
   * The units left when an order was refused for asking more than that (never more than `count`);
   * absent when the shop has not said.
   */
  left?: number;
}

/** A line the shop can still sell (not known to be out of stock or gone). */
export const isOrderable = (line: Pick<CartLine, 'available'>): boolean => line.available !== false;

/**
 * The price of every line the shop can still sell times its count, in kopiyky; null while one of them
 * has no price (a guest's cart, or prices not read yet), so no partial sum is ever shown as a total.
 */
export function cartTotal(lines: readonly CartLine[]): Kopiyky | null {
  const orderable = lines.filter(isOrderable);
  if (orderable.some((line) => line.price === null)) return null;
  return sumMoney(orderable.map((line) => parseMoney(line.price as string) * line.count));
}
