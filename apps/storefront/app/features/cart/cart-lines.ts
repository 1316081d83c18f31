import type { Product } from '@kram/contract/catalog';
import { moneyPattern } from '@kram/contract/money';
import { clampQuantity, maxQuantity, minQuantity } from '@kram/contract/quantity';
import type { CartLine } from '../../lib/cart-line';

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
    Array.isArray(line.product_images) &&
    (line.available === undefined || typeof line.available === 'boolean')
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

/**
 * The lines with what the shop says now about their products (by slug): price, names, images and
 * stock. A product the shop no longer has (null) keeps its line, marked unavailable, so the shopper
 * sees why it cannot be ordered. Lines of products not asked about are left as they are.
 */
export function withCurrentProducts(
  lines: readonly CartLine[],
  current: ReadonlyMap<string, Product | null>,
): CartLine[] {
  return lines.map((line) => {
    if (!current.has(line.slug)) return line;
    const product = current.get(line.slug);
    if (!product || product.id !== line.id) return { ...line, available: false };
    return {
      ...line,
      name: product.name,
      name_ru: product.name_ru,
      // The guest view of a product has no price: a stored one is kept rather than erased.
      price: product.price ?? line.price,
      category_full_path: product.category_full_path,
      product_images: product.product_images,
      available: product.is_on_sale,
    };
  });
}

/** A line the shopper can order: not known to be out of stock or gone. */

/** The lines as cart lines again, from an order's items (a declined card payment gives the cart back). */
export function linesFromOrderItems(
  items: readonly {
    product: number | null;
    quantity: number;
    price: string | null;
    name: string;
    name_ru: string;
    slug: string;
    category_full_path: string;
    product_images: Product['product_images'];
    size: { id: number; name: string } | null;
    color: { id: number; name: string; name_ru: string } | null;
  }[],
): CartLine[] {
  return items.flatMap((item) =>
    item.product === null
      ? []
      : [
          {
            id: item.product,
            slug: item.slug,
            name: item.name,
            name_ru: item.name_ru,
            price: item.price !== null && moneyPattern.test(item.price) ? item.price : null,
            count: clampQuantity(item.quantity),
            category_full_path: item.category_full_path,
            product_images: item.product_images,
            selectedColor: item.color
              ? { id: item.color.id, name: item.color.name, name_ru: item.color.name_ru }
              : null,
            selectedSize: item.size ? { id: item.size.id, name: item.size.name } : null,
          },
        ],
  );
}
