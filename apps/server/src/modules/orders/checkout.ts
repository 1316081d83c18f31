import { type OrderBody, orderMessages } from '@kram/contract/orders';
import type { InvoiceCreated } from '@kram/contract/payments';
import type { Executor } from '../../db/client.ts';
import { InvalidInput } from '../../lib/domain-errors.ts';
import type { OrderEvents } from './order-events.ts';
import type { OrderRecord } from './orders.repository.ts';
import type { OrdersService, Placed, PlaceOptions } from './orders.service.ts';

/**
 * Card payments as the checkout uses them (the payments module's API, handed over at wiring time):
 * refuse when card payment is off, and open an order's invoice.
 */
export interface CardPayments {
  requireCard(): void;
  /**
   * The order's invoice, opened at the provider unless it has one; `opened` writes in the transaction
   * that saves a new one.
   */
  openInvoice(
    order: OrderRecord,
    opened: (payment: { pageUrl: string }, tx: Executor) => Promise<void>,
  ): Promise<{ payment: { pageUrl: string }; created: boolean }>;
}

export interface CheckoutDeps {
  orders: OrdersService;
  payments: CardPayments;
  events: OrderEvents;
}

/**
 * The one flow that places an order, whatever its payment (decision 046). On receipt or by
 * arrangement: the order is written with its mails, and announced. By card: card payment must be on;
 * the order is written awaiting payment without mails, then its invoice is opened, and the order's
 * mails (with the payment link) are written with the invoice, so a buyer whose invoice could not be
 * opened is not told to pay; the same Idempotency-Key then retries only the invoice.
 */
export function checkout({ orders, payments, events }: CheckoutDeps) {
  const announcePlaced = (order: OrderRecord, tx: Executor) => events.write('placed', { order }, tx);

  return {
    /** An order paid on receipt or by arrangement (POST /api/orders/); card orders go through `placeByCard`. */
    async place(input: OrderBody, options: PlaceOptions): Promise<Placed> {
      if (input.payment_method === 'card')
        throw new InvalidInput({ payment_method: [orderMessages.cardThroughInvoice] });
      const placed = await orders.place(input, options, {
        keyScope: 'order',
        status: 'new',
        paymentMethod: input.payment_method,
        alongside: announcePlaced,
      });
      if (placed.created) await events.emit('placed', { order: placed.order });
      return placed;
    },

    /** A card order (POST /api/create-monobank-invoice/), whatever payment method the form named. */
    async placeByCard(input: OrderBody, options: PlaceOptions): Promise<InvoiceCreated> {
      payments.requireCard();
      const { order } = await orders.place(input, options, {
        keyScope: 'invoice',
        status: 'awaiting_payment',
        paymentMethod: 'card',
      });
      const invoice = await payments.openInvoice(order, ({ pageUrl }, tx) =>
        events.write('placed', { order, paymentUrl: pageUrl }, tx),
      );
      if (invoice.created) await events.emit('placed', { order, paymentUrl: invoice.payment.pageUrl });
      return { payment_url: invoice.payment.pageUrl, order_id: order.id };
    },
  };
}

export type Checkout = ReturnType<typeof checkout>;
