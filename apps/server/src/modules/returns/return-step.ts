import type { AdminReturn } from '@kram/contract/admin-returns';
import { type ReturnStatus, returnMessages, returnTransitions } from '@kram/contract/returns';
import type { Executor } from '../../db/client.ts';
import { Conflict, noMatch } from '../../lib/domain-errors.ts';
import type { AuditActor, AuditLog } from '../audit/index.ts';
import type { RefundedLine } from './return-amounts.ts';
import { pricedOf, type ReturnOrder, toAdminReturn } from './return-views.ts';
import type { ReturnChange, ReturnRecord, ReturnsRepository } from './returns.repository.ts';
import type { ReturnMailOutbox, ReturnOrders } from './returns.service.ts';
import { returnStepMails } from './returns-mail.ts';

/**
 * The return receipt of a refund (the fiscal module's, which decides whether one is issued): written in
 * the refund's transaction, its id answered; the receipt issued for a return, if any.
 */
export interface ReturnReceipts {
  returnReceipt(
    refund: {
      orderId: string;
      returnId: string;
      /** `code` is the line's SKU, or its product's id when it has none; `unitPrice` in kopiyky. */
      lines: { code: string; name: string; unitPrice: number; quantity: number }[];
      email: string | null;
    },
    tx: Executor,
  ): Promise<string | undefined>;
  returnReceiptOf(returnId: string): Promise<string | undefined>;
}

/** No fiscal receipts: a refund issues none, and no return has one. */
export const noReturnReceipts: ReturnReceipts = {
  returnReceipt: async () => undefined,
  returnReceiptOf: async () => undefined,
};

export interface StepDeps {
  repo: ReturnsRepository;
  orders: ReturnOrders;
  outbox: ReturnMailOutbox;
  audit: Pick<AuditLog, 'record'>;
  receipts: ReturnReceipts;
  /** Where goods sent back to the shop go; empty when not set. */
  shopAddress: () => Promise<string>;
}

const verbs: Record<ReturnStatus, string> = {
  requested: 'request',
  accepted: 'accept',
  refused: 'refuse',
  received: 'receive',
  refunded: 'refund',
};

/** The return, its order and what each of its lines gives back, read in `executor`'s transaction when given. */
export async function returnWhole(deps: Pick<StepDeps, 'repo' | 'orders'>, r: ReturnRecord, executor?: Executor) {
  const order = await deps.orders.byId(r.orderId, executor);
  if (!order) throw new Error(`return ${r.id} without its order`);
  const returns = await deps.repo.ofOrder(r.orderId, executor);
  return { order, lines: pricedOf(order, returns).get(r.id) ?? [] };
}

/** The return, locked until `tx` ends; not found is a 404. */
export async function lockReturn(repo: ReturnsRepository, id: string, tx: Executor): Promise<ReturnRecord> {
  const r = await repo.lock(id, tx);
  if (!r) throw noMatch('Return');
  return r;
}

/** Refuses a step the return's status does not allow (returnTransitions). */
export function assertStep(r: ReturnRecord, to: ReturnStatus): void {
  if (!returnTransitions[r.status].includes(to)) throw new Conflict(returnMessages.wrongStep);
}

/**
 * Takes step `to` of the locked return `r` in `tx`: its change, the step in its history (at `at`),
 * the audit entry by `actor`, and the buyer's mail saying what happens next. Answers the return, its
 * order and lines as they are after it.
 */
export async function takeStep(
  deps: StepDeps,
  tx: Executor,
  step: {
    r: ReturnRecord;
    to: ReturnStatus;
    change: ReturnChange;
    actor: AuditActor;
    at: Date;
    shopAddress: string;
    /** Kept in the audit entry beside the new status. */
    noted?: Record<string, unknown>;
  },
): Promise<{ after: ReturnRecord; order: ReturnOrder; lines: RefundedLine[] }> {
  const { r, to, actor, at } = step;
  assertStep(r, to);
  await deps.repo.update(r.id, { ...step.change, status: to }, tx, { status: to, at });
  const after = await deps.repo.byId(r.id, tx);
  if (!after) throw new Error(`return ${r.id} vanished in its own transaction`);
  const { order, lines } = await returnWhole(deps, after, tx);
  await deps.audit.record(tx, actor, {
    action: `return.${verbs[to]}`,
    entity: 'return',
    entityId: r.id,
    before: { status: r.status },
    after: { status: to, ...step.noted },
  });
  await deps.outbox.enqueue(returnStepMails({ request: after, order, lines, shopAddress: step.shopAddress }), tx);
  return { after, order, lines };
}

/** One return as the back office shows it, read after its change was committed. */
export async function adminView(deps: StepDeps, id: string, shopAddress?: string): Promise<AdminReturn> {
  const r = await deps.repo.byId(id);
  if (!r) throw noMatch('Return');
  const [{ order, lines }, address, receiptId] = await Promise.all([
    returnWhole(deps, r),
    shopAddress === undefined ? deps.shopAddress() : Promise.resolve(shopAddress),
    deps.receipts.returnReceiptOf(r.id),
  ]);
  return toAdminReturn(r, order, lines, address, receiptId);
}
