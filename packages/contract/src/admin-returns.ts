import { z } from 'zod';
import { listQuery, queryFlag, queryText } from './admin.ts';
import { money, optionalQuery } from './common.ts';
import { refusalReasons, returnStatuses, returnView } from './returns.ts';

/** The back office's returns: the list, one return whole, and its steps (accept, refuse, receive, refund). */

export const adminReturn = returnView
  .extend({
    order_number: z.string(),
    order_status: z.string(),
    payment_method: z.string(),
    customer: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
    iban: z.string().nullable(),
    account_holder: z.string().nullable(),
    /** How the refund was made: the bank's answer for a card, the transfer's reference for cash. */
    refund: z
      .object({
        method: z.string(),
        /** The bank's status of the refund (Monobank: processing, success, failure); null for a transfer. */
        bank_status: z.string().nullable(),
        /** The bank's last answer or refusal, as it gave it. */
        bank_answer: z.string().nullable(),
        reference: z.string().nullable(),
        at: z.string().nullable(),
      })
      .nullable(),
    /** The return receipt issued for the refund; null when none is (a cash-on-delivery order's). */
    receipt_id: z.uuid().nullable(),
    /** Received and not refunded within 7 days. */
    overdue: z.boolean(),
  })
  .meta({ id: 'AdminReturn' });
export type AdminReturn = z.infer<typeof adminReturn>;

export const adminReturnsQuery = listQuery(['created_at', 'status', 'refund_due_at'] as const, {
  status: optionalQuery(z.enum(returnStatuses)),
  overdue: queryFlag,
  order_id: optionalQuery(z.uuid()),
  q: queryText(),
});

export const acceptReturnBody = z.strictObject({ note: z.string().trim().max(2000).optional() });
export const refuseReturnBody = z
  .strictObject({ reason: z.enum(refusalReasons), note: z.string().trim().max(2000).optional() })
  .meta({ id: 'AdminReturnRefusal' });
export const receiveReturnBody = z.strictObject({ note: z.string().trim().max(2000).optional() });
/** The refund: a card order's goes to the bank; a cash order's is a transfer the manager made, named by its reference. */
export const refundReturnBody = z
  .strictObject({ reference: z.string().trim().max(200).optional() })
  .meta({ id: 'AdminReturnRefund' });

/** `GET /api/admin/returns/alerts/`: the dashboard's counts. */
export const returnAlerts = z
  .object({
    /** Requests waiting for an answer. */
    requested: z.number().int(),
    /** Goods received and not refunded within 7 days. */
    refund_overdue: z.number().int(),
    /** Goods received, refund not made yet (due soon or overdue). */
    awaiting_refund: z.number().int(),
    refund_overdue_sum: money,
  })
  .meta({ id: 'AdminReturnAlerts' });
