import { z } from 'zod';
import { badRequestError, detailError } from './common.ts';

/** The answer to `POST /api/create-monobank-invoice/`: where to send the shopper, and their order. */
export const invoiceCreated = z.object({ payment_url: z.url(), order_id: z.uuid() }).meta({ id: 'InvoiceCreated' });
export type InvoiceCreated = z.infer<typeof invoiceCreated>;

/** Monobank's invoice statuses, as its webhook reports them. */
export const invoiceStatuses = ['created', 'processing', 'hold', 'success', 'failure', 'reversed', 'expired'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

/** Who issued a card invoice: Monobank, or the shop's own sandbox when no Monobank token is set. */
export const cardProviders = ['monobank', 'sandbox'] as const;
export type CardProvider = (typeof cardProviders)[number];

/** Monobank's numeric code of the hryvnia (ISO 4217). */
export const uahCurrencyCode = 980;

/**
 * The body of Monobank's webhook (and of the sandbox's, which speaks the same protocol). Amounts are
 * in kopiyky. Fields Monobank may add later are let through and ignored.
 */
export const monobankWebhook = z
  .object({
    invoiceId: z.string().min(1).max(100),
    status: z.enum(invoiceStatuses),
    amount: z.number().int().nonnegative(),
    ccy: z.number().int(),
    finalAmount: z.number().int().nonnegative().optional(),
    createdDate: z.iso.datetime({ offset: true }),
    modifiedDate: z.iso.datetime({ offset: true }),
    reference: z.string().max(100).optional(),
    failureReason: z.string().max(1000).optional(),
  })
  .meta({ id: 'MonobankWebhook' });
export type MonobankWebhook = z.infer<typeof monobankWebhook>;

export const sandboxParams = z.object({ invoiceId: z.string().regex(/^[0-9A-Za-z_-]{1,100}$/, 'Not found.') });

export const paymentErrors = {
  400: badRequestError,
  401: detailError,
  422: detailError,
  429: detailError,
  502: detailError,
  503: detailError,
};
