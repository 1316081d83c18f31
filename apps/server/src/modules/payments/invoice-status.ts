import { type InvoiceStatus, invoiceStatuses } from '@kram/contract/payments';

/** Monobank's stages before an invoice settles, in the order they come. */
const stages: readonly InvoiceStatus[] = ['created', 'processing', 'hold'];

/** Statuses after which an invoice does not change on its own (a success may still be reversed). */
export const finalInvoiceStatuses: ReadonlySet<InvoiceStatus> = new Set(['success', 'failure', 'expired', 'reversed']);

/**
 * The statuses an invoice may move to `to` from. Stages only go forward; any stage may settle as
 * success, failure or expired; a settled invoice stays as it is, except that a success may be
 * reversed (a refund). So a late `failure` or `processing` never undoes a success.
 */
export function invoiceStatusesBefore(to: InvoiceStatus): InvoiceStatus[] {
  if (to === 'reversed') return ['success'];
  const stage = stages.indexOf(to);
  if (stage >= 0) return stages.slice(0, stage);
  return [...stages];
}

/** Every allowed move, for the tests and the decision record. */
export const invoiceTransitions = Object.fromEntries(
  invoiceStatuses.map((from) => [from, invoiceStatuses.filter((to) => invoiceStatusesBefore(to).includes(from))]),
) as Record<InvoiceStatus, InvoiceStatus[]>;
