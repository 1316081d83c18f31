import crypto from 'node:crypto';
import type { Language } from '@kram/contract/languages';
import { formatMoney, sumMoney } from '@kram/contract/money';
import {
  normalIban,
  type OrderReturns,
  type ReturnRequestBody,
  type ReturnView,
  returnMessages,
  returnWindowDays,
} from '@kram/contract/returns';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import type { OutboxMail } from '../../infra/mail/outbox.repository.ts';
import { Conflict, type FieldMessages, InvalidInput, noMatch } from '../../lib/domain-errors.ts';
import { askedSoFar, refundedLine } from './return-amounts.ts';
import { paidLines, pricedOf, type ReturnOrder, toReturnView } from './return-views.ts';
import type { ReturnRecord, ReturnsRepository } from './returns.repository.ts';
import { returnRequestedShopMail, returnStepMails } from './returns-mail.ts';

/** What returns need of orders (the orders module's API). */
export interface ReturnOrders {
  /** One order whole, read in `executor`'s transaction when given. */
  byId(orderId: string, executor?: Executor): Promise<ReturnOrder | undefined>;
  byIds(orderIds: string[]): Promise<ReturnOrder[]>;
  /** The order, locked until `tx` ends. */
  lock(orderId: string, tx: Executor): Promise<ReturnOrder | undefined>;
  /** Rows whose order `q` finds (the order list's search), given the column of their order's id. */
  searchCondition(q: string, orderId: AnyPgColumn): SQL;
}

/** Where a return's mails go: written in the transaction of the step, sent by the outbox's worker. */
export interface ReturnMailOutbox {
  enqueue(mails: readonly OutboxMail[], tx: Executor): Promise<number>;
  /** A mail was committed: send it now. */
  wake(): void;
}

export interface ReturnsServiceDeps {
  repo: ReturnsRepository;
  orders: ReturnOrders;
  outbox: ReturnMailOutbox;
  /** Where the shop's copy of a new request goes. */
  shopEmail: string;
  /** Where goods sent back to the shop go (the shop as the carrier's sender); empty when not set. */
  shopAddress: () => Promise<string>;
}

const dayMs = 24 * 60 * 60 * 1000;

/** Statuses in which the buyer has the order's goods. */
const receivedStatuses: ReadonlySet<string> = new Set(['delivered', 'completed']);

/** The last moment a return of the order may be asked for: 14 days after it was received. */
export const returnDeadline = (order: Pick<ReturnOrder, 'receivedAt'>) =>
  order.receivedAt ? new Date(order.receivedAt.getTime() + returnWindowDays * dayMs) : null;

/** Units of each line not asked back yet by a request that was not refused, by position. */
export function returnableUnits(order: ReturnOrder, returns: readonly ReturnRecord[]): Map<number, number> {
  const asked = askedSoFar(returns.filter((r) => r.status !== 'refused'));
  return new Map(order.lines.map((l) => [l.position, Math.max(0, l.quantity - (asked.get(l.position) ?? 0))]));
}

/** Why a return of the order cannot be asked for now, or null when it can. */
function whyNot(order: ReturnOrder, returnable: Map<number, number>, now: Date): OrderReturns['why_not'] {
  const everything = ![...returnable.values()].some((n) => n > 0);
  // An order returned as a whole after it was received has nothing left to give back.
  if (order.status === 'returned' && order.receivedAt) return 'nothing_left';
  if (!receivedStatuses.has(order.status) || !order.receivedAt) return 'not_received';
  if (now.getTime() > (returnDeadline(order)?.getTime() ?? 0)) return 'deadline_passed';
  return everything ? 'nothing_left' : null;
}

const refusals = {
  not_received: returnMessages.notReceived,
  deadline_passed: returnMessages.deadlinePassed,
  nothing_left: returnMessages.nothingLeft,
} as const;

/** The lines asked for, checked against what is left of the order to return; their errors by field. */
function checkLines(body: ReturnRequestBody, returnable: Map<number, number>): FieldMessages {
  const errors: FieldMessages = {};
  const seen = new Set<number>();
  for (const [i, line] of body.lines.entries()) {
    const left = returnable.get(line.position);
    if (left === undefined) errors[`lines.${i}.position`] = [returnMessages.lineUnknown];
    else if (seen.has(line.position)) errors[`lines.${i}.position`] = [returnMessages.lineTwice];
    else if (line.quantity > left) errors[`lines.${i}.quantity`] = [returnMessages.tooMany];
    seen.add(line.position);
  }
  return errors;
}

/**
 * The buyer's side of returns: what of an order may be returned and its returns so far, and a new
 * request, for whoever holds the order's id (an unguessable UUID), guests too.
 */
export function returnsService({ repo, orders, outbox, shopEmail, shopAddress }: ReturnsServiceDeps) {
  return {
    async orderReturns(orderId: string): Promise<OrderReturns> {
      const order = await orders.byId(orderId.toLowerCase());
      if (!order) throw noMatch('Order');
      const returns = await repo.ofOrder(order.id);
      const returnable = returnableUnits(order, returns);
      const priced = pricedOf(order, returns);
      const asked = askedSoFar(returns);
      const paid = new Map(paidLines(order).map((l) => [l.position, l]));
      const address = await shopAddress();
      const deadline = returnDeadline(order);
      return {
        order_id: order.id,
        can_request: whyNot(order, returnable, new Date()) === null,
        why_not: whyNot(order, returnable, new Date()),
        deadline: deadline?.toISOString() ?? null,
        needs_iban: order.paymentMethod !== 'card',
        lines: order.lines.map((line) => {
          const price = paid.get(line.position);
          // What the next unit asked back gives: the dearer units go first.
          const next = price ? refundedLine(price, asked.get(line.position) ?? 0, 1).total : 0;
          return {
            position: line.position,
            name: line.name,
            name_ru: line.nameRu || line.name,
            size: line.size?.name ?? null,
            color: line.color?.name ?? null,
            color_ru: line.color ? line.color.name_ru || line.color.name : null,
            quantity: line.quantity,
            returnable: returnable.get(line.position) ?? 0,
            unit_refund: formatMoney(next),
          };
        }),
        returns: returns.map((r) => toReturnView(r, order, priced.get(r.id) ?? [], address)),
      };
    },

    /**
     * A buyer's request to return some of the order's goods: refused (409) unless the order was
     * received no more than 14 days ago and has units left to return; the lines, the reason and, for
     * an order not paid by card, the account the money goes to are checked (400). Written with its
     * mails (the buyer's, the shop's copy) under the order's lock, so two requests at once count what
     * is left one after the other.
     */
    async request(orderId: string, body: ReturnRequestBody, language: Language): Promise<ReturnView> {
      const address = await shopAddress();
      const view = await repo.transaction(async (tx) => {
        const order = await orders.lock(orderId.toLowerCase(), tx);
        if (!order) throw noMatch('Order');
        const returns = await repo.ofOrder(order.id, tx);
        const returnable = returnableUnits(order, returns);
        const why = whyNot(order, returnable, new Date());
        if (why) throw new Conflict(refusals[why]);

        const errors = checkLines(body, returnable);
        const byCard = order.paymentMethod === 'card';
        const iban = body.iban?.trim() ? normalIban(body.iban) : undefined;
        const holder = body.account_holder?.trim() || undefined;
        if (!byCard && !iban) errors.iban = [returnMessages.ibanRequired];
        if (!byCard && iban && !holder) errors.account_holder = [returnMessages.holderRequired];
        if (Object.keys(errors).length > 0) throw new InvalidInput(errors);

        const asked = askedSoFar(returns);
        const paid = new Map(paidLines(order).map((l) => [l.position, l]));
        const lines = [...body.lines]
          .sort((a, b) => a.position - b.position)
          .map((line) => {
            const price = paid.get(line.position);
            if (!price) throw new Error(`order line ${line.position} has no price`);
            return refundedLine(price, asked.get(line.position) ?? 0, line.quantity);
          });
        const created = await repo.create(
          {
            id: crypto.randomUUID(),
            orderId: order.id,
            reason: body.reason,
            shipping: body.shipping,
            language,
            iban: byCard ? null : (iban ?? null),
            accountHolder: byCard ? null : (holder ?? null),
            refundAmount: formatMoney(sumMoney(lines.map((l) => l.total))),
            refundMethod: byCard ? 'card' : 'bank_transfer',
          },
          lines.map((l) => ({
            position: l.position,
            quantity: l.quantity,
            unitRefund: formatMoney(Math.round(l.total / l.quantity)),
          })),
          tx,
        );
        const input = { request: created, order, lines, shopAddress: address };
        await outbox.enqueue([...returnStepMails(input), returnRequestedShopMail(input, shopEmail)], tx);
        return toReturnView(created, order, lines, address);
      });
      outbox.wake();
      return view;
    },
  };
}

export type ReturnsService = ReturnType<typeof returnsService>;
