import type { Language } from '@kram/contract/language';
import { localizedPath } from '@kram/contract/language-paths';
import type { MailMessage } from '../../infra/mail/mailer.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { DueAlert } from './stock.repository.ts';

const texts = {
  uk: {
    subject: (name: string) => `«${name}» знову в наявності`,
    intro: (what: string) => `Ви просили повідомити, коли ${what} з’явиться в наявності. Вже можна замовити:`,
    size: 'розмір',
    color: 'колір',
    once: 'Це єдиний лист про цей товар: підписку виконано.',
    unsubscribe: 'Не хочете таких листів? Скасувати підписку:',
  },
  ru: {
    subject: (name: string) => `«${name}» снова в наличии`,
    intro: (what: string) => `Вы просили сообщить, когда ${what} появится в наличии. Уже можно заказать:`,
    size: 'размер',
    color: 'цвет',
    once: 'Это единственное письмо об этом товаре: подписка выполнена.',
    unsubscribe: 'Не хотите таких писем? Отменить подписку:',
  },
} as const;

/** The one mail a shopper waiting for a variant gets when it can be bought again, in their language. */
export function backInStockMail(alert: DueAlert, publicUrl: string): Omit<MailMessage, 'key'> {
  const language: Language = alert.language === 'ru' ? 'ru' : 'uk';
  const t = texts[language];
  const name = language === 'ru' && alert.name_ru ? alert.name_ru : alert.name;
  const color = language === 'ru' && alert.color_ru ? alert.color_ru : alert.color;
  const variant = [alert.size ? `${t.size} ${alert.size}` : null, color ? `${t.color} ${color}` : null]
    .filter(Boolean)
    .join(', ');
  const what = variant ? `«${name}» (${variant})` : `«${name}»`;
  const productUrl = `${publicUrl}${localizedPath(`/product/${alert.category_path}/${alert.slug}`, language)}`;
  const unsubscribeUrl = `${publicUrl}${localizedPath(`/stock-alerts/${alert.token}/unsubscribe`, language)}`;
  const text = [t.intro(what), productUrl, '', t.once, `${t.unsubscribe} ${unsubscribeUrl}`].join('\n');
  const html = [
    `<p>${escapeHtml(t.intro(what))}</p>`,
    `<p><a href="${escapeHtml(productUrl)}">${escapeHtml(name)}</a></p>`,
    `<p>${escapeHtml(t.once)}</p>`,
    `<p style="color:#666;font-size:12px">${escapeHtml(t.unsubscribe)} <a href="${escapeHtml(unsubscribeUrl)}">${escapeHtml(unsubscribeUrl)}</a></p>`,
  ].join('\n');
  return { to: alert.email, subject: t.subject(name), text, html };
}
