import { z } from 'zod';
import { listQuery, queryText } from './admin.ts';
import { money, optionalQuery } from './common.ts';
import { orderReceipt, receiptKinds, receiptPaymentTypes, receiptSources, receiptStatuses } from './fiscal.ts';

/**
 * The back office's fiscal calls: the register's settings, the receipts (with their attempts and the
 * register's refusals), an order's receipts and the counter's receipt, the shifts with their Z-reports.
 */

export const adminFiscalMessages = {
  off: 'Fiscal receipts are off: turn them on in the fiscal settings first.',
  noRegister: 'No cash register is configured: set CHECKBOX_LICENSE_KEY and CHECKBOX_CASHIER_PIN.',
  notCounter: 'A receipt is issued here only for an order paid at the shop (pickup).',
  alreadyIssued: 'This order has its receipt already.',
  notRetryable: 'This receipt is issued already.',
  taxCode: 'A tax code is a whole number from 1 to 99.',
  closeTime: 'The time is HH:MM, from 00:00 to 23:59.',
  noShift: 'No shift is open.',
  registerDown: 'The cash register service did not answer. Please try again in a few minutes.',
} as const;

/** Which register issues the receipts: Checkbox, the shop's own stand-in for it, or none. */
export const fiscalRegisters = ['checkbox', 'sandbox'] as const;

const taxCode = z.number().int().min(1, adminFiscalMessages.taxCode).max(99, adminFiscalMessages.taxCode);

/** `GET /api/admin/fiscal/settings/`. */
export const fiscalSettings = z
  .object({
    /** Receipts are issued only when this is on and a register is configured. */
    enabled: z.boolean(),
    /** The register configured by the environment; null: none (receipts cannot be issued). */
    register: z.enum(fiscalRegisters).nullable(),
    /** The cashier the register signs in as (its name as the register knows it); null before the first sign-in. */
    cashier_name: z.string().nullable(),
    /** The tax code of goods without their own; null: the shop is not a VAT payer (no tax on receipts). */
    default_tax_code: taxCode.nullable(),
    /** Products with a tax code of their own. */
    product_taxes: z.array(
      z.object({ product_id: z.number().int(), name: z.string(), sku: z.string(), tax_code: taxCode }),
    ),
    /** When the open shift is closed every day (its Z-report kept), Kyiv time, HH:MM; null: not by schedule. */
    shift_close_time: z.string().nullable(),
  })
  .meta({ id: 'AdminFiscalSettings' });
export type FiscalSettings = z.infer<typeof fiscalSettings>;

/** `PUT /api/admin/fiscal/settings/`: the whole of what staff set. */
export const fiscalSettingsUpdate = z
  .strictObject({
    enabled: z.boolean(),
    default_tax_code: taxCode.nullable(),
    product_taxes: z.array(z.strictObject({ product_id: z.number().int().min(1), tax_code: taxCode })).max(10_000),
    shift_close_time: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, adminFiscalMessages.closeTime)
      .nullable(),
  })
  .meta({ id: 'AdminFiscalSettingsUpdate' });
export type FiscalSettingsUpdate = z.infer<typeof fiscalSettingsUpdate>;

/** One receipt as the back office lists it. */
export const adminReceipt = orderReceipt
  .extend({
    order_id: z.uuid(),
    order_number: z.string(),
    source: z.enum(receiptSources),
    payment_type: z.enum(receiptPaymentTypes),
    /** The register's number of the receipt in its shift; null until fiscalised. */
    serial: z.number().int().nullable(),
    /** The return request a return receipt refunds. */
    return_id: z.uuid().nullable(),
    attempts: z.number().int(),
    /** The register's last refusal or failure, in its words; null when there was none. */
    last_error: z.string().nullable(),
    next_attempt_at: z.string().nullable(),
    created_at: z.string(),
    /** Not issued an hour after it was due: the dashboard and the manager's chat are told. */
    overdue: z.boolean(),
  })
  .meta({ id: 'AdminReceipt' });
export type AdminReceipt = z.infer<typeof adminReceipt>;

export const adminReceiptsQuery = listQuery(['created_at', 'status'] as const, {
  status: optionalQuery(z.enum(receiptStatuses)),
  kind: optionalQuery(z.enum(receiptKinds)),
  overdue: optionalQuery(z.enum(['true', 'false']).transform((v) => v === 'true')),
  q: queryText(),
});

/** `GET /api/admin/orders/{id}/receipts/`: an order's receipts, and whether the counter's receipt may be issued. */
export const adminOrderReceipts = z
  .object({
    order_id: z.uuid(),
    by_carrier: z.boolean(),
    /** A pickup order without a receipt yet: the manager issues one when the buyer pays at the counter. */
    can_issue_counter: z.boolean(),
    receipts: z.array(adminReceipt),
  })
  .meta({ id: 'AdminOrderReceipts' });
export type AdminOrderReceipts = z.infer<typeof adminOrderReceipts>;

/** `POST /api/admin/orders/{id}/receipts/`: the counter's receipt for a pickup order, paid in cash or by card. */
export const counterReceiptBody = z
  .strictObject({ payment_type: z.enum(receiptPaymentTypes) })
  .meta({ id: 'AdminCounterReceipt' });

export const shiftStatuses = ['opening', 'opened', 'closing', 'closed'] as const;

/** A register shift; its Z-report once closed. */
export const adminShift = z
  .object({
    id: z.uuid(),
    serial: z.number().int().nullable(),
    status: z.enum(shiftStatuses),
    opened_at: z.string().nullable(),
    closed_at: z.string().nullable(),
    /** The Z-report's totals: receipts sold and returned, and their sums. */
    z_report: z
      .object({
        sell_receipts: z.number().int(),
        return_receipts: z.number().int(),
        sell_sum: money,
        return_sum: money,
      })
      .nullable(),
  })
  .meta({ id: 'AdminShift' });
export type AdminShift = z.infer<typeof adminShift>;

export const adminShiftsQuery = listQuery(['opened_at'] as const, {});

/** `GET /api/admin/fiscal/alerts/`: receipts not issued within an hour of falling due. */
export const fiscalAlerts = z
  .object({ overdue: z.number().int(), oldest_due_at: z.string().nullable() })
  .meta({ id: 'AdminFiscalAlerts' });
