import type { Language } from '@kram/contract/language';
import { formatHryvnias } from '@kram/contract/money';
import { orderLabels } from '@kram/contract/order-labels';
import { orderNumber } from '@kram/contract/orders';
import { kyivDateTime } from '../../lib/kyiv-time.ts';

import { lineTitle, type OrderRecord } from '../orders/index.ts';

/**
 * The orders list as a CSV file for a spreadsheet: UTF-8 with a byte-order mark (Excel reads
 * Cyrillic only then), RFC 4180 (commas, CRLF, quotes doubled inside quoted cells), headings and
 * labels in the manager's language, times on Kyiv's clock. The amount column is a plain number
 * ("12350.00") so that a spreadsheet can sum and sort it; prices inside the items' text are written
 * as every screen writes money ("6 175,00 ₴"), since that cell is read, not computed.
 */

const labels: Record<
  Language,
  {
    headings: string[];
    yes: string;
    no: string;
  }
> = {
  uk: {
    headings: [
      'Номер',
      'ID замовлення',
      'Дата',
      'Статус',
      'Оплата',
      'Доставка',
      'Прізвище',
      "Ім'я",
      'Телефон',
      'E-mail',
      'Місто',
      'Відділення / адреса',
      'Товари',
      'Кількість, шт',
      'Сума, грн',
      'Передзвонити',
      'Коментар',
      'Причина скасування',
      'Промокод',
      'Знижка, грн',
    ],
    yes: 'так',
    no: 'ні',
  },
  ru: {
    headings: [
      'Номер',
      'ID заказа',
      'Дата',
      'Статус',
      'Оплата',
      'Доставка',
      'Фамилия',
      'Имя',
      'Телефон',
      'E-mail',
      'Город',
      'Отделение / адрес',
      'Товары',
      'Количество, шт',
      'Сумма, грн',
      'Перезвонить',
      'Комментарий',
      'Причина отмены',
      'Промокод',
      'Скидка, грн',
    ],
    yes: 'да',
    no: 'нет',
  },
};

/** A spreadsheet runs a cell that starts like a formula; a leading apostrophe makes it text. */
const formulaStart = /^[=+\-@\t\r]/;

/** One cell: defused if it could run as a formula, quoted if it holds a comma, quote or line break. */
export function csvCell(value: string): string {
  const safe = formulaStart.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvRow = (cells: readonly string[]) => `${cells.map(csvCell).join(',')}\r\n`;

function orderCells(order: OrderRecord, language: Language): string[] {
  const t = labels[language];
  const named = orderLabels[language];
  const items = order.lines
    .map((line) => `${lineTitle(line, language)} × ${line.quantity} × ${formatHryvnias(line.price)}`)
    .join('; ');
  return [
    orderNumber(order.id),
    order.id,
    kyivDateTime(order.createdAt),
    named.statuses[order.status],
    named.paymentMethods[order.paymentMethod],
    named.deliveryTypes[order.deliveryType],
    order.lastName,
    order.firstName,
    order.phoneNumber,
    order.email,
    order.city,
    order.branch,
    items,
    String(order.lines.reduce((sum, line) => sum + line.quantity, 0)),
    // Plain, never formatted: the one column a spreadsheet sums.
    order.amount,
    order.needCallBack ? t.yes : t.no,
    order.comment,
    order.cancelReason ?? '',
    order.promoCode ?? '',
    // Plain like the amount: what the promo code took off the lines' sum.
    order.discount,
  ];
}

export function ordersCsv(orders: readonly OrderRecord[], language: Language): string {
  return `\uFEFF${csvRow(labels[language].headings)}${orders.map((o) => csvRow(orderCells(o, language))).join('')}`;
}
