import type { AuditEntry } from '@kram/contract/admin';
import {
  adminOrderCodes,
  adminOrderFilters,
  adminOrderMessages,
  maxLinePrice,
  noteMaxLength,
  reasonMaxLength,
} from '@kram/contract/admin-orders';
import type { Language } from '@kram/contract/languages';
import { formatHryvnias as hryvnias, parseMoney } from '@kram/contract/money';
import type { OrderStatus } from '@kram/contract/orders';

/** Dates read the Ukrainian way in both languages of the back office. */
const dateTime = new Intl.DateTimeFormat('uk-UA', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'Europe/Kyiv',
});

/**
 * An amount as the API sends it ("1234.50"), shown as the whole shop writes money: "1 234,50 ₴" in
 * both languages. The contract's formatter, not Intl, whose uk-UA output differs between browsers.
 */
export const formatHryvnias = (amount: string): string => hryvnias(amount);

/** On Kyiv's clock, as the list's date filters count days. */
export const formatDateTime = (iso: string): string => dateTime.format(new Date(iso));

/** An order as the shop, its mails and its customers call it: "#" and the last 7 characters of its id. */
export const orderNumber = (orderId: string): string => `#${orderId.slice(-7)}`;

const exportKeys = Object.keys(adminOrderFilters);

/**
 * The CSV export's query for the list as it is shown: its filters (only those the export knows), its
 * sort, and the language of the headings.
 */
export function exportQuery(
  filter: Record<string, unknown>,
  sort: { field: string; order: string } | undefined,
  language: Language,
): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of exportKeys) {
    const value = filter[key];
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item !== undefined && item !== null && item !== '') query.append(key, String(item));
    }
  }
  if (sort?.field && ['created_at', 'amount', 'status'].includes(sort.field)) {
    query.set('sort', sort.field);
    query.set('order', sort.order === 'DESC' ? 'desc' : 'asc');
  }
  query.set('lng', language);
  return query;
}

/** The file name the server gives in Content-Disposition, or `fallback`. */
export function attachmentName(header: string | null, fallback: string): string {
  const match = header ? /filename="([^"]+)"/.exec(header) : null;
  return match?.[1] ?? fallback;
}

interface ApiError {
  status?: number;
  body?: unknown;
}

const bodyOf = (error: unknown): Record<string, unknown> => {
  const body = (error as ApiError | null)?.body;
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
};

const refusals: Record<string, string> = Object.fromEntries(
  Object.values(adminOrderCodes).map((code) => [code, `resources.orders.errors.${code}`]),
);

/**
 * The translation key for a refused change or export, by the server's `code` (or its message, for the
 * amount that would not fit); undefined for anything else, to be shown as it came.
 */
export function orderRefusalKey(error: unknown): string | undefined {
  const body = bodyOf(error);
  if (typeof body.code === 'string' && refusals[body.code]) return refusals[body.code];
  const price = body.price;
  if (Array.isArray(price) && price.includes(adminOrderMessages.amountTooLarge)) {
    return 'resources.orders.errors.amount_too_large';
  }
  return undefined;
}

/** A translation key and its values, for a problem with what was typed. */
export interface Problem {
  key: string;
  values?: Record<string, unknown>;
}

/** The reason of a move: required to cancel (the customer's mail says it), never too long. */
export function reasonProblem(status: OrderStatus, reason: string): Problem | undefined {
  const text = reason.trim();
  if (status === 'cancelled' && !text) return { key: 'resources.orders.validation.reason_required' };
  if (text.length > reasonMaxLength) {
    return { key: 'resources.orders.validation.too_long', values: { max: reasonMaxLength } };
  }
  return undefined;
}

/** A unit price as typed ("1250", "1250.50", "1250,50"), in the API's form, or the problem with it. */
export function parsePrice(typed: string): { price: string } | { problem: Problem } {
  const text = typed.trim().replace(',', '.');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) return { problem: { key: 'resources.orders.validation.price_format' } };
  const kopiyky = parseMoney(text);
  if (kopiyky <= 0) return { problem: { key: 'resources.orders.validation.price_positive' } };
  if (kopiyky > parseMoney(maxLinePrice)) {
    return { problem: { key: 'resources.orders.validation.price_max', values: { max: maxLinePrice } } };
  }
  return { price: text };
}

export function noteProblem(text: string): Problem | undefined {
  const trimmed = text.trim();
  if (!trimmed) return { key: 'resources.orders.validation.note_required' };
  if (trimmed.length > noteMaxLength) {
    return { key: 'resources.orders.validation.too_long', values: { max: noteMaxLength } };
  }
  return undefined;
}

const field = (value: Record<string, unknown> | null, key: string): unknown => value?.[key];
const lineOf = (value: Record<string, unknown> | null) =>
  (field(value, 'line') ?? {}) as { name?: string; price?: string };
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * One entry of an order's history as a sentence: the translation key under
 * `resources.orders.history` and its values (statuses named by `statusLabel`, money formatted).
 */
export function historyLine(
  entry: Pick<AuditEntry, 'action' | 'before' | 'after'>,
  statusLabel: (status: string) => string,
): Problem | undefined {
  const { before, after } = entry;
  switch (entry.action) {
    case 'order.status':
      return {
        key: 'resources.orders.history.status',
        values: { from: statusLabel(text(field(before, 'status'))), to: statusLabel(text(field(after, 'status'))) },
      };
    case 'order.line_price':
      return {
        key: 'resources.orders.history.line_price',
        values: {
          name: lineOf(before).name ?? '',
          from: formatHryvnias(lineOf(before).price ?? '0'),
          to: formatHryvnias(lineOf(after).price ?? '0'),
          amount: formatHryvnias(text(field(after, 'amount')) || '0'),
        },
      };
    case 'order.line_remove':
      return {
        key: 'resources.orders.history.line_remove',
        values: { name: lineOf(before).name ?? '', amount: formatHryvnias(text(field(after, 'amount')) || '0') },
      };
    case 'order.note':
      return { key: 'resources.orders.history.note', values: { text: text(field(after, 'text')) } };
    case 'shipment.create':
    case 'shipment.by_hand':
    case 'shipment.update':
      return {
        key: `resources.orders.history.${entry.action.replace('.', '_')}`,
        values: { number: text(field(after, 'number')) },
      };
    case 'shipment.delete':
      return { key: 'resources.orders.history.shipment_delete', values: { number: text(field(before, 'number')) } };
    default:
      return undefined;
  }
}
