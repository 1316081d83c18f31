import type { Executor } from '../../db/client.ts';
import type { OutboxMail } from '../../infra/mail/outbox.repository.ts';
import { isMailedStatus, linesChangedMail, statusChangedMail } from './order-change-mail.ts';
import type { OrderEvents } from './order-events.ts';
import {
  newOrderMail,
  newOrderNotice,
  orderConfirmationMail,
  paymentReceivedMail,
  paymentReceivedShopMail,
} from './order-mail.ts';
import type { OrderRecord } from './orders.repository.ts';
import type { Notifier } from './telegram.ts';

/** Where order mails go: written with the order, sent by the outbox worker. */
export interface MailOutbox {
  enqueue(mails: readonly OutboxMail[], tx: Executor): Promise<number>;
  /** A mail was committed: send it now. */
  wake(): void;
}

export interface OrderNotificationDeps {
  outbox: MailOutbox;
  notifier: Notifier;
  shopEmail: string;
  /** The storefront's address, for the links in the buyer's mails. */
  publicUrl?: string;
  /** The link to the order's fiscal receipt for the payment mail (in the payment's `tx`), when receipts are issued. */
  receiptLink?: (order: OrderRecord, tx: Executor) => Promise<string | undefined>;
}

/** The outbox key of one of an order's mails: each is written once, whoever asks twice. */
export const orderMailKey = (orderId: string, what: 'placed' | 'placed:shop' | 'paid' | 'paid:shop') =>
  `order:${orderId}:${what}`;

/** The outbox key of the mail about one change a manager made (`change` is that change's own id). */
export const orderChangeMailKey = (orderId: string, change: string) => `order:${orderId}:change:${change}`;

/**
 * Who hears of an order: the buyer (a confirmation in their language, with the payment link for a
 * card order; a receipt of the card payment; each manager's move and each changed line), the shop's
 * mailbox, and the manager's chat. Mails are written to the outbox in the transaction of what they
 * report (the order, the payment, the manager's change); the chat is told after the commit and may
 * miss a message if the process dies then (it is a convenience, the mailbox is the record).
 */
export function subscribeOrderNotifications(
  events: OrderEvents,
  { outbox, notifier, shopEmail, publicUrl, receiptLink }: OrderNotificationDeps,
) {
  events.onWrite('placed', async ({ order, paymentUrl }, tx) => {
    await outbox.enqueue(
      [
        {
          orderId: order.id,
          kind: 'order_placed',
          dedupeKey: orderMailKey(order.id, 'placed'),
          message: orderConfirmationMail(order.language, order, paymentUrl),
        },
        {
          orderId: order.id,
          kind: 'order_placed_shop',
          dedupeKey: orderMailKey(order.id, 'placed:shop'),
          message: newOrderMail(shopEmail, order),
        },
      ],
      tx,
    );
  });
  events.onWrite('paymentReceived', async ({ order }, tx) => {
    await outbox.enqueue(
      [
        {
          orderId: order.id,
          kind: 'payment_received',
          dedupeKey: orderMailKey(order.id, 'paid'),
          message: paymentReceivedMail(order.language, order, await receiptLink?.(order, tx)),
        },
        {
          orderId: order.id,
          kind: 'payment_received_shop',
          dedupeKey: orderMailKey(order.id, 'paid:shop'),
          message: paymentReceivedShopMail(shopEmail, order),
        },
      ],
      tx,
    );
  });
  // An order of an account deleted on request has no e-mail left: its changes mail nobody.
  events.onWrite('statusChanged', async ({ order, reason, change, mailed }, tx) => {
    if (mailed === false || !isMailedStatus(order.status) || order.email === '') return;
    await outbox.enqueue(
      [
        {
          orderId: order.id,
          kind: 'order_status_changed',
          dedupeKey: orderChangeMailKey(order.id, change),
          message: statusChangedMail(order, order.status, reason, publicUrl),
        },
      ],
      tx,
    );
  });
  events.onWrite('linesChanged', async ({ order, previousAmount, change }, tx) => {
    if (order.email === '') return;
    await outbox.enqueue(
      [
        {
          orderId: order.id,
          kind: 'order_status_changed',
          dedupeKey: orderChangeMailKey(order.id, change),
          message: linesChangedMail(order, previousAmount),
        },
      ],
      tx,
    );
  });
  events.on('placed', async () => outbox.wake());
  events.on('statusChanged', async () => outbox.wake());
  events.on('linesChanged', async () => outbox.wake());
  events.on('paymentReceived', async () => outbox.wake());
  events.on('placed', ({ order }) => notifier.notify(newOrderNotice(order)));
  events.on('paymentReceived', ({ order }) => notifier.notify(newOrderNotice(order, 'paid')));
}
