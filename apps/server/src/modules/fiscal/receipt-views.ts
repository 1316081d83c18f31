import type { AdminReceipt, AdminShift } from '@kram/contract/admin-fiscal';
import type { OrderReceipt } from '@kram/contract/fiscal';
import { formatMoney } from '@kram/contract/money';
import { orderNumber } from '@kram/contract/orders';
import type { ListedReceipt } from './receipts.repository.ts';
import type { ShiftRow } from './shifts.repository.ts';

/** Where a receipt is shown: the register's page, and the shop's own address of its PDF. */
export interface ReceiptLinks {
  pageUrl(id: string): string | undefined;
  pdfUrl(orderId: string, id: string): string;
}

/** The shop's address of a receipt's PDF (it asks the register for the file). */
export const receiptPdfPath = (orderId: string, id: string) =>
  `/receipt/${encodeURIComponent(orderId)}/${encodeURIComponent(id)}/pdf`;

/** One receipt as the buyer sees it: links only once it is fiscalised. */
export function orderReceiptView(row: ListedReceipt, links: ReceiptLinks): OrderReceipt {
  const done = row.status === 'done';
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    amount: row.amount,
    fiscal_code: row.fiscalCode,
    page_url: done ? (links.pageUrl(row.id) ?? null) : null,
    pdf_url: done ? links.pdfUrl(row.orderId, row.id) : null,
    issued_at: row.issuedAt?.toISOString() ?? null,
  };
}

/** One receipt as the back office sees it: with its attempts, the register's last refusal and whether it is late. */
export function adminReceiptView(row: ListedReceipt, links: ReceiptLinks): AdminReceipt {
  const unissued = row.status === 'pending' || row.status === 'issuing';
  return {
    ...orderReceiptView(row, links),
    order_id: row.orderId,
    order_number: orderNumber(row.orderId),
    source: row.source,
    payment_type: row.paymentType,
    serial: row.serial,
    return_id: row.returnId,
    attempts: row.attempts,
    last_error: row.lastError,
    next_attempt_at: unissued ? row.nextAttemptAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    overdue: Boolean(row.overdue),
  };
}

const count = (value: unknown): number => (typeof value === 'number' && Number.isSafeInteger(value) ? value : 0);

/** The totals of a Z-report as the register words it: receipts counted, sums in kopiyky per payment type. */
export function zTotals(report: Record<string, unknown>): NonNullable<AdminShift['z_report']> {
  const payments = Array.isArray(report.payments) ? (report.payments as Record<string, unknown>[]) : [];
  const sum = (key: string) => payments.reduce((total, p) => total + count(p?.[key]), 0);
  return {
    sell_receipts: count(report.sell_receipts_count),
    return_receipts: count(report.return_receipts_count),
    sell_sum: formatMoney(sum('sell_sum')),
    return_sum: formatMoney(sum('return_sum')),
  };
}

export function shiftView(row: ShiftRow): AdminShift {
  return {
    id: row.id,
    serial: row.serial,
    status: row.status,
    opened_at: row.openedAt?.toISOString() ?? null,
    closed_at: row.closedAt?.toISOString() ?? null,
    z_report: row.zReport ? zTotals(row.zReport) : null,
  };
}
