import { z } from 'zod';
import { auditEntry, listQuery, queryDate, queryText, repeated } from './admin.ts';
import { color, size } from './catalog.ts';
import { optionalQuery } from './common.ts';
import { languages } from './languages.ts';
import { parseMoney } from './money.ts';
import { deliveryTypes, orderStatuses, paymentMethods } from './orders.ts';
import { invoiceStatuses } from './payments.ts';
import { shipmentStatuses, shippingFilters } from './shipping.ts';

/**
 * The back office's orders (`/api/admin/orders/`): the list with its filters and CSV export, one
 * order with its lines, invoice, notes and history, and the manager's changes: status moves, a
 * line's price and a line's removal before confirmation, internal notes.
 */

export const adminOrderMessages = {
  reasonRequired: 'Give the reason for the cancellation: the customer’s e-mail says it.',
  linesFrozen: 'An order’s lines change only before it is confirmed.',
  invoiceIssued: 'The card invoice of this order is issued for its amount: its lines cannot change.',
  lastLine: 'An order keeps at least one line: cancel the order instead.',
  lineMissing: 'This order has no such line.',
  amountTooLarge: 'The order’s amount would be larger than the shop can record.',
  exportTooLarge: 'The export holds at most 10000 orders: narrow the filters (dates, status).',
} as const;

/** Codes a client acts on (the back office translates them). */
export const adminOrderCodes = {
  statusConflict: 'order_status_conflict',
  linesFrozen: 'order_lines_frozen',
  invoiceIssued: 'order_invoice_issued',
  lastLine: 'order_last_line',
  exportTooLarge: 'export_too_large',
} as const;

/** At most this many orders in one CSV file. */
export const maxExportRows = 10_000;
export const noteMaxLength = 2000;
export const reasonMaxLength = 500;
/** The dearest unit price a manager may set (the line's total still has to fit the order's amount). */
export const maxLinePrice = '999999.99';

export const adminOrderSortable = ['created_at', 'amount', 'status'] as const;

/**
 * The list's filters, shared by the CSV export. `from`/`to` are days in Kyiv (or instants); `q` finds
 * an order by its number (the start or end of its id, `#` allowed), the customer's name, e-mail or
 * telephone (digits compared, with or without +380 or 0).
 */
export const adminOrderFilters = {
  status: repeated(z.enum(orderStatuses), orderStatuses.length),
  payment_method: optionalQuery(z.enum(paymentMethods)),
  delivery_type: optionalQuery(z.enum(deliveryTypes)),
  from: queryDate,
  to: queryDate,
  q: queryText(100),
  /** What happens to the parcel: to ship, in transit, waiting at the branch, storage ending, refused or returning. */
  shipping: optionalQuery(z.enum(shippingFilters)),
};

export const adminOrderListQuery = listQuery(adminOrderSortable, adminOrderFilters).extend({
  /** Order ids are UUIDs. */
  id: repeated(z.uuid()),
});
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuery>;

export const adminOrderExportQuery = z.strictObject({
  sort: optionalQuery(z.enum(adminOrderSortable)),
  order: optionalQuery(z.enum(['asc', 'desc'])).default('asc'),
  /** The language of the file's headings and labels; the request's language when absent. */
  lng: optionalQuery(z.enum(languages)),
  ...adminOrderFilters,
});
export type AdminOrderExportQuery = z.infer<typeof adminOrderExportQuery>;
/** What both the list and the export filter and sort by. */
export type AdminOrderFilter = Omit<AdminOrderExportQuery, 'lng'> & { id?: string[] };

export const adminOrderSummary = z
  .object({
    id: z.uuid(),
    status: z.enum(orderStatuses),
    payment_method: z.enum(paymentMethods),
    delivery_type: z.enum(deliveryTypes),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone_number: z.string(),
    city: z.string(),
    /** What the buyer pays: the lines' sum less the discount. */
    amount: z.string(),
    /** What the promo code took off the lines' sum ("0.00" without one). */
    discount: z.string(),
    /** The promo code the order was placed with; null without one. */
    promo_code: z.string().nullable(),
    /** Lines in the order. */
    lines: z.number().int(),
    /** The customer's account, or null for a guest. */
    user_id: z.number().int().nullable(),
    created_at: z.string(),
    /** The order's parcel: its waybill number and where it is; null before a waybill. */
    shipment: z.object({ number: z.string(), status: z.enum(shipmentStatuses) }).nullable(),
  })
  .meta({ id: 'AdminOrderSummary' });
export type AdminOrderSummary = z.infer<typeof adminOrderSummary>;

export const adminOrderLine = z
  .object({
    id: z.number().int(),
    /** The product's id when ordered (it may be gone since). */
    product: z.number().int().nullable(),
    sku: z.string(),
    name: z.string(),
    name_ru: z.string(),
    slug: z.string(),
    category_full_path: z.string(),
    /** The first picture of the chosen colour (or of the product), as ordered. */
    image: z.string().nullable(),
    size: size.nullable(),
    color: color.nullable(),
    quantity: z.number().int(),
    price: z.string(),
    total: z.string(),
  })
  .meta({ id: 'AdminOrderLine' });
export type AdminOrderLine = z.infer<typeof adminOrderLine>;

export const adminOrderNote = z
  .object({
    id: z.number().int(),
    author_id: z.number().int().nullable(),
    /** The author's e-mail, or empty when the account is gone. */
    author_email: z.string(),
    text: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'AdminOrderNote' });
export type AdminOrderNote = z.infer<typeof adminOrderNote>;

export const adminOrderInvoice = z
  .object({
    invoice_id: z.string(),
    provider: z.string(),
    status: z.enum(invoiceStatuses),
    amount: z.string(),
    failure_reason: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'AdminOrderInvoice' });

export const adminOrder = adminOrderSummary
  .extend({
    language: z.enum(languages),
    branch: z.string(),
    city_ref: z.string().nullable(),
    branch_ref: z.string().nullable(),
    need_call_back: z.boolean(),
    comment: z.string(),
    cancel_reason: z.string().nullable(),
    updated_at: z.string(),
    items: z.array(adminOrderLine),
    /** The card invoice, for a card order that has one. */
    invoice: adminOrderInvoice.nullable(),
    notes: z.array(adminOrderNote),
    /** The statuses a manager may move the order to now. */
    next_statuses: z.array(z.enum(orderStatuses)),
    /** Whether a line's price may change or a line go (before confirmation, no invoice issued). */
    lines_editable: z.boolean(),
    /** Every change made to the order in the back office, newest first. */
    history: z.array(auditEntry),
  })
  .meta({ id: 'AdminOrder' });
export type AdminOrder = z.infer<typeof adminOrder>;

export const adminOrderLineParams = z.strictObject({
  id: z.uuid({ error: 'Must be a valid UUID.' }),
  itemId: z.coerce
    .number({ error: 'A valid integer is required.' })
    .int()
    .min(1)
    .max(2 ** 31 - 1),
});

const reason = z
  .string({ error: 'Not a valid string.' })
  .trim()
  .max(reasonMaxLength, `Ensure this field has no more than ${reasonMaxLength} characters.`);

/** A move along the order's life; cancelling needs a reason, which the customer's e-mail gives. */
export const adminOrderStatusBody = z
  .strictObject({
    status: z.enum(orderStatuses, { error: `Must be one of ${orderStatuses.join(', ')}.` }),
    reason: reason.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.status === 'cancelled' && !body.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: adminOrderMessages.reasonRequired });
    }
  });
export type AdminOrderStatusBody = z.infer<typeof adminOrderStatusBody>;

/** A line's new unit price, in UAH with at most two decimals (a string, never a float). */
export const adminOrderLineBody = z.strictObject({
  price: z
    .string({ error: 'Not a valid string.' })
    .trim()
    // Stops here if not an amount, so the checks below read only amounts.
    .regex(/^\d{1,7}(\.\d{1,2})?$/, { error: 'Enter an amount in UAH, e.g. 1250 or 1250.50.', abort: true })
    .refine((v) => parseMoney(v) > 0, 'A price is more than zero.')
    .refine((v) => parseMoney(v) <= parseMoney(maxLinePrice), `A price is at most ${maxLinePrice}.`),
});
export type AdminOrderLineBody = z.infer<typeof adminOrderLineBody>;

export const adminOrderNoteBody = z.strictObject({
  text: z
    .string({ error: 'Not a valid string.' })
    .trim()
    .min(1, 'This field may not be blank.')
    .max(noteMaxLength, `Ensure this field has no more than ${noteMaxLength} characters.`),
});
export type AdminOrderNoteBody = z.infer<typeof adminOrderNoteBody>;
