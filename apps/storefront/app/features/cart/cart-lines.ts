import type { Product } from '@kram/contract/catalog';
import { moneyPattern } from '@kram/contract/money';
import { clampQuantity, maxQuantity, minQuantity } from '@kram/contract/quantity';
import type { CartLine } from '../../lib/cart-line';
import { variantInStock } from '../../lib/variant-stock';

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
    (line.available === undefined || typeof line.available === 'boolean') &&
    (line.left === undefined || (Number.isInteger(line.left) && (line.left as number) >= 0))
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
 * whether the line's own size and colour can be bought. A product the shop no longer has (null) keeps
 * its line, marked unavailable, so the shopper sees why it cannot be ordered. Lines of products not
 * asked about are left as they are. A count of units left that an order was refused with stays while
 * the variant can be bought; the shop's answer decides once it is sold out or back.
 */
export function withCurrentProducts(
  lines: readonly CartLine[],
  current: ReadonlyMap<string, Product | null>,
): CartLine[] {
  return lines.map((line) => {
    if (!current.has(line.slug)) return line;
    const product = current.get(line.slug);
    const { left, ...rest } = line;
    if (!product || product.id !== line.id) return { ...rest, available: false };
    const available = variantInStock(product, line.selectedSize?.id ?? null, line.selectedColor?.id ?? null);
    return {
      ...rest,
      name: product.name,
      name_ru: product.name_ru,
      // The guest view of a product has no price: a stored one is kept rather than erased.
      price: product.price ?? line.price,
      category_full_path: product.category_full_path,
      product_images: product.product_images,
      available,
      ...(available && left !== undefined && left > 0 ? { left } : {}),
    };
  });
}

/**
 * An order was refused because only `left` units of the line's variant remain: the line says so, and
 * none left means it cannot be ordered at all.
 */
export function withUnitsLeft(lines: readonly CartLine[], key: string, left: number): CartLine[] {
  return lines.map((line) => {
    if (lineKey(line) !== key) return line;
    if (left <= 0) {
      const { left: _gone, ...rest } = line;
      return { ...rest, available: false };
    }
    return { ...line, left: Math.min(left, line.count) };
  });
}

/** What a refresh changed in a line that the shopper should be told about. */
export interface LineChange {
  /** The price the line showed before the shop's current one. */
  priceWas?: string;
  /** Sold out or gone before, orderable now. */
  backInStock?: boolean;
}

/**
 * The changes between the lines before and after a refresh, by line key: a price that moved (both
 * known), a line that can be ordered again. A line that can no longer be ordered says so by itself.
 */
export function lineChanges(before: readonly CartLine[], after: readonly CartLine[]): Map<string, LineChange> {
  const was = new Map(before.map((line) => [lineKey(line), line]));
  const changes = new Map<string, LineChange>();
  for (const line of after) {
    const old = was.get(lineKey(line));
    if (!old) continue;
    const change: LineChange = {};
    if (old.price !== null && line.price !== null && old.price !== line.price) change.priceWas = old.price;
    if (old.available === false && line.available !== false) change.backInStock = true;
    if (Object.keys(change).length > 0) changes.set(lineKey(line), change);
  }
  return changes;
}

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
