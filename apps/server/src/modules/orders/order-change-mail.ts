import type { Language } from '@kram/contract/language';
import { localizedPath } from '@kram/contract/language-paths';
import { formatHryvnias } from '@kram/contract/money';
import type { OrderStatus } from '@kram/contract/orders';
import { orderNumber } from '@kram/contract/orders';
import { returnWindowDays } from '@kram/contract/returns';
import type { MailMessage } from '../../infra/mail/mailer.ts';
import { renderOrderMail } from './order-mail.ts';
import type { OrderRecord } from './orders.repository.ts';

/** The statuses a manager moves an order to; an order is never moved back to new or awaiting payment. */
export type MailedStatus = Exclude<OrderStatus, 'new' | 'awaiting_payment'>;

export const isMailedStatus = (status: OrderStatus): status is MailedStatus =>
  status !== 'new' && status !== 'awaiting_payment';

interface StatusText {
  subject: (n: string) => string;
  intro: (order: OrderRecord) => string;
}

const texts: Record<
  Language,
  {
    greeting: (name: string) => string;
    statuses: Record<MailedStatus, StatusText>;
    reason: (reason: string) => string;
    questions: string;
    returns: string;
    changedSubject: (n: string) => string;
    changedIntro: (amount: string, previous: string) => string;
  }
> = {
  uk: {
    greeting: (name) => `Вітаємо, ${name}!`,
    statuses: {
      confirmed: {
        subject: (n) => `Замовлення ${n} підтверджено`,
        intro: () => 'Менеджер підтвердив ваше замовлення. Ми повідомимо, коли його буде відправлено.',
      },
      paid: {
        subject: (n) => `Замовлення ${n} сплачено`,
        intro: () => 'Оплату замовлення отримано. Дякуємо!',
      },
      shipped: {
        subject: (n) => `Замовлення ${n} відправлено`,
        intro: (order) =>
          order.deliveryType === 'self_delivery'
            ? 'Ваше замовлення готове: його можна забрати в магазині.'
            : 'Ваше замовлення передано службі доставки.',
      },
      delivered: {
        subject: (n) => `Замовлення ${n} доставлено`,
        intro: (order) =>
          order.deliveryType === 'branch'
            ? 'Замовлення прибуло до відділення. Заберіть його протягом 5 робочих днів, інакше воно повернеться до магазину.'
            : 'Замовлення доставлено.',
      },
      completed: {
        subject: (n) => `Замовлення ${n} виконано`,
        intro: () => 'Дякуємо за покупку! Будемо раді бачити вас знову.',
      },
      cancelled: {
        subject: (n) => `Замовлення ${n} скасовано`,
        intro: () => 'Ваше замовлення скасовано.',
      },
      returned: {
        subject: (n) => `Замовлення ${n} повернено`,
        intro: () => 'Замовлення повернено до магазину.',
      },
    },
    reason: (reason) => `Причина: ${reason}`,
    questions: 'Якщо у вас є питання щодо замовлення, зателефонуйте нам.',
    returns: `Якщо товар не підійшов, його можна повернути протягом ${returnWindowDays} днів після отримання. Заявка на повернення:`,
    changedSubject: (n) => `Замовлення ${n} змінено`,
    changedIntro: (amount, previous) =>
      `Менеджер змінив ваше замовлення, як ви домовилися. Нова сума: ${amount} (було ${previous}).`,
  },
  ru: {
    greeting: (name) => `Здравствуйте, ${name}!`,
    statuses: {
      confirmed: {
        subject: (n) => `Заказ ${n} подтверждён`,
        intro: () => 'Менеджер подтвердил ваш заказ. Мы сообщим, когда он будет отправлен.',
      },
      paid: {
        subject: (n) => `Заказ ${n} оплачен`,
        intro: () => 'Оплата заказа получена. Спасибо!',
      },
      shipped: {
        subject: (n) => `Заказ ${n} отправлен`,
        intro: (order) =>
          order.deliveryType === 'self_delivery'
            ? 'Ваш заказ готов: его можно забрать в магазине.'
            : 'Ваш заказ передан службе доставки.',
      },
      delivered: {
        subject: (n) => `Заказ ${n} доставлен`,
        intro: (order) =>
          order.deliveryType === 'branch'
            ? 'Заказ прибыл в отделение. Заберите его в течение 5 рабочих дней, иначе он вернётся в магазин.'
            : 'Заказ доставлен.',
      },
      completed: {
        subject: (n) => `Заказ ${n} выполнен`,
        intro: () => 'Спасибо за покупку! Будем рады видеть вас снова.',
      },
      cancelled: {
        subject: (n) => `Заказ ${n} отменён`,
        intro: () => 'Ваш заказ отменён.',
      },
      returned: {
        subject: (n) => `Заказ ${n} возвращён`,
        intro: () => 'Заказ возвращён в магазин.',
      },
    },
    reason: (reason) => `Причина: ${reason}`,
    questions: 'Если у вас есть вопросы по заказу, позвоните нам.',
    returns: `Если товар не подошёл, его можно вернуть в течение ${returnWindowDays} дней после получения. Заявка на возврат:`,
    changedSubject: (n) => `Заказ ${n} изменён`,
    changedIntro: (amount, previous) =>
      `Менеджер изменил ваш заказ, как вы договорились. Новая сумма: ${amount} (было ${previous}).`,
  },
};

/** Statuses in which the buyer has the goods: their mail says how to return them, and where. */
const receivedStatuses: ReadonlySet<MailedStatus> = new Set(['delivered', 'completed']);

/** The storefront's page where the buyer (a guest too) asks to return the order's goods, in the order's language. */
export const returnsPageUrl = (publicUrl: string, order: Pick<OrderRecord, 'id' | 'language'>) =>
  `${publicUrl}${localizedPath(`/returns/${order.id}`, order.language)}`;

/**
 * The customer's mail about a manager's move of their order to `order.status`, in the order's
 * language; a cancellation says why. With the shop's address (`publicUrl`), the mail that the goods
 * were delivered or the order completed links the page where they can be returned within the terms' days.
 */
export function statusChangedMail(
  order: OrderRecord,
  status: MailedStatus,
  reason?: string,
  publicUrl?: string,
): MailMessage {
  const t = texts[order.language];
  const text = t.statuses[status];
  const intro = [t.greeting(order.firstName), text.intro(order)];
  if (status === 'cancelled' && reason) intro.push(t.reason(reason));
  if (status === 'cancelled' || status === 'returned') intro.push(t.questions);
  const link =
    publicUrl !== undefined && receivedStatuses.has(status)
      ? { label: t.returns, url: returnsPageUrl(publicUrl, order) }
      : undefined;
  return {
    to: order.email,
    subject: text.subject(orderNumber(order.id)),
    ...renderOrderMail(order.language, intro, order, link),
  };
}

/** The customer's mail about a changed line (a new price, a line removed): the order as it is now. */
export function linesChangedMail(order: OrderRecord, previousAmount: string): MailMessage {
  const t = texts[order.language];
  return {
    to: order.email,
    subject: t.changedSubject(orderNumber(order.id)),
    ...renderOrderMail(
      order.language,
      [
        t.greeting(order.firstName),
        t.changedIntro(formatHryvnias(order.amount, 'грн'), formatHryvnias(previousAmount, 'грн')),
      ],
      order,
    ),
  };
}
