import type { Mailer } from '../../infra/mail/mailer.ts';
import type { OrderEvents } from './order-events.ts';
import { newOrderMail, newOrderNotice, orderConfirmationMail } from './order-mail.ts';
import type { Notifier } from './telegram.ts';

export interface OrderNotificationDeps {
  mailer: Mailer;
  notifier: Notifier;
  shopEmail: string;
}

/**
 * Who hears of an order: the buyer (a confirmation in their language, with the payment link for a
 * card order), the shop's mailbox, and the manager's chat; the chat hears of card payments too.
 */
export function subscribeOrderNotifications(
  events: OrderEvents,
  { mailer, notifier, shopEmail }: OrderNotificationDeps,
) {
  events.on('placed', ({ order, paymentUrl }) => mailer.send(orderConfirmationMail(order.language, order, paymentUrl)));
  events.on('placed', ({ order }) => mailer.send(newOrderMail(shopEmail, order)));
  events.on('placed', ({ order }) => notifier.notify(newOrderNotice(order)));
  events.on('paymentReceived', ({ order }) => notifier.notify(newOrderNotice(order, 'paid')));
}
