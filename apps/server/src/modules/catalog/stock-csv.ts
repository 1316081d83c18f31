import { adminStockMessages, maxCsvRows, maxUnits } from '@kram/contract/admin-stock';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { InvalidInput } from '../../lib/domain-errors.ts';
import type { Variant } from './stock.repository.ts';

/** One row of a stock file as read and checked: the variant it names and its count now and after. */
export interface PlannedRow {
  line: number;
  sku: string;
  size: string | null;
  color: string | null;
  product_id: number | null;
  before: number | null;
  after: number | null;
  error: string | null;
  variant?: Variant;
}

/**
 * Splits CSV text into rows of fields: comma- or semicolon-separated (whichever the header uses; a
 * spreadsheet in a Ukrainian locale writes semicolons), fields may be quoted with "" for a quote
 * inside, a BOM and blank lines are skipped.
 */
export function parseCsv(text: string): { line: number; fields: string[] }[] {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  const separator = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    fields.push(field);
    if (fields.some((f) => f.trim() !== '')) rows.push({ line: rowLine, fields: fields.map((f) => f.trim()) });
    fields = [];
    field = '';
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        field += c;
      }
    } else if (c === '"') quoted = true;
    else if (c === separator) {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else field += c;
  }
  endRow();
  return rows;
}

const headerNames: Record<string, 'sku' | 'size' | 'color' | 'quantity'> = {
  sku: 'sku',
  артикул: 'sku',
  size: 'size',
  розмір: 'size',
  color: 'color',
  colour: 'color',
  колір: 'color',
  quantity: 'quantity',
  qty: 'quantity',
  кількість: 'quantity',
};

interface VariantRow {
  product_id: number;
  sku: string;
  size_id: number | null;
  size: string | null;
  color_id: number | null;
  color: string | null;
  color_ru: string | null;
  available: number | null;
}

const same = (a: string | null, b: string) => (a ?? '').toLocaleLowerCase('uk') === b.toLocaleLowerCase('uk');

/**
 * Reads a stock file and plans each row: the product by SKU, its size and colour by name (a colour's
 * Russian name too), the new count. Errors are per row; a file without the header or without rows is
 * refused whole.
 */
export async function readStockCsv(executor: Executor, text: string): Promise<{ rows: PlannedRow[]; errors: number }> {
  const [header, ...records] = parseCsv(text);
  if (!header) throw new InvalidInput({ csv: [adminStockMessages.csvEmpty] });
  const columns = header.fields.map((f) => headerNames[f.toLocaleLowerCase('uk')]);
  const at = (name: 'sku' | 'size' | 'color' | 'quantity') => columns.indexOf(name);
  if (at('sku') < 0 || at('quantity') < 0) throw new InvalidInput({ csv: [adminStockMessages.csvHeader] });
  if (records.length === 0) throw new InvalidInput({ csv: [adminStockMessages.csvEmpty] });
  if (records.length > maxCsvRows) throw new InvalidInput({ csv: [adminStockMessages.csvTooLarge] });

  const field = (fields: string[], name: 'sku' | 'size' | 'color' | 'quantity') =>
    at(name) < 0 ? '' : (fields[at(name)] ?? '');
  const skus = [...new Set(records.map((r) => field(r.fields, 'sku')).filter(Boolean))];
  const found =
    skus.length === 0
      ? []
      : (
          (await executor.execute(sql`
      select p.id as product_id, p.sku, s.size_id, z.name as size, s.color_id, c.name as color,
        c.name_ru as color_ru, s.available
      from products p
      join stock_levels s on s.product_id = p.id
      left join sizes z on z.id = s.size_id
      left join colors c on c.id = s.color_id
      where p.sku in (${sql.join(
        skus.map((s) => sql`${s}`),
        sql`, `,
      )})`)) as unknown as {
            rows: VariantRow[];
          }
        ).rows;
  const bySku = new Map<string, VariantRow[]>();
  for (const row of found) bySku.set(row.sku, [...(bySku.get(row.sku) ?? []), row]);

  const seen = new Set<string>();
  let errors = 0;
  const rows = records.map(({ line, fields }): PlannedRow => {
    const sku = field(fields, 'sku');
    const size = field(fields, 'size') || null;
    const color = field(fields, 'color') || null;
    const quantityText = field(fields, 'quantity');
    const planned: PlannedRow = { line, sku, size, color, product_id: null, before: null, after: null, error: null };
    const fail = (error: string) => {
      errors++;
      return { ...planned, error };
    };
    const variants = bySku.get(sku);
    if (!variants) return fail(adminStockMessages.csvSku);
    planned.product_id = variants[0]?.product_id ?? null;
    const hasSizes = variants.some((v) => v.size_id !== null);
    const hasColors = variants.some((v) => v.color_id !== null);
    if (hasSizes && !size) return fail(adminStockMessages.csvSizeRequired);
    if (hasColors && !color) return fail(adminStockMessages.csvColorRequired);
    const sizeMatches = variants.filter((v) => (size === null ? v.size_id === null : same(v.size, size)));
    if (sizeMatches.length === 0) return fail(adminStockMessages.csvSize);
    const variant = sizeMatches.find((v) =>
      color === null ? v.color_id === null : same(v.color, color) || same(v.color_ru, color),
    );
    if (!variant) return fail(adminStockMessages.csvColor);
    if (!/^\d+$/.test(quantityText) || Number(quantityText) > maxUnits) return fail(adminStockMessages.csvQuantity);
    const key = `${variant.product_id}:${variant.size_id ?? 0}:${variant.color_id ?? 0}`;
    if (seen.has(key)) return fail(adminStockMessages.csvRepeated);
    seen.add(key);
    return {
      ...planned,
      before: variant.available,
      after: Number(quantityText),
      variant: { productId: variant.product_id, sizeId: variant.size_id, colorId: variant.color_id },
    };
  });
  return { rows, errors };
}
