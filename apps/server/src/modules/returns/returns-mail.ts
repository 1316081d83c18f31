import type { Language } from '@kram/contract/languages';
import { formatHryvnias } from '@kram/contract/money';
import { orderNumber } from '@kram/contract/orders';
import {
  type RefusalReason,
  type ReturnStatus,
  refundWindowDays,
  returnNumber,
  returnWindowDays,
} from '@kram/contract/returns';
import type { MailMessage } from '../../infra/mail/mailer.ts';
import type { OutboxMail } from '../../infra/mail/outbox.repository.ts';
import { escapeHtml } from '../../lib/html.ts';
import { kyivDay } from '../../lib/kyiv-time.ts';
import { lineTitle } from '../orders/index.ts';
import type { RefundedLine } from './return-amounts.ts';
import type { ReturnOrder } from './return-views.ts';
import type { ReturnRecord } from './returns.repository.ts';

/** The outbox key of a return's mail at one of its steps: each is written once. */
export const returnMailKey = (returnId: string, status: ReturnStatus, copy?: 'shop') =>
  `return:${returnId}:${status}${copy ? `:${copy}` : ''}`;

/** `2026-12-04` as people read it: 04.12.2026. */
const readableDay = (instant: Date) => kyivDay(instant).split('-').reverse().join('.');

const texts = {
  uk: {
    greeting: (name: string) => (name ? `Вітаємо, ${name}!` : 'Вітаємо!'),
    subject: {
      requested: (n: string) => `Ми отримали заявку на повернення ${n}`,
      accepted: (n: string) => `Повернення ${n} погоджено`,
      refused: (n: string) => `Повернення ${n} відхилено`,
      received: (n: string) => `Товар за поверненням ${n} отримано`,
      refunded: (n: string) => `Кошти за поверненням ${n} повернено`,
    },
    requested: (order: string) =>
      `Ми отримали вашу заявку на повернення товару із замовлення ${order}. Менеджер розгляне її й напише вам, що робити далі.`,
    toShop: (address: string) =>
      address
        ? `Ми погодили повернення. Надішліть або принесіть товар на адресу магазину: ${address}.`
        : 'Ми погодили повернення. Менеджер повідомить вам адресу, на яку надіслати товар.',
    byCarrier:
      'Ми погодили повернення й оформили його через Нову Пошту: передайте товар у будь-якому відділенні Нової Пошти, назвавши номер телефону із замовлення.',
    condition: 'Товар має бути без слідів використання, у повній комплектності, з ярликами.',
    refundAfter: `Кошти повернемо протягом ${refundWindowDays} днів після того, як отримаємо товар.`,
    refused: (reason: string) => `На жаль, ми не можемо прийняти повернення. Причина: ${reason}.`,
    note: (note: string) => `Коментар менеджера: ${note}`,
    questions: 'Якщо у вас є питання, зателефонуйте нам.',
    received: (amount: string, day: string) => `Ми отримали товар. Кошти (${amount}) повернемо до ${day} включно.`,
    refundedCard: (amount: string) =>
      `Ми повернули ${amount} на картку, якою ви сплатили замовлення. Банку може знадобитися кілька днів, щоб кошти з'явилися на рахунку.`,
    refundedTransfer: (amount: string, iban: string, reference: string) =>
      `Ми перерахували ${amount} на рахунок ${iban}. Платіж: ${reference}.`,
    amount: (amount: string) => `До повернення: ${amount} — вартість товару; доставка не повертається.`,
    toCard: 'Кошти повернемо на картку, якою ви сплатили замовлення.',
    toAccount: (iban: string, holder: string) => `Кошти перерахуємо на рахунок ${iban} (${holder}).`,
    goods: 'Товар',
    pcs: 'шт',
    reasons: {
      signs_of_use: 'товар має сліди використання',
      deadline_passed: `минуло більше ${returnWindowDays} днів від отримання замовлення`,
      third_party_interference: 'товар має сліди стороннього втручання',
      no_proof_or_incomplete: 'немає підтвердження покупки або товар не в повній комплектності',
    } satisfies Record<RefusalReason, string>,
  },
  ru: {
    greeting: (name: string) => (name ? `Здравствуйте, ${name}!` : 'Здравствуйте!'),
    subject: {
      requested: (n: string) => `Мы получили заявку на возврат ${n}`,
      accepted: (n: string) => `Возврат ${n} одобрен`,
      refused: (n: string) => `Возврат ${n} отклонён`,
      received: (n: string) => `Товар по возврату ${n} получен`,
      refunded: (n: string) => `Деньги по возврату ${n} возвращены`,
    },
    requested: (order: string) =>
      `Мы получили вашу заявку на возврат товара из заказа ${order}. Менеджер рассмотрит её и напишет вам, что делать дальше.`,
    toShop: (address: string) =>
      address
        ? `Мы одобрили возврат. Отправьте или принесите товар по адресу магазина: ${address}.`
        : 'Мы одобрили возврат. Менеджер сообщит вам адрес, по которому отправить товар.',
    byCarrier:
      'Мы одобрили возврат и оформили его через Новую Почту: передайте товар в любом отделении Новой Почты, назвав номер телефона из заказа.',
    condition: 'Товар должен быть без следов использования, в полной комплектации, с ярлыками.',
    refundAfter: `Деньги вернём в течение ${refundWindowDays} дней после того, как получим товар.`,
    refused: (reason: string) => `К сожалению, мы не можем принять возврат. Причина: ${reason}.`,
    note: (note: string) => `Комментарий менеджера: ${note}`,
    questions: 'Если у вас есть вопросы, позвоните нам.',
    received: (amount: string, day: string) => `Мы получили товар. Деньги (${amount}) вернём до ${day} включительно.`,
    refundedCard: (amount: string) =>
      `Мы вернули ${amount} на карту, которой вы оплатили заказ. Банку может понадобиться несколько дней, чтобы деньги появились на счёте.`,
    refundedTransfer: (amount: string, iban: string, reference: string) =>
      `Мы перечислили ${amount} на счёт ${iban}. Платёж: ${reference}.`,
    amount: (amount: string) => `К возврату: ${amount} — стоимость товара; доставка не возвращается.`,
    toCard: 'Деньги вернём на карту, которой вы оплатили заказ.',
    toAccount: (iban: string, holder: string) => `Деньги перечислим на счёт ${iban} (${holder}).`,
    goods: 'Товар',
    pcs: 'шт',
    reasons: {
      signs_of_use: 'товар имеет следы использования',
      deadline_passed: `прошло больше ${returnWindowDays} дней с получения заказа`,
      third_party_interference: 'товар имеет следы постороннего вмешательства',
      no_proof_or_incomplete: 'нет подтверждения покупки или товар не в полной комплектации',
    } satisfies Record<RefusalReason, string>,
  },
} as const;

/** A return as its mails tell it: the request, its order and the shop's address. */
export interface ReturnMailInput {
  request: ReturnRecord;
  order: ReturnOrder;
  lines: readonly RefundedLine[];
  shopAddress: string;
}

const money = (amount: string) => formatHryvnias(amount, 'грн');

/** The goods of the return, one line each: what, how many, what they give back. */
function goodsLines(language: Language, { order, lines }: ReturnMailInput): string[] {
  const t = texts[language];
  const byPosition = new Map(order.lines.map((l) => [l.position, l]));
  return lines.map((line) => {
    const ordered = byPosition.get(line.position);
    const title = ordered ? lineTitle(ordered, language) : `#${line.position + 1}`;
    return `${title}: ${line.quantity} ${t.pcs}, ${formatHryvnias(line.total, 'грн')}`;
  });
}

function render(language: Language, subject: string, to: string, paragraphs: string[], goods: string[]): MailMessage {
  const t = texts[language];
  const text = [...paragraphs, '', `${t.goods}:`, ...goods.map((g) => `- ${g}`), ''].join('\n');
  const html =
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"></head>` +
    '<body style="font-family:Arial,sans-serif;font-size:15px;line-height:1.5;color:#222">' +
    paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') +
    `<h3>${escapeHtml(t.goods)}</h3><ul>${goods.map((g) => `<li>${escapeHtml(g)}</li>`).join('')}</ul>` +
    '</body></html>';
  return { to, subject, text, html };
}

/** What the step means for the buyer and what happens next, in their words. */
function stepParagraphs(language: Language, status: ReturnStatus, input: ReturnMailInput): string[] {
  const t = texts[language];
  const { request, order, shopAddress } = input;
  const amount = money(request.refundAmount);
  const how = request.refundMethod === 'card' ? t.toCard : t.toAccount(request.iban ?? '', request.accountHolder ?? '');
  switch (status) {
    case 'requested':
      return [t.requested(orderNumber(order.id)), t.amount(amount), how];
    case 'accepted':
      return [
        request.shipping === 'nova_poshta' ? t.byCarrier : t.toShop(shopAddress),
        t.condition,
        t.refundAfter,
        t.amount(amount),
      ];
    case 'refused':
      return [
        t.refused(request.refusalReason ? t.reasons[request.refusalReason] : ''),
        ...(request.refusalNote ? [t.note(request.refusalNote)] : []),
        t.questions,
      ];
    case 'received':
      return [t.received(amount, request.refundDueAt ? readableDay(request.refundDueAt) : ''), how];
    case 'refunded':
      return [
        request.refundMethod === 'card'
          ? t.refundedCard(amount)
          : t.refundedTransfer(amount, request.iban ?? '', request.refundReference ?? ''),
      ];
  }
}

/**
 * The buyer's mail about a step of their return (`request.status`), in the language they asked in:
 * what the step means and what happens next. None when the order's e-mail was erased.
 */
export function returnStepMails(input: ReturnMailInput): OutboxMail[] {
  const { request, order } = input;
  if (order.email === '') return [];
  const language = request.language;
  const t = texts[language];
  const number = returnNumber(request.id);
  return [
    {
      orderId: order.id,
      kind: 'return_news',
      dedupeKey: returnMailKey(request.id, request.status),
      message: render(
        language,
        t.subject[request.status](number),
        order.email,
        [t.greeting(order.firstName), ...stepParagraphs(language, request.status, input)],
        goodsLines(language, input),
      ),
    },
  ];
}

const shopTexts = {
  subject: (n: string, order: string, amount: string) => `Заявка на повернення ${n} (замовлення ${order}) на ${amount}`,
  buyer: 'Покупець',
  phone: 'Телефон',
  reason: 'Причина',
  shipping: { shop: 'товар надішлють на адресу магазину', nova_poshta: 'повернення через Нову Пошту' },
  card: 'на картку (Monobank)',
  account: (iban: string, holder: string) => `переказом на ${iban} (${holder})`,
  refund: 'Повернення коштів',
};

/** The shop's copy of a new request, in Ukrainian (the staff's language); replying writes to the buyer. */
export function returnRequestedShopMail(input: ReturnMailInput, shopEmail: string): OutboxMail {
  const { request, order } = input;
  const t = shopTexts;
  const how = request.refundMethod === 'card' ? t.card : t.account(request.iban ?? '', request.accountHolder ?? '');
  const message = render(
    'uk',
    t.subject(returnNumber(request.id), orderNumber(order.id), money(request.refundAmount)),
    shopEmail,
    [
      `${t.buyer}: ${order.firstName} ${order.lastName}, ${order.email}`,
      `${t.phone}: ${order.phoneNumber}`,
      `${t.reason}: ${request.reason}`,
      `${t.shipping[request.shipping]}; ${t.refund.toLowerCase()} ${how}: ${money(request.refundAmount)}`,
    ],
    goodsLines('uk', input),
  );
  return {
    orderId: order.id,
    kind: 'return_news_shop',
    dedupeKey: returnMailKey(request.id, 'requested', 'shop'),
    message: { ...message, ...(order.email ? { replyTo: order.email } : {}) },
  };
}
