import type { AdminReturn } from '@kram/contract/admin-returns';
import { formatMoney } from '@kram/contract/money';
import { orderNumber } from '@kram/contract/orders';
import { type ReturnStatus, type ReturnView, returnNumber } from '@kram/contract/returns';
import type { OrderRecord } from '../orders/index.ts';
import { paidPrices } from '../payments/index.ts';
import { type PaidLine, pricedReturns, type RefundedLine, shownUnit } from './return-amounts.ts';
import type { ReturnRecord } from './returns.repository.ts';

/** An order as returns read it: its lines as ordered, payment, amount, buyer and language (the orders module's). */
export type ReturnOrder = OrderRecord;

/** The order's lines with what each unit was paid. */
export function paidLines(order: Pick<ReturnOrder, 'amount' | 'lines'>): PaidLine[] {
  const paid = paidPrices({ amount: order.amount, lines: order.lines });
  return order.lines.map((line, i) => ({
    position: line.position,
    quantity: line.quantity,
    unit: paid[i]?.unit ?? 0,
    dearer: paid[i]?.dearer ?? 0,
  }));
}

/** Every return of the order priced (they are given oldest first): what each of their lines gives back. */
export const pricedOf = (order: ReturnOrder, returns: readonly ReturnRecord[]) =>
  pricedReturns(paidLines(order), returns);

/** Whether the goods came back and their refund is later than the terms allow. */
export const isOverdue = (r: Pick<ReturnRecord, 'status' | 'refundDueAt'>, now = new Date()) =>
  r.status === 'received' && r.refundDueAt !== null && r.refundDueAt.getTime() < now.getTime();

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** One return as its buyer sees it, its lines named as the order named them. */
export function toReturnView(
  r: ReturnRecord,
  order: ReturnOrder,
  lines: readonly RefundedLine[],
  shopAddress: string,
): ReturnView {
  const byPosition = new Map(order.lines.map((l) => [l.position, l]));
  return {
    id: r.id,
    number: returnNumber(r.id),
    order_id: r.orderId,
    status: r.status,
    lines: lines.map((line) => {
      const ordered = byPosition.get(line.position);
      return {
        position: line.position,
        name: ordered?.name ?? '',
        name_ru: ordered?.nameRu || ordered?.name || '',
        size: ordered?.size?.name ?? null,
        color: ordered?.color?.name ?? null,
        color_ru: ordered?.color ? ordered.color.name_ru || ordered.color.name : null,
        quantity: line.quantity,
        unit_refund: formatMoney(shownUnit(line)),
        total: formatMoney(line.total),
      };
    }),
    reason: r.reason,
    shipping: r.shipping,
    refund_amount: r.refundAmount,
    refund_method: r.refundMethod,
    refusal_reason: r.refusalReason,
    refusal_note: r.refusalNote,
    shop_address: shopAddress,
    refund_due_at: iso(r.refundDueAt),
    created_at: r.createdAt.toISOString(),
    steps: r.steps.map((step) => ({ status: step.status as ReturnStatus, at: step.at })),
  };
}

/** One return as the back office sees it: the buyer's view with the order, the buyer, the account and the refund. */
export function toAdminReturn(
  r: ReturnRecord,
  order: ReturnOrder,
  lines: readonly RefundedLine[],
  shopAddress: string,
  receiptId: string | undefined,
): AdminReturn {
  const refunded = r.bankStatus !== null || r.refundReference !== null || r.refundedAt !== null;
  return {
    ...toReturnView(r, order, lines, shopAddress),
    order_number: orderNumber(order.id),
    order_status: order.status,
    payment_method: order.paymentMethod,
    customer: {
      name: `${order.firstName} ${order.lastName}`.trim(),
      email: order.email,
      phone: order.phoneNumber,
    },
    iban: r.iban,
    account_holder: r.accountHolder,
    refund: refunded
      ? {
          method: r.refundMethod,
          bank_status: r.bankStatus,
          bank_answer: r.bankAnswer,
          reference: r.refundReference,
          at: iso(r.refundedAt),
        }
      : null,
    receipt_id: receiptId ?? null,
    overdue: isOverdue(r),
  };
}
