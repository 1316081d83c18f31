import type { OrderStatus } from '@kram/contract/orders';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.ts';
import type { OrderRecord } from './orders.repository.ts';

/** What happens to an order that others (mail, the manager's chat) react to. */
export interface OrderEventMap {
  /** An order was placed; a card order is placed when its invoice opens, with the payment link. */
  placed: { order: OrderRecord; paymentUrl?: string };
  /** The card payment for an order arrived and the order is paid. */
  paymentReceived: { order: OrderRecord };
  /**
   * A manager moved the order to another status (`order.status` is the new one); `change` names this
   * change alone, so its mail is written once.
   */
  statusChanged: {
    order: OrderRecord;
    from: OrderStatus;
    reason?: string;
    change: string;
    /** False when whoever moved it writes the buyer's mail about it (the parcel's own news). */
    mailed?: boolean;
  };
  /** A manager changed a line's price or removed a line before confirmation: the amount is new. */
  linesChanged: { order: OrderRecord; previousAmount: string; change: string };
}

export type OrderEventName = keyof OrderEventMap;
type Listener<K extends OrderEventName> = (event: OrderEventMap[K]) => Promise<void>;
type WriteListener<K extends OrderEventName> = (event: OrderEventMap[K], tx: Executor) => Promise<void>;

export interface OrderEvents {
  /**
   * A listener that writes in the transaction that saves what happened (the mail outbox): the event
   * and what it writes are committed together, or neither is.
   */
  onWrite<K extends OrderEventName>(name: K, listener: WriteListener<K>): void;
  /** A listener told after the commit (the manager's chat, waking the mail worker). */
  on<K extends OrderEventName>(name: K, listener: Listener<K>): void;
  /** Runs the write listeners inside `tx`; a failure fails the transaction. */
  write<K extends OrderEventName>(name: K, event: OrderEventMap[K], tx: Executor): Promise<void>;
  /**
   * Runs every after-commit listener and waits for them. The order is saved before, so a listener's
   * failure is logged, never answered: the shopper must not order again.
   */
  emit<K extends OrderEventName>(name: K, event: OrderEventMap[K]): Promise<void>;
}

export function orderEvents(log: FastifyBaseLogger): OrderEvents {
  const listeners: { [K in OrderEventName]: Listener<K>[] } = {
    placed: [],
    paymentReceived: [],
    statusChanged: [],
    linesChanged: [],
  };
  const writers: { [K in OrderEventName]: WriteListener<K>[] } = {
    placed: [],
    paymentReceived: [],
    statusChanged: [],
    linesChanged: [],
  };
  return {
    onWrite(name, listener) {
      writers[name].push(listener);
    },
    on(name, listener) {
      listeners[name].push(listener);
    },
    async write(name, event, tx) {
      // One after the other: a transaction runs one statement at a time.
      for (const writer of writers[name]) await writer(event, tx);
    },
    async emit(name, event) {
      const results = await Promise.allSettled(listeners[name].map((listener) => listener(event)));
      for (const result of results) {
        if (result.status === 'rejected') {
          log.error({ err: result.reason, orderId: event.order.id, event: name }, 'order notice not sent');
        }
      }
    },
  };
}
