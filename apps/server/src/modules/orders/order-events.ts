import type { FastifyBaseLogger } from 'fastify';
import type { OrderRecord } from './orders.repository.ts';

/** What happens to an order that others (mail, the manager's chat) react to. */
export interface OrderEventMap {
  /** An order was placed; a card order is placed when its invoice opens, with the payment link. */
  placed: { order: OrderRecord; paymentUrl?: string };
  /** The card payment for an order arrived and the order is paid. */
  paymentReceived: { order: OrderRecord };
}

export type OrderEventName = keyof OrderEventMap;
type Listener<K extends OrderEventName> = (event: OrderEventMap[K]) => Promise<void>;

export interface OrderEvents {
  on<K extends OrderEventName>(name: K, listener: Listener<K>): void;
  /**
   * Runs every listener of the event and waits for them. The order is saved before an event is
   * emitted, so a listener's failure is logged, never answered: the shopper must not order again.
   */
  emit<K extends OrderEventName>(name: K, event: OrderEventMap[K]): Promise<void>;
}

export function orderEvents(log: FastifyBaseLogger): OrderEvents {
  const listeners: { [K in OrderEventName]: Listener<K>[] } = { placed: [], paymentReceived: [] };
  return {
    on(name, listener) {
      listeners[name].push(listener);
    },
    async emit(name, event) {
      const results = await Promise.allSettled(listeners[name].map((listener) => listener(event)));
      for (const result of results) {
        if (result.status === 'rejected') {
          log.error({ err: result.reason, orderId: event.order.id, event: name }, 'order mail not sent');
        }
      }
    },
  };
}
