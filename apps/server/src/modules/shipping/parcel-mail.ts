import type { Language } from '@kram/contract/languages';
import { orderNumber } from '@kram/contract/orders';
import { trackingUrl } from '@kram/contract/shipping';
import type { MailMessage } from '../../infra/mail/mailer.ts';
import { type OrderRecord, renderOrderMail } from '../orders/index.ts';
import type { ShipmentRow } from './shipping.repository.ts';

/** The parcel's news the buyer hears of: handed to the carrier, waiting at the branch, storage ending. */
export type ParcelNews = 'shipped' | 'arrived' | 'storage_ending';

/** `2026-12-04` as people read it: 04.12.2026. */
const readableDay = (day: string) => day.split('-').reverse().join('.');

const texts: Record<
  Language,
  {
    greeting: (name: string) => string;
    subject: Record<ParcelNews, (n: string) => string>;
    intro: Record<ParcelNews, (s: ShipmentRow) => string[]>;
    follow: string;
  }
> = {
  uk: {
    greeting: (name) => `Вітаємо, ${name}!`,
    subject: {
      shipped: (n) => `Замовлення ${n} відправлено`,
      arrived: (n) => `Замовлення ${n} чекає у відділенні`,
      storage_ending: (n) => `Завтра останній день зберігання замовлення ${n}`,
    },
    intro: {
      shipped: (s) => [
        `Ваше замовлення передано Новій Пошті. Номер накладної: ${s.number}.`,
        ...(s.deliveryDay ? [`Орієнтовна дата доставки: ${readableDay(s.deliveryDay)}.`] : []),
      ],
      arrived: (s) => [
        `Замовлення прибуло: ${s.cityName}, ${s.warehouseName}. Номер накладної: ${s.number}.`,
        ...(s.storageUntil
          ? [
              `Заберіть його до ${readableDay(s.storageUntil)} включно: відділення зберігає посилку 5 робочих днів, потім вона повертається до магазину, а замовлення вважається скасованим.`,
            ]
          : []),
        ...(s.codAmount ? [`Сума до сплати при отриманні: ${s.codAmount} грн.`] : []),
      ],
      storage_ending: (s) => [
        `Нагадуємо: замовлення чекає на вас у відділенні (${s.cityName}, ${s.warehouseName}), номер накладної ${s.number}.`,
        `Завтра, ${readableDay(s.storageUntil ?? '')}, останній день зберігання; після нього посилка повернеться до магазину.`,
      ],
    },
    follow: 'Відстежити посилку:',
  },
  ru: {
    greeting: (name) => `Здравствуйте, ${name}!`,
    subject: {
      shipped: (n) => `Заказ ${n} отправлен`,
      arrived: (n) => `Заказ ${n} ждёт в отделении`,
      storage_ending: (n) => `Завтра последний день хранения заказа ${n}`,
    },
    intro: {
      shipped: (s) => [
        `Ваш заказ передан Новой Почте. Номер накладной: ${s.number}.`,
        ...(s.deliveryDay ? [`Ориентировочная дата доставки: ${readableDay(s.deliveryDay)}.`] : []),
      ],
      arrived: (s) => [
        `Заказ прибыл: ${s.cityName}, ${s.warehouseName}. Номер накладной: ${s.number}.`,
        ...(s.storageUntil
          ? [
              `Заберите его до ${readableDay(s.storageUntil)} включительно: отделение хранит посылку 5 рабочих дней, затем она возвращается в магазин, а заказ считается отменённым.`,
            ]
          : []),
        ...(s.codAmount ? [`Сумма к оплате при получении: ${s.codAmount} грн.`] : []),
      ],
      storage_ending: (s) => [
        `Напоминаем: заказ ждёт вас в отделении (${s.cityName}, ${s.warehouseName}), номер накладной ${s.number}.`,
        `Завтра, ${readableDay(s.storageUntil ?? '')}, последний день хранения; после него посылка вернётся в магазин.`,
      ],
    },
    follow: 'Отследить посылку:',
  },
};

/** The buyer's mail about their parcel, in the language they ordered in, with the tracking link. */
export function parcelMail(news: ParcelNews, order: OrderRecord, shipment: ShipmentRow): MailMessage {
  const t = texts[order.language];
  const link = shipment.number ? { label: t.follow, url: trackingUrl(shipment.number) } : undefined;
  return {
    to: order.email,
    subject: t.subject[news](orderNumber(order.id)),
    ...renderOrderMail(order.language, [t.greeting(order.firstName), ...t.intro[news](shipment)], order, link),
  };
}

/** The manager's chat message about a refused parcel. */
export function refusalNotice(order: OrderRecord, shipment: ShipmentRow): string {
  return [
    `Відмова від посилки: замовлення ${orderNumber(order.id)}`,
    `Накладна ${shipment.number ?? '—'}, ${order.firstName} ${order.lastName}, ${order.phoneNumber}`,
    `Сума ${order.amount} грн; ${shipment.carrierText ?? ''}`.trim(),
  ].join('\n');
}
