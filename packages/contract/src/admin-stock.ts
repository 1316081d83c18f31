import { z } from 'zod';
import { adminErrors, adminRecordErrors, listOf } from './admin.ts';
import { detailError } from './common.ts';
import { stockMovementKinds } from './stock.ts';

/**
 * The back office's stock calls: a product's stock as a grid of sizes × colours, set or added to in
 * bulk; its movements; the variants low on stock; the shop's stock settings; a stock update by CSV.
 */

export const adminStockMessages = {
  variantUnknown: 'This product has no such size or colour.',
  tooLarge: 'At most 1,000,000 units.',
  belowZero: 'Stock cannot go below zero.',
  belowReserved: 'Fewer units than orders have reserved: release or send those orders first.',
  csvEmpty: 'The file has no rows.',
  csvTooLarge: 'At most 10,000 rows at once.',
  csvHeader: 'The first row must name the columns sku, size, color and quantity.',
  csvSku: 'No product has this SKU.',
  csvSize: 'The product has no such size.',
  csvColor: 'The product has no such colour.',
  csvQuantity: 'The quantity must be a whole number from 0 to 1,000,000.',
  csvSizeRequired: 'The product has sizes: name one.',
  csvColorRequired: 'The product has colours: name one.',
  csvRepeated: 'This variant was named on an earlier row.',
} as const;

export const maxUnits = 1_000_000;
export const maxCsvRows = 10_000;

const id = z
  .number()
  .int()
  .min(1)
  .max(2 ** 31 - 1);
const units = z.number().int().min(0).max(maxUnits, adminStockMessages.tooLarge);

export const stockVariant = z
  .object({
    size: id.nullable(),
    color: id.nullable(),
    /** Units that can be sold; null: not counted (always available). */
    available: z.number().int().nullable(),
    /** Units promised to orders not sent yet. */
    reserved: z.number().int(),
    /** Shoppers waiting for a mail when it is back. */
    waiting: z.number().int(),
    /** Counted, and below the product's threshold. */
    low: z.boolean(),
  })
  .meta({ id: 'AdminStockVariant' });
export type StockVariant = z.infer<typeof stockVariant>;

export const productStock = z
  .object({
    product_id: z.number().int(),
    /** The product's own low-stock threshold; null: the shop's default. */
    low_stock_threshold: z.number().int().nullable(),
    default_threshold: z.number().int(),
    /** The staff's switch: off, the product is not on sale whatever its stock. */
    offered: z.boolean(),
    is_on_sale: z.boolean(),
    sizes: z.array(z.object({ id: z.number().int(), name: z.string() })),
    colors: z.array(z.object({ id: z.number().int(), name: z.string(), name_ru: z.string() })),
    variants: z.array(stockVariant),
  })
  .meta({ id: 'AdminProductStock' });
export type ProductStock = z.infer<typeof productStock>;

/**
 * `PATCH /api/admin/products/{id}/stock/`: `set` makes each named variant's count the given one (null:
 * stop counting it); `add` adds to it (negative to take away, received goods positive). The threshold
 * is changed when named.
 */
export const productStockUpdate = z
  .strictObject({
    mode: z.enum(['set', 'add']).default('set'),
    variants: z
      .array(
        z.strictObject({
          size: id.nullable(),
          color: id.nullable(),
          quantity: z.number().int().min(-maxUnits).max(maxUnits, adminStockMessages.tooLarge).nullable(),
        }),
      )
      .max(2000)
      .default([]),
    note: z.string().trim().max(500).default(''),
    low_stock_threshold: units.nullable().optional(),
  })
  .meta({ id: 'AdminProductStockUpdate' });
export type ProductStockUpdate = z.infer<typeof productStockUpdate>;

export const stockMovement = z
  .object({
    id: z.number().int(),
    created_at: z.string(),
    kind: z.enum(stockMovementKinds),
    size: z.string().nullable(),
    color: z.string().nullable(),
    quantity: z.number().int(),
    available_after: z.number().int().nullable(),
    reserved_after: z.number().int(),
    order_id: z.string().nullable(),
    actor: z.string(),
    note: z.string(),
  })
  .meta({ id: 'AdminStockMovement' });
export const stockMovements = listOf(stockMovement).meta({ id: 'AdminStockMovements' });
export const stockMovementsQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
});

export const lowStockItem = z
  .object({
    product_id: z.number().int(),
    sku: z.string(),
    name: z.string(),
    size: z.string().nullable(),
    color: z.string().nullable(),
    available: z.number().int(),
    threshold: z.number().int(),
  })
  .meta({ id: 'AdminLowStockItem' });
export const lowStock = listOf(lowStockItem).meta({ id: 'AdminLowStock' });

export const stockSettings = z
  .object({ low_stock_threshold: z.number().int(), telegram_alerts: z.boolean() })
  .meta({ id: 'AdminStockSettings' });
export const stockSettingsUpdate = z
  .strictObject({ low_stock_threshold: units.optional(), telegram_alerts: z.boolean().optional() })
  .meta({ id: 'AdminStockSettingsUpdate' });

/**
 * `POST /api/admin/stock/import/`: a CSV file's text with the columns sku, size, color, quantity (the
 * new count; size or colour empty for a product without them), comma- or semicolon-separated. A dry
 * run (the default) changes nothing and answers what would change; with any row in error nothing is
 * written.
 */
export const stockImportBody = z
  .strictObject({
    csv: z.string().max(2_000_000),
    dry_run: z.boolean().default(true),
  })
  .meta({ id: 'AdminStockImportBody' });
export const stockImportRow = z
  .object({
    line: z.number().int(),
    sku: z.string(),
    size: z.string().nullable(),
    color: z.string().nullable(),
    product_id: z.number().int().nullable(),
    before: z.number().int().nullable(),
    after: z.number().int().nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'AdminStockImportRow' });
export const stockImportResult = z
  .object({
    dry_run: z.boolean(),
    /** Rows whose count would change (or did). */
    changed: z.number().int(),
    unchanged: z.number().int(),
    errors: z.number().int(),
    /** Rows that change or are in error, in the file's order (at most 1000). */
    rows: z.array(stockImportRow),
  })
  .meta({ id: 'AdminStockImportResult' });
export type StockImportResult = z.infer<typeof stockImportResult>;

export const adminStockErrors = { ...adminRecordErrors, 409: detailError } as const;
export const adminStockListErrors = adminErrors;
