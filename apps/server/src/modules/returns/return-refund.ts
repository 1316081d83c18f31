import type { AdminReturn } from '@kram/contract/admin-returns';
import { parseMoney } from '@kram/contract/money';
import { returnMessages } from '@kram/contract/returns';
import type { Executor } from '../../db/client.ts';
import { Conflict, InvalidInput, said, UpstreamFailed } from '../../lib/domain-errors.ts';
import type { AuditActor } from '../audit/index.ts';
import type { CancelItem, RefundOutcome, RefundRequest } from '../payments/index.ts';
import { type RefundedLine, refundGoods } from './return-amounts.ts';
import { adminView, assertStep, lockReturn, returnWhole, type StepDeps, takeStep } from './return-step.ts';
import type { ReturnOrder } from './return-views.ts';
import type { ReturnChange, ReturnRecord } from './returns.repository.ts';

/** What refunds need of card payments (the payments module's API). */
export interface ReturnPayments {
  assertRefundable(orderId: string): Promise<void>;
  refund(orderId: string, request: RefundRequest): Promise<RefundOutcome>;
  findRefund(orderId: string, request: RefundRequest): Promise<RefundOutcome | undefined>;
}

/** What refunds need of stock (the catalogue's): the units that came back go back on sale. */
export interface ReturnStock {
  returnUnits(
    orderId: string,
    units: readonly { productId: number; sizeId: number | null; colorId: number | null; quantity: number }[],
    tx: Executor,
    actor: AuditActor,
  ): Promise<void>;
}

export interface RefundDeps extends StepDeps {
  payments: ReturnPayments;
  stock: ReturnStock;
}

/**
 * How long a refund sent to the bank may still be on its way: longer than the card provider's call
 * can take. Within it, a refund the bank does not know yet may be in flight, and is not sent again.
 */
const inFlightMs = 60_000;

/** The bank's word on a refund, as the return records it. */
const bankStatusOf = (outcome: RefundOutcome) => (outcome.outcome === 'refused' ? 'failure' : outcome.outcome);

const codeOf = (line: ReturnOrder['lines'][number]) => line.sku || String(line.productId ?? '');

/** The goods refunded as the bank and the return receipt list them: a line with dearer units as two. */
function refundedGoods(order: ReturnOrder, lines: readonly RefundedLine[]) {
  const byPosition = new Map(order.lines.map((l) => [l.position, l]));
  return lines.flatMap((line) => {
    const ordered = byPosition.get(line.position);
    if (!ordered) return [];
    return refundGoods(line, (quantity, price) => ({ code: codeOf(ordered), name: ordered.name, price, quantity }));
  });
}

/**
 * The refund of a return whose goods came back: a card payment's through the bank, a cash one's as
 * the transfer the manager made (its reference kept). Only on success is the return refunded, in one
 * transaction under its lock: its step, the units back in stock, the return receipt, the audit entry
 * and the buyer's mail.
 *
 * The bank is asked outside any transaction, and its answer may be lost. So before a card refund is
 * sent, the return is marked `processing` (committed); the bank keeps the refund under the return's id
 * (extRef). A press that finds the mark asks the bank for the refund with that id first, and sends it
 * only when the bank has none and the earlier call cannot still be on its way: a refund is never sent
 * twice. A refusal is recorded (bank status and answer) and nothing else changes; no answer at all
 * leaves the mark, and the next press finds out what the bank did.
 */
export function refundReturn(deps: RefundDeps) {
  const { repo, payments, stock, receipts, outbox } = deps;

  /** The refund's success, in `tx`: the step, stock, the receipt (with the step's audit entry and mail). */
  async function refunded(
    tx: Executor,
    r: ReturnRecord,
    change: ReturnChange,
    actor: AuditActor,
    shopAddress: string,
  ): Promise<void> {
    const at = new Date();
    const noted = {
      amount: r.refundAmount,
      method: r.refundMethod,
      ...(change.bankStatus ? { bank_status: change.bankStatus } : {}),
      ...(change.refundReference ? { reference: change.refundReference } : {}),
    };
    const { order, lines } = await takeStep(deps, tx, {
      r,
      to: 'refunded',
      change: { ...change, refundedAt: at },
      actor,
      at,
      shopAddress,
      noted,
    });
    const byPosition = new Map(order.lines.map((l) => [l.position, l]));
    const units = lines.flatMap((line) => {
      const ordered = byPosition.get(line.position);
      if (!ordered || ordered.productId === null) return [];
      return [
        {
          productId: ordered.productId,
          sizeId: ordered.size?.id ?? null,
          colorId: ordered.color?.id ?? null,
          quantity: line.quantity,
        },
      ];
    });
    await stock.returnUnits(order.id, units, tx, actor);
    await receipts.returnReceipt(
      {
        orderId: order.id,
        returnId: r.id,
        lines: refundedGoods(order, lines).map((g) => ({
          code: g.code,
          name: g.name,
          unitPrice: g.price,
          quantity: g.quantity,
        })),
        email: order.email || null,
      },
      tx,
    );
  }

  /** Records the bank's outcome under the return's lock; a success refunds it. */
  async function record(id: string, outcome: RefundOutcome, actor: AuditActor, shopAddress: string) {
    await repo.transaction(async (tx) => {
      const r = await lockReturn(repo, id, tx);
      // Another press finished it meanwhile: the bank's answer is the same refund's.
      if (r.status !== 'received') return;
      const bank = { bankStatus: bankStatusOf(outcome), bankAnswer: outcome.answer };
      if (outcome.outcome === 'success') await refunded(tx, r, bank, actor, shopAddress);
      else await repo.update(r.id, bank, tx);
    });
    outbox.wake();
    if (outcome.outcome === 'refused') {
      const text = `${returnMessages.bankRefused} ${outcome.text}`;
      throw new Conflict(said('return.bank_refused', text, { bank: outcome.text }));
    }
  }

  /** The bank's silence, in the shop's words: the mark stays and the next press asks the bank first. */
  async function bankCall<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof UpstreamFailed) throw new UpstreamFailed(returnMessages.bankDown);
      throw error;
    }
  }

  return async function refund(id: string, body: { reference?: string }, actor: AuditActor): Promise<AdminReturn> {
    const shopAddress = await deps.shopAddress();
    // Whether the bank can be asked for a new refund at all (card payment configured, a paid invoice),
    // before anything is marked. One sent before is looked up whatever the invoice says now (a whole
    // refund's webhook may have reversed it already).
    const before = await repo.byId(id);
    if (before?.refundMethod === 'card' && before.status === 'received' && before.bankStatus !== 'processing') {
      await payments.assertRefundable(before.orderId);
    }

    const plan = await repo.transaction(async (tx) => {
      const r = await lockReturn(repo, id, tx);
      assertStep(r, 'refunded');
      if (r.refundMethod === 'bank_transfer') {
        const reference = body.reference?.trim();
        if (!reference) throw new InvalidInput({ reference: [returnMessages.referenceRequired] });
        await refunded(tx, r, { refundReference: reference }, actor, shopAddress);
        return undefined;
      }
      const { order, lines } = await returnWhole(deps, r, tx);
      const request: RefundRequest = {
        amount: parseMoney(r.refundAmount),
        reference: r.id,
        items: refundedGoods(order, lines).map(
          (g): CancelItem => ({ name: g.name, qty: g.quantity, sum: g.price, code: g.code }),
        ),
      };
      // Nothing was paid for these goods (a discount took it all): nothing to ask the bank for.
      if (request.amount === 0) {
        await refunded(tx, r, {}, actor, shopAddress);
        return undefined;
      }
      if (r.bankStatus === 'processing') {
        return { orderId: r.orderId, request, sent: true as const, markedAt: r.updatedAt };
      }
      // Marked under the lock: a second press at the same time finds the mark and does not send again.
      await repo.update(r.id, { bankStatus: 'processing' }, tx);
      return { orderId: r.orderId, request, sent: false as const };
    });
    if (!plan) {
      outbox.wake();
      return adminView(deps, id, shopAddress);
    }

    const { orderId, request } = plan;
    let outcome: RefundOutcome | undefined;
    if (plan.sent) {
      // The bank may have the refund from an earlier press whose answer was lost: it is asked first.
      outcome = await bankCall(() => payments.findRefund(orderId, request));
      if (!outcome) {
        // Unknown to the bank: sent again only once the earlier call cannot still be on its way, and
        // only by the press that renews the mark it found.
        const markedAt = plan.markedAt.getTime();
        if (Date.now() - markedAt < inFlightMs) throw new UpstreamFailed(returnMessages.bankDown);
        const renewed = await repo.transaction(async (tx) => {
          const r = await lockReturn(repo, id, tx);
          assertStep(r, 'refunded');
          if (r.bankStatus !== 'processing' || r.updatedAt.getTime() !== markedAt) return false;
          await repo.update(r.id, { bankStatus: 'processing' }, tx);
          return true;
        });
        if (!renewed) throw new UpstreamFailed(returnMessages.bankDown);
      }
    }
    outcome ??= await bankCall(() => payments.refund(orderId, request));
    await record(id, outcome, actor, shopAddress);
    return adminView(deps, id, shopAddress);
  };
}
