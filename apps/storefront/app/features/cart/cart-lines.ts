import type { Product } from '@kram/contract/catalog';
import { type Kopiyky, moneyPattern, parseMoney, sumMoney } from '@kram/contract/money';
import { clampQuantity, maxQuantity, minQuantity } from '@kram/contract/quantity';

/** A cart line as stored under `cart` (spec section 3); name_ru is kept so the cart follows the language. */
export interface CartLine {
  id: number;
  slug: string;
  name: string;
  name_ru?: string;
  price: string | null;
  count: number;
  category_full_path: string;
  product_images: Product['product_images'];
  selectedColor: { id: number; name: string; name_ru: string } | null;
  selectedSize: { id: number; name: string } | null;
}

/** A line is one product in one colour and one size. */
export function lineKey(line: Pick<CartLine, 'id' | 'selectedColor' | 'selectedSize'>): string {
  return `${line.id}:${line.selectedColor?.id ?? ''}:${line.selectedSize?.id ?? ''}`;
}

export function isCartLine(value: unknown): value is CartLine {
  if (!value || typeof value !== 'object') return false;
  const line = value as Partial<CartLine>;
  return (
    typeof line.id === 'number' &&
    typeof line.slug === 'string' &&
    typeof line.name === 'string' &&
    Number.isInteger(line.count) &&
    (line.count as number) >= minQuantity &&
    (line.count as number) <= maxQuantity &&
    // Storage is the shopper's to edit: a price that is not money is not read as zero, the cart is refused.
    (line.price === null || (typeof line.price === 'string' && moneyPattern.test(line.price))) &&
    Array.isArray(line.product_images)
  );
}

export function isCartLines(value: unknown): value is CartLine[] {
  return Array.isArray(value) && value.every(isCartLine);
}

export interface AddOptions {
  color?: CartLine['selectedColor'];
  size?: CartLine['selectedSize'];
  count?: number;
}

/** A matching line (id, colour, size) grows by `count` (default 1); otherwise a new line is added. */
export function addLine(lines: readonly CartLine[], product: Product, options: AddOptions = {}): CartLine[] {
  const count = clampQuantity(options.count ?? 1);
  const color = options.color
    ? { id: options.color.id, name: options.color.name, name_ru: options.color.name_ru }
    : null;
  const size = options.size ? { id: options.size.id, name: options.size.name } : null;
  const key = lineKey({ id: product.id, selectedColor: color, selectedSize: size });
  const existing = lines.find((line) => lineKey(line) === key);
  if (existing)
    return lines.map((line) => (line === existing ? { ...line, count: clampQuantity(line.count + count) } : line));
  return [
    ...lines,
    {
      id: product.id,
      slug: product.slug,
      name: product.name,
      name_ru: product.name_ru,
      price: product.price,
      count,
      category_full_path: product.category_full_path,
      product_images: product.product_images,
      selectedColor: color,
      selectedSize: size,
    },
  ];
}

export function removeLine(lines: readonly CartLine[], key: string): CartLine[] {
  return lines.filter((line) => lineKey(line) !== key);
}

export function setLineCount(lines: readonly CartLine[], key: string, count: number): CartLine[] {
  return lines.map((line) => (lineKey(line) === key ? { ...line, count: clampQuantity(count) } : line));
}

/** The cart counter: the sum of the lines' counts. */
export function cartCount(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.count, 0);
}

/** Sum of price times count, in kopiyky; a line without a price (a guest's) adds nothing. */
export function cartTotalKopiyky(lines: readonly CartLine[]): Kopiyky {
  return sumMoney(lines.map((line) => (line.price === null ? 0 : parseMoney(line.price) * line.count)));
}
