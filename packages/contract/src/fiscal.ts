import { z } from 'zod';
import { money } from './common.ts';

/**
 * Fiscal receipts: the receipt a registered software cash register (Checkbox) issues for a payment
 * taken by card or in cash at the shop, and the return receipt for a refund. A cash-on-delivery parcel
 * is fiscalised by the carrier, which the shop records (`by_carrier`) and issues nothing for.
 */

export const receiptKinds = ['sell', 'return'] as const;
export type ReceiptKind = (typeof receiptKinds)[number];

/** What the receipt is for: a card payment, cash or card taken at the shop's counter, a refund, a parcel's cash. */
export const receiptSources = ['card_payment', 'counter', 'refund', 'carrier_cod'] as const;
export type ReceiptSource = (typeof receiptSources)[number];

/**
 * `pending`: waiting to be sent to the register (or to be tried again after a refusal); `issuing`: sent,
 * the register is fiscalising it; `done`: fiscalised (it has a fiscal code); `by_carrier`: the carrier
 * fiscalises it, the shop issues nothing.
 */
export const receiptStatuses = ['pending', 'issuing', 'done', 'by_carrier'] as const;
export type ReceiptStatus = (typeof receiptStatuses)[number];

/** How a receipt's payment was taken, as the register records it. */
export const receiptPaymentTypes = ['card', 'cash'] as const;
export type ReceiptPaymentType = (typeof receiptPaymentTypes)[number];

/** One receipt as the buyer sees it (the order's page, the payment mail's link). */
export const orderReceipt = z
  .object({
    id: z.uuid(),
    kind: z.enum(receiptKinds),
    status: z.enum(receiptStatuses),
    amount: money,
    /** The fiscal number the tax service knows the receipt by; null until it is fiscalised. */
    fiscal_code: z.string().nullable(),
    /** The register's own page of the receipt; null until it is fiscalised. */
    page_url: z.string().nullable(),
    /** The shop's address of the receipt as a PDF; null until it is fiscalised. */
    pdf_url: z.string().nullable(),
    issued_at: z.string().nullable(),
  })
  .meta({ id: 'OrderReceipt' });
export type OrderReceipt = z.infer<typeof orderReceipt>;

/** `GET /api/orders/{order_id}/receipts/`: the order's receipts, for whoever holds its id. */
export const orderReceipts = z
  .object({
    order_id: z.uuid(),
    /** True when a cash-on-delivery parcel's receipt is the carrier's. */
    by_carrier: z.boolean(),
    receipts: z.array(orderReceipt),
  })
  .meta({ id: 'OrderReceipts' });
export type OrderReceipts = z.infer<typeof orderReceipts>;

export const orderReceiptsParams = z.strictObject({ order_id: z.uuid({ error: 'Must be a valid UUID.' }) });
