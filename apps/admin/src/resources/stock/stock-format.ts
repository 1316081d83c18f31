import { maxUnits, type ProductStock, type ProductStockUpdate, type StockVariant } from '@kram/contract/admin-stock';
import type { StockMovementKind } from '@kram/contract/stock';

/** What the grid's numbers do when saved: become the counts, or be added to them (goods received). */
export type StockMode = 'set' | 'add';

/** One row (a size) or column (a colour) of the grid; null for a product without sizes or colours. */
export interface GridAxis {
  id: number | null;
  name: string | null;
}

/** What was typed in each cell, by `variantKey`. */
export type Drafts = Record<string, string>;

export const variantKey = (size: number | null, color: number | null): string => `${size ?? '-'}:${color ?? '-'}`;

/**
 * Sizes down, colours across; a product without sizes has one row, one without colours one column,
 * so every product has at least one cell (its one variant).
 */
export function axesOf(stock: ProductStock, language: string): { rows: GridAxis[]; columns: GridAxis[] } {
  const rows: GridAxis[] = stock.sizes.length > 0 ? stock.sizes : [{ id: null, name: null }];
  const columns: GridAxis[] =
    stock.colors.length > 0
      ? stock.colors.map((c) => ({ id: c.id, name: language === 'ru' ? c.name_ru || c.name : c.name }))
      : [{ id: null, name: null }];
  return { rows, columns };
}

/** A cell's variant; one the answer does not list is a variant nobody counted yet. */
export function variantAt(stock: ProductStock, size: number | null, color: number | null): StockVariant {
  return (
    stock.variants.find((v) => v.size === size && v.color === color) ?? {
      size,
      color,
      available: null,
      reserved: 0,
      waiting: 0,
      low: false,
    }
  );
}

/** Every cell of the grid, rows first, as the grid shows them. */
export function cellsOf(stock: ProductStock): { size: number | null; color: number | null }[] {
  const { rows, columns } = axesOf(stock, 'uk');
  return rows.flatMap((row) => columns.map((column) => ({ size: row.id, color: column.id })));
}

/** The cells as saved: a count to set, or nothing typed yet when adding. */
export function draftsOf(stock: ProductStock, mode: StockMode): Drafts {
  const drafts: Drafts = {};
  for (const { size, color } of cellsOf(stock)) {
    const available = variantAt(stock, size, color).available;
    drafts[variantKey(size, color)] = mode === 'set' && available !== null ? String(available) : '';
  }
  return drafts;
}

/** Every cell holds the same number: the bulk actions "set all" and "add all". */
export function draftsAll(stock: ProductStock, value: number): Drafts {
  return Object.fromEntries(cellsOf(stock).map(({ size, color }) => [variantKey(size, color), String(value)]));
}

/** A whole number as staff type it: spaces and a typographic minus allowed. */
export function parseWhole(text: string): number | undefined {
  const cleaned = text.replace(/[\s\u00a0]/g, '').replace(/[\u2212\u2013]/g, '-');
  if (!/^[-+]?\d+$/.test(cleaned)) return undefined;
  const value = Number(cleaned);
  return Number.isSafeInteger(value) ? value : undefined;
}

/** The number to send for one cell; undefined when the cell changes nothing, a problem's key when invalid. */
function cellQuantity(
  text: string,
  mode: StockMode,
  saved: number | null,
): { quantity?: number | null; problem?: string } {
  const trimmed = text.trim();
  if (mode === 'set') {
    // Empty: the variant is not counted (always available).
    if (trimmed === '') return saved === null ? {} : { quantity: null };
    const value = parseWhole(trimmed);
    if (value === undefined || value < 0 || value > maxUnits) return { problem: 'resources.stock.invalid.count' };
    return value === saved ? {} : { quantity: value };
  }
  if (trimmed === '') return {};
  const value = parseWhole(trimmed);
  if (value === undefined || Math.abs(value) > maxUnits) return { problem: 'resources.stock.invalid.delta' };
  return value === 0 ? {} : { quantity: value };
}

/** The product's own threshold as typed: empty is the shop's default (null). */
export function parseThreshold(text: string): { value: number | null } | { problem: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { value: null };
  const value = parseWhole(trimmed);
  if (value === undefined || value < 0 || value > maxUnits) return { problem: 'resources.stock.invalid.threshold' };
  return { value };
}

export interface StockForm {
  mode: StockMode;
  drafts: Drafts;
  note: string;
  threshold: string;
}

export type StockChange =
  | { problems: Record<string, string> }
  | {
      body: ProductStockUpdate;
      /** The cell of each sent variant, in the body's order: a field problem `variants.<i>.quantity` is its cell's. */
      keys: string[];
    };

/**
 * The PATCH for what staff changed: only the cells whose number differs from what is saved (or, when
 * adding, that add something), the threshold only when changed. Problems are keyed by cell (`variantKey`)
 * or `low_stock_threshold`, as translation keys.
 */
export function stockChange(stock: ProductStock, form: StockForm): StockChange {
  const problems: Record<string, string> = {};
  const variants: ProductStockUpdate['variants'] = [];
  const keys: string[] = [];
  for (const { size, color } of cellsOf(stock)) {
    const key = variantKey(size, color);
    const saved = variantAt(stock, size, color).available;
    const { quantity, problem } = cellQuantity(form.drafts[key] ?? '', form.mode, saved);
    if (problem) problems[key] = problem;
    else if (quantity !== undefined) {
      variants.push({ size, color, quantity });
      keys.push(key);
    }
  }
  const threshold = parseThreshold(form.threshold);
  if ('problem' in threshold) problems.low_stock_threshold = threshold.problem;
  if (Object.keys(problems).length > 0) return { problems };
  const body: ProductStockUpdate = { mode: form.mode, variants, note: form.note.trim() };
  if ('value' in threshold && threshold.value !== stock.low_stock_threshold) {
    body.low_stock_threshold = threshold.value;
  }
  return { body, keys };
}

/** Whether a change changes anything. */
export const changesSomething = (body: ProductStockUpdate): boolean =>
  body.variants.length > 0 || body.low_stock_threshold !== undefined;

/** A movement's quantity with its sign: "+5", "−2" (a true minus), "0". */
export const signedQuantity = (quantity: number): string =>
  quantity > 0 ? `+${quantity}` : quantity < 0 ? `\u2212${Math.abs(quantity)}` : '0';

export const movementKindKey = (kind: StockMovementKind): string => `resources.stock.movements.kinds.${kind}`;

/** The CSV template: the columns the update reads, and a row for a product with and without size and colour. */
export const csvTemplate = 'sku,size,color,quantity\nSKU-1,M,Олива,10\nSKU-2,,,5\n';

/** Excel saves a CSV with a byte-order mark, which would otherwise stick to the first column's name. */
export const withoutBom = (text: string): string => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

/**
 * A file's text: UTF-8, or else Windows-1251, in which Excel saves a CSV on a Ukrainian or Russian
 * Windows.
 */
export function decodeCsv(bytes: ArrayBuffer): string {
  try {
    return withoutBom(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return new TextDecoder('windows-1251').decode(bytes);
  }
}
