import crypto from 'node:crypto';
import { adminOrderCodes, adminOrderMessages } from '@kram/contract/admin-orders';
import { formatMoney, type Kopiyky, normalizeMoney, parseMoney, sumMoney } from '@kram/contract/money';
import { type OrderStatus, orderTransitions } from '@kram/contract/orders';
import type { CardProvider, InvoiceStatus } from '@kram/contract/payments';
import type { Executor } from '../../db/client.ts';
import { Conflict, InvalidInput, NotFound, noMatch } from '../../lib/domain-errors.ts';
import type { StaffMember } from '../accounts/index.ts';
import type { AuditActor, Change } from '../audit/index.ts';
import type { OrderEventMap, OrderEvents } from './order-events.ts';
import type { OrderLineRow, OrderNoteRow, OrderRecord, OrdersRepository } from './orders.repository.ts';

/** Where each change is recorded, in the change's own transaction (the back office's audit log). */
export interface ChangeLog {
  record(tx: Executor, actor: AuditActor, change: Change): Promise<void>;
}

/** A move of an order the shop makes on a carrier's news, in the caller's transaction. */
export interface CarrierMove {
  /** The statuses to pass through in turn; those the order is in or past already are skipped. */
  path: readonly OrderStatus[];
  /** Who reported it, as the audit log names it ("Нова Пошта"). */
  reportedBy: string;
  /** The statuses whose mail the caller writes itself (the parcel's news, with the waybill). */
  mailedByCaller: readonly OrderStatus[];
  /** Kept in the audit entry: what the carrier said. */
  note: Record<string, unknown>;
}

/** An order's card invoice as orders read it (kept by the payments module). */
export interface OrderInvoice {
  invoiceId: string;
  provider: CardProvider;
  status: InvoiceStatus;
  amount: string;
  failureReason: string | null;
  createdAt: Date;
}

/** An order's card invoice, read in the transaction that changes the order (the payments module's API). */
export interface InvoiceLookup {
  invoiceOf(orderId: string, executor?: Executor): Promise<OrderInvoice | undefined>;
}

export interface OrderManagementDeps {
  repo: OrdersRepository;
  events: OrderEvents;
  audit: ChangeLog;
  invoices: InvoiceLookup;
}

/** Before confirmation the seller may change prices and remove what is out of stock (the terms). */
const openStatuses: readonly OrderStatus[] = ['new', 'awaiting_payment'];
/** numeric(12,2): the largest amount an order can record. */
const maxAmount: Kopiyky = 999_999_999_999;

const notFound = () => noMatch('Order');

/**
 * Whether a line's price may change or a line go: only before a manager confirms the order, and never
 * once a card invoice is issued, since the customer pays the invoice's amount (Monobank's webhook must
 * match it) and an order has one invoice.
 */
export const linesEditable = (order: Pick<OrderRecord, 'status'>, invoice: OrderInvoice | undefined) =>
  openStatuses.includes(order.status) && invoice === undefined;

const statusFields = (order: OrderRecord) => ({ status: order.status, cancel_reason: order.cancelReason });
const lineFields = (line: OrderLineRow) => ({
  id: line.id,
  product: line.productId,
  name: line.name,
  size: line.size?.name ?? null,
  color: line.color?.name ?? null,
  quantity: line.quantity,
  price: line.price,
});

/**
 * The order's amount with each line's price as `priceOf` says, in kopiyky: the lines' sum less the
 * promo code's discount the order was placed with, which stays as agreed (never below nothing to pay).
 */
const amountOf = (
  order: Pick<OrderRecord, 'discount'>,
  lines: OrderLineRow[],
  priceOf: (line: OrderLineRow) => Kopiyky,
) => Math.max(0, sumMoney(lines.map((line) => priceOf(line) * line.quantity)) - parseMoney(order.discount));

/**
 * What the shop's managers do to an order (the back office): move it along its life, change a line's
 * price or remove a line before confirmation, and keep notes for each other. Each change is one
 * transaction with its audit entry and the customer's mail (written to the outbox, sent once); the
 * mail worker is woken after the commit.
 */
export function orderManagement({ repo, events, audit, invoices }: OrderManagementDeps) {
  /** The order locked for a change of its lines, and the line; refused when its lines are frozen. */
  async function lockLine(orderId: string, lineId: number, tx: Executor) {
    const order = await repo.lock(orderId, tx);
    if (!order) throw notFound();
    const line = order.lines.find((l) => l.id === lineId);
    if (!line) throw new NotFound(adminOrderMessages.lineMissing);
    if (!openStatuses.includes(order.status)) {
      throw new Conflict(adminOrderMessages.linesFrozen, adminOrderCodes.linesFrozen);
    }
    if (await invoices.invoiceOf(orderId, tx)) {
      throw new Conflict(adminOrderMessages.invoiceIssued, adminOrderCodes.invoiceIssued);
    }
    return { order, line };
  }

  async function reload(orderId: string, tx: Executor): Promise<OrderRecord> {
    const order = await repo.byId(orderId, tx);
    if (!order) throw notFound();
    return order;
  }

  /** Writes a line change's audit entry and mail in `tx`; returns the announcement for after the commit. */
  async function linesChanged(
    tx: Executor,
    actor: StaffMember,
    action: string,
    before: { order: OrderRecord; line: OrderLineRow },
    after: { order: OrderRecord; line: OrderLineRow | undefined },
  ) {
    await audit.record(tx, actor, {
      action,
      entity: 'order',
      entityId: before.order.id,
      before: { line: lineFields(before.line), amount: before.order.amount },
      after: { line: after.line ? lineFields(after.line) : null, amount: after.order.amount },
    });
    const event = { order: after.order, previousAmount: before.order.amount, change: crypto.randomUUID() };
    await events.write('linesChanged', event, tx);
    return () => events.emit('linesChanged', event);
  }

  return {
    /**
     * Moves the order to `to` if its status allows (orderTransitions), else a Conflict naming the
     * status it is in. A cancellation needs a reason: it is kept on the order and the mail says it;
     * a reason given with another move is kept in the history only.
     */
    async changeStatus(orderId: string, to: OrderStatus, actor: StaffMember, reason?: string): Promise<OrderRecord> {
      const why = reason?.trim() || undefined;
      if (to === 'cancelled' && !why) throw new InvalidInput({ reason: [adminOrderMessages.reasonRequired] });
      const { order, announce } = await repo.transaction(async (tx) => {
        const before = await repo.lock(orderId, tx);
        if (!before) throw notFound();
        if (!orderTransitions[before.status].includes(to)) {
          throw new Conflict(`An order that is ${before.status} cannot become ${to}.`, adminOrderCodes.statusConflict);
        }
        await repo.setStatus(orderId, [before.status], to, tx, to === 'cancelled' ? why : undefined);
        const after = await reload(orderId, tx);
        await audit.record(tx, actor, {
          action: 'order.status',
          entity: 'order',
          entityId: orderId,
          before: statusFields(before),
          after: { ...statusFields(after), ...(why ? { reason: why } : {}) },
        });
        const event = { order: after, from: before.status, reason: why, change: crypto.randomUUID() };
        await events.write('statusChanged', event, tx);
        return { order: after, announce: () => events.emit('statusChanged', event) };
      });
      await announce();
      return order;
    },

    /**
     * Moves the order along `move.path` on a carrier's news, inside `tx` (the shipment's own change):
     * each step only where orderTransitions allows it from the order's status then, each with its
     * audit entry and its event. Returns the order as it ends and the announcement for after the
     * commit; the order unmoved when no step applied.
     */
    async carrierMove(orderId: string, move: CarrierMove, tx: Executor) {
      let order = await repo.lock(orderId, tx);
      if (!order) throw notFound();
      const events_: OrderEventMap['statusChanged'][] = [];
      for (const to of move.path) {
        if (order.status === to || !orderTransitions[order.status].includes(to)) continue;
        const before: OrderRecord = order;
        await repo.setStatus(orderId, [before.status], to, tx);
        order = await reload(orderId, tx);
        await audit.record(
          tx,
          { id: null, email: move.reportedBy },
          {
            action: 'order.status',
            entity: 'order',
            entityId: orderId,
            before: statusFields(before),
            after: { ...statusFields(order), carrier: move.note },
          },
        );
        const event = {
          order,
          from: before.status,
          change: crypto.randomUUID(),
          mailed: !move.mailedByCaller.includes(to),
        };
        await events.write('statusChanged', event, tx);
        events_.push(event);
      }
      return {
        order,
        announce: async () => {
          for (const event of events_) await events.emit('statusChanged', event);
        },
      };
    },

    /** A line's new unit price (before confirmation); the amount is the lines' sum again. */
    async setLinePrice(orderId: string, lineId: number, price: string, actor: StaffMember): Promise<OrderRecord> {
      const newPrice = parseMoney(price);
      const { order, announce } = await repo.transaction(async (tx) => {
        const { order: before, line } = await lockLine(orderId, lineId, tx);
        // The same price again changes nothing, and mails nobody.
        if (parseMoney(line.price) === newPrice) return { order: before, announce: undefined };
        const amount = amountOf(before, before.lines, (l) => (l.id === lineId ? newPrice : parseMoney(l.price)));
        if (amount > maxAmount) throw new InvalidInput({ price: [adminOrderMessages.amountTooLarge] });
        await repo.setLinePrice(orderId, lineId, normalizeMoney(price), formatMoney(amount), tx);
        const after = await reload(orderId, tx);
        const changed = after.lines.find((l) => l.id === lineId);
        return {
          order: after,
          announce: await linesChanged(
            tx,
            actor,
            'order.line_price',
            { order: before, line },
            { order: after, line: changed },
          ),
        };
      });
      await announce?.();
      return order;
    },

    /** Removes a line (out of stock, refused by the customer) before confirmation; never the last one. */
    async removeLine(orderId: string, lineId: number, actor: StaffMember): Promise<OrderRecord> {
      const { order, announce } = await repo.transaction(async (tx) => {
        const { order: before, line } = await lockLine(orderId, lineId, tx);
        if (before.lines.length === 1) throw new Conflict(adminOrderMessages.lastLine, adminOrderCodes.lastLine);
        const rest = before.lines.filter((l) => l.id !== lineId);
        const amount = amountOf(before, rest, (l) => parseMoney(l.price));
        await repo.removeLine(orderId, lineId, formatMoney(amount), tx);
        const after = await reload(orderId, tx);
        return {
          order: after,
          announce: await linesChanged(
            tx,
            actor,
            'order.line_remove',
            { order: before, line },
            { order: after, line: undefined },
          ),
        };
      });
      await announce();
      return order;
    },

    /** A note for the shop's staff; the customer never sees it. */
    async addNote(orderId: string, text: string, actor: StaffMember): Promise<OrderNoteRow> {
      return repo.transaction(async (tx) => {
        if (!(await repo.statusById(orderId, tx))) throw notFound();
        const note = await repo.addNote(orderId, actor.id, text.trim(), tx);
        await audit.record(tx, actor, {
          action: 'order.note',
          entity: 'order',
          entityId: orderId,
          before: null,
          after: { note_id: note.id, text: note.text },
        });
        return note;
      });
    },

    /** The order's notes, oldest first; undefined when there is no such order. */
    async notes(orderId: string): Promise<OrderNoteRow[] | undefined> {
      if (!(await repo.statusById(orderId))) return undefined;
      return repo.notes(orderId);
    },

    async byId(orderId: string): Promise<OrderRecord | undefined> {
      return repo.byId(orderId);
    },

    /** Orders with their lines, in the order of `ids`. */
    async byIds(ids: string[]): Promise<OrderRecord[]> {
      return repo.byIds(ids);
    },

    async invoice(orderId: string): Promise<OrderInvoice | undefined> {
      return invoices.invoiceOf(orderId);
    },
  };
}

export type OrderManagement = ReturnType<typeof orderManagement>;
