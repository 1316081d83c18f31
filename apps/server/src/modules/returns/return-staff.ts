import type { AdminReturn, adminReturnsQuery } from '@kram/contract/admin-returns';
import { type RefusalReason, refundWindowDays } from '@kram/contract/returns';
import type { z } from 'zod';
import type { AuditActor } from '../audit/index.ts';
import { adminView, lockReturn, type StepDeps, takeStep } from './return-step.ts';
import { pricedOf, toAdminReturn } from './return-views.ts';
import type { ReturnRecord } from './returns.repository.ts';

export type AdminReturnsQuery = z.infer<typeof adminReturnsQuery>;

const dayMs = 24 * 60 * 60 * 1000;

/**
 * The back office's returns: the list, one return whole, the dashboard's counts, and the steps before
 * the refund (accept, refuse with one of the terms' reasons, receive the goods). Each step is one
 * transaction under the return's lock, with its audit entry and the buyer's mail; the mail worker is
 * woken after the commit.
 */
export function staffReturns(deps: StepDeps) {
  const { repo, orders, outbox, receipts } = deps;

  async function step(
    id: string,
    actor: AuditActor,
    to: 'accepted' | 'refused' | 'received',
    change: (at: Date) => Parameters<typeof takeStep>[2]['change'],
    noted: Record<string, unknown>,
  ): Promise<AdminReturn> {
    const shopAddress = await deps.shopAddress();
    await repo.transaction(async (tx) => {
      const r = await lockReturn(repo, id, tx);
      const at = new Date();
      await takeStep(deps, tx, { r, to, change: change(at), actor, at, shopAddress, noted });
    });
    outbox.wake();
    return adminView(deps, id, shopAddress);
  }

  return {
    async list(query: AdminReturnsQuery): Promise<{ count: number; results: AdminReturn[] }> {
      const q = query.q;
      const { count, rows } = await repo.list({
        status: query.status,
        overdue: query.overdue,
        orderId: query.order_id,
        orderSearch: q ? (orderId) => orders.searchCondition(q, orderId) : undefined,
        sort: query.sort,
        order: query.order,
        page: query.page,
        pageSize: query.page_size,
      });
      const orderIds = [...new Set(rows.map((r) => r.orderId))];
      const [found, address, receiptIds] = await Promise.all([
        orders.byIds(orderIds),
        deps.shopAddress(),
        Promise.all(rows.map((r) => receipts.returnReceiptOf(r.id))),
      ]);
      const byOrder = new Map(found.map((o) => [o.id, o]));
      // Each return is priced among all of its order's returns (the earlier ones took the dearer units).
      const siblings = new Map<string, ReturnRecord[]>();
      for (const orderId of orderIds) siblings.set(orderId, await repo.ofOrder(orderId));
      const results = rows.flatMap((r, i) => {
        const order = byOrder.get(r.orderId);
        if (!order) return [];
        const lines = pricedOf(order, siblings.get(r.orderId) ?? []).get(r.id) ?? [];
        return [toAdminReturn(r, order, lines, address, receiptIds[i])];
      });
      return { count, results };
    },

    one: (id: string) => adminView(deps, id),

    async alerts() {
      const counts = await repo.alerts();
      return {
        requested: counts.requested,
        refund_overdue: counts.overdue,
        awaiting_refund: counts.received,
        refund_overdue_sum: counts.overdueSum,
      };
    },

    /** The shop agrees to take the goods back; the buyer is told where to send them. */
    accept: (id: string, body: { note?: string }, actor: AuditActor) =>
      step(id, actor, 'accepted', () => ({}), body.note ? { note: body.note } : {}),

    /** The shop refuses the return for one of the terms' reasons, which the buyer's mail gives. */
    refuse: (id: string, body: { reason: RefusalReason; note?: string }, actor: AuditActor) =>
      step(id, actor, 'refused', () => ({ refusalReason: body.reason, refusalNote: body.note || null }), {
        reason: body.reason,
        ...(body.note ? { note: body.note } : {}),
      }),

    /** The goods came back: the refund is due within 7 days from now, and the buyer is told by when. */
    receive: (id: string, body: { note?: string }, actor: AuditActor) =>
      step(
        id,
        actor,
        'received',
        (at) => ({ receivedAt: at, refundDueAt: new Date(at.getTime() + refundWindowDays * dayMs) }),
        body.note ? { note: body.note } : {},
      ),
  };
}

export type StaffReturns = ReturnType<typeof staffReturns>;
