import type { Language } from '@kram/contract/language';
import { formatHryvnias, parseMoney } from '@kram/contract/money';
import { labelInSentence, orderLabels } from '@kram/contract/order-labels';
import { orderNumber } from '@kram/contract/orders';
import type { MailMessage } from '../../infra/mail/mailer.ts';
import { escapeHtml } from '../../lib/html.ts';
import { lineTitle } from './order-lines.ts';
import type { OrderRecord } from './orders.repository.ts';

const texts = {
  uk: {
    subject: (n: string) => `Замовлення ${n} прийнято`,
    greeting: (name: string) => `Вітаємо, ${name}!`,
    intro: 'Дякуємо за замовлення. Менеджер зателефонує вам протягом дня, щоб підтвердити його.',
    payLink: 'Сплатити карткою можна за посиланням:',
    order: 'Замовлення',
    total: 'Разом',
    discount: (code: string) => `Знижка за промокодом ${code}`,
    payment: 'Оплата',
    delivery: 'Доставка',
    recipient: 'Отримувач',
    phone: 'Телефон',
    comment: 'Коментар',
    callBack: 'Передзвоніть мені',
    yes: 'так',
    pcs: 'шт',
    shopSubject: (n: string, amount: string) => `Нове замовлення ${n} на ${amount}`,
    paidSubject: (n: string) => `Оплату замовлення ${n} отримано`,
    paidIntro: 'Ми отримали оплату карткою. Дякуємо! Менеджер зателефонує вам, щоб узгодити доставку.',
    receipt: 'Фіскальний чек:',
    shopPaidSubject: (n: string, amount: string) => `Оплачено замовлення ${n}: ${amount}`,
  },
  ru: {
    subject: (n: string) => `Заказ ${n} принят`,
    greeting: (name: string) => `Здравствуйте, ${name}!`,
    intro: 'Спасибо за заказ. Менеджер позвонит вам в течение дня, чтобы подтвердить его.',
    payLink: 'Оплатить картой можно по ссылке:',
    order: 'Заказ',
    total: 'Итого',
    discount: (code: string) => `Скидка по промокоду ${code}`,
    payment: 'Оплата',
    delivery: 'Доставка',
    recipient: 'Получатель',
    phone: 'Телефон',
    comment: 'Комментарий',
    callBack: 'Перезвоните мне',
    yes: 'да',
    pcs: 'шт',
    shopSubject: (n: string, amount: string) => `Новый заказ ${n} на ${amount}`,
    paidSubject: (n: string) => `Оплата заказа ${n} получена`,
    paidIntro: 'Мы получили оплату картой. Спасибо! Менеджер позвонит вам, чтобы согласовать доставку.',
    receipt: 'Фискальный чек:',
    shopPaidSubject: (n: string, amount: string) => `Оплачен заказ ${n}: ${amount}`,
  },
} as const;

function summary(language: Language, order: OrderRecord) {
  const t = texts[language];
  const labels = orderLabels[language];
  const lines = order.lines.map(
    (line) => `${lineTitle(line, language)}: ${line.quantity} ${t.pcs} × ${formatHryvnias(line.price, 'грн')}`,
  );
  const fields: [string, string][] = [
    // The discount above the total it was taken from, as the checkout showed both.
    ...(order.promoCode && parseMoney(order.discount) > 0
      ? [[t.discount(order.promoCode), `−${formatHryvnias(order.discount, 'грн')}`] as [string, string]]
      : []),
    [t.total, formatHryvnias(order.amount, 'грн')],
    [t.payment, labelInSentence(labels.paymentMethods[order.paymentMethod], language)],
    [
      t.delivery,
      `${labelInSentence(labels.deliveryTypes[order.deliveryType], language)}: ${order.city}, ${order.branch}`,
    ],
    [t.recipient, `${order.firstName} ${order.lastName}`],
    [t.phone, order.phoneNumber],
    ['E-mail', order.email],
  ];
  if (order.needCallBack) fields.push([t.callBack, t.yes]);
  if (order.comment) fields.push([t.comment, order.comment]);
  return { lines, fields };
}

/** A mail about `order`: the paragraphs of `intro`, then the order as it stands (lines, total, delivery). */
export function renderOrderMail(
  language: Language,
  intro: string[],
  order: OrderRecord,
  link?: { label: string; url: string },
) {
  const t = texts[language];
  const { lines, fields } = summary(language, order);
  const heading = `${t.order} ${orderNumber(order.id)}`;
  const text = [
    ...intro,
    ...(link ? ['', link.label, link.url] : []),
    '',
    heading,
    ...lines.map((l) => `- ${l}`),
    '',
    ...fields.map(([label, value]) => `${label}: ${value}`),
    '',
  ].join('\n');
  const html =
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"></head>` +
    '<body style="font-family:Arial,sans-serif;font-size:15px;line-height:1.5;color:#222">' +
    intro.map((p) => `<p>${escapeHtml(p)}</p>`).join('') +
    (link ? `<p>${escapeHtml(link.label)} <a href="${escapeHtml(link.url)}">${escapeHtml(link.url)}</a></p>` : '') +
    `<h3>${escapeHtml(heading)}</h3><ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>` +
    `<table>${fields
      .map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
      .join('')}</table></body></html>`;
  return { text, html };
}

/** The buyer's confirmation, in the language they ordered in. */
export function orderConfirmationMail(language: Language, order: OrderRecord, paymentUrl?: string): MailMessage {
  const t = texts[language];
  const link = paymentUrl ? { label: t.payLink, url: paymentUrl } : undefined;
  return {
    to: order.email,
    subject: t.subject(orderNumber(order.id)),
    ...renderOrderMail(language, [t.greeting(order.firstName), t.intro], order, link),
  };
}

/** The shop's notice, in Ukrainian (the staff's language); replying writes to the buyer. */
export function newOrderMail(shopEmail: string, order: OrderRecord): MailMessage {
  const t = texts.uk;
  return {
    to: shopEmail,
    replyTo: order.email,
    subject: t.shopSubject(orderNumber(order.id), formatHryvnias(order.amount, 'грн')),
    ...renderOrderMail('uk', [], order),
  };
}

/**
 * The buyer's receipt of a card payment, in the language they ordered in; with the link to the
 * fiscal receipt when the shop issues them (`receiptUrl`).
 */
export function paymentReceivedMail(language: Language, order: OrderRecord, receiptUrl?: string): MailMessage {
  const t = texts[language];
  const link = receiptUrl ? { label: t.receipt, url: receiptUrl } : undefined;
  return {
    to: order.email,
    subject: t.paidSubject(orderNumber(order.id)),
    ...renderOrderMail(language, [t.greeting(order.firstName), t.paidIntro], order, link),
  };
}

/** The shop's notice of a card payment, in Ukrainian. */
export function paymentReceivedShopMail(shopEmail: string, order: OrderRecord): MailMessage {
  return {
    to: shopEmail,
    replyTo: order.email,
    subject: texts.uk.shopPaidSubject(orderNumber(order.id), formatHryvnias(order.amount, 'грн')),
    ...renderOrderMail('uk', [], order),
  };
}

/** The manager's Telegram notice: short, plain text. */
export function newOrderNotice(order: OrderRecord, event: 'placed' | 'paid' = 'placed'): string {
  const { lines, fields } = summary('uk', order);
  const amount = formatHryvnias(order.amount, 'грн');
  const title =
    event === 'paid'
      ? `Оплачено замовлення ${orderNumber(order.id)}: ${amount}`
      : `Нове замовлення ${orderNumber(order.id)}: ${amount}`;
  return [title, ...lines.map((l) => `• ${l}`), ...fields.slice(1).map(([k, v]) => `${k}: ${v}`)].join('\n');
}
