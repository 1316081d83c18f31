import type { Language } from './languages.ts';
import type { DeliveryType, OrderStatus, PaymentMethod } from './orders.ts';
import type { InvoiceStatus } from './payments.ts';

/**
 * What an order's status, payment method, delivery type and card invoice status are called, in each of
 * the shop's languages: one table for every place that names them (the order mails, the orders export,
 * the back office, the storefront). Labels are written as they stand alone, capitalised; a sentence
 * that runs them on lowers their first letter (`labelInSentence`). Type-only imports: no zod comes
 * with it.
 */
export interface OrderLabels {
  statuses: Record<OrderStatus, string>;
  paymentMethods: Record<PaymentMethod, string>;
  deliveryTypes: Record<DeliveryType, string>;
  invoiceStatuses: Record<InvoiceStatus, string>;
}

export const orderLabels: Record<Language, OrderLabels> = {
  uk: {
    statuses: {
      new: 'Нове',
      awaiting_payment: 'Очікує оплати',
      confirmed: 'Підтверджене',
      paid: 'Сплачене',
      shipped: 'Відправлене',
      delivered: 'Доставлене',
      completed: 'Виконане',
      cancelled: 'Скасоване',
      returned: 'Повернене',
    },
    paymentMethods: { cash: 'При отриманні', matching: 'За домовленістю', card: 'Карткою онлайн' },
    deliveryTypes: { branch: 'У відділення', address: "Кур'єром", self_delivery: 'Самовивіз' },
    invoiceStatuses: {
      created: 'Рахунок виставлено',
      processing: 'Оплата обробляється',
      hold: 'Кошти заблоковано',
      success: 'Сплачено',
      failure: 'Оплата не вдалася',
      reversed: 'Кошти повернено',
      expired: 'Рахунок прострочено',
    },
  },
  ru: {
    statuses: {
      new: 'Новый',
      awaiting_payment: 'Ожидает оплаты',
      confirmed: 'Подтверждён',
      paid: 'Оплачен',
      shipped: 'Отправлен',
      delivered: 'Доставлен',
      completed: 'Выполнен',
      cancelled: 'Отменён',
      returned: 'Возвращён',
    },
    paymentMethods: { cash: 'При получении', matching: 'По договорённости', card: 'Картой онлайн' },
    deliveryTypes: { branch: 'В отделение', address: 'Курьером', self_delivery: 'Самовывоз' },
    invoiceStatuses: {
      created: 'Счёт выставлен',
      processing: 'Оплата обрабатывается',
      hold: 'Средства заблокированы',
      success: 'Оплачено',
      failure: 'Оплата не прошла',
      reversed: 'Средства возвращены',
      expired: 'Счёт просрочен',
    },
  },
};

/** A label run on inside a sentence ("Оплата: при отриманні"): its first letter lowered. */
export const labelInSentence = (label: string, language: Language): string =>
  label.charAt(0).toLocaleLowerCase(language) + label.slice(1);
