import type { Language } from '@kram/contract/language';
import { orderNumber } from '@kram/contract/orders';
import { escapeHtml } from '../../lib/html.ts';

const texts = {
  uk: {
    title: 'Фіскальний чек',
    issuing: 'Чек формується: каса видасть його за хвилину-дві. Оновіть сторінку трохи згодом.',
    carrier: 'Замовлення оплачується під час отримання: фіскальний чек видає перевізник (Нова Пошта), коли ви платите.',
    none: 'Для цього замовлення фіскального чека ще немає. Він з’явиться після оплати.',
    missing: 'Замовлення не знайдено.',
    refresh: 'Оновити',
    order: (n: string) => `Замовлення ${n}`,
  },
  ru: {
    title: 'Фискальный чек',
    issuing: 'Чек формируется: касса выдаст его через минуту-две. Обновите страницу чуть позже.',
    carrier: 'Заказ оплачивается при получении: фискальный чек выдаёт перевозчик (Новая Почта), когда вы платите.',
    none: 'Для этого заказа фискального чека ещё нет. Он появится после оплаты.',
    missing: 'Заказ не найден.',
    refresh: 'Обновить',
    order: (n: string) => `Заказ ${n}`,
  },
} as const;

const style = `
body{margin:0;font-family:Arial,sans-serif;background:#f3f3ef;color:#222}
main{max-width:460px;margin:10vh auto;background:#fff;padding:32px;border-radius:8px}
h1{font-size:22px;margin:0 0 8px}p{line-height:1.5}a{display:inline-block;margin-top:12px;color:#fff;background:#3f5f2a;padding:10px 18px;border-radius:6px;text-decoration:none}`;

/** The page is static apart from its one style block, which carries the request's nonce. */
export const receiptPagePolicy = (nonce: string) =>
  [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    "form-action 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

/**
 * The buyer's receipt link while there is no receipt to show: it is being issued (come back), the
 * carrier issues it, there is none yet, or there is no such order.
 */
export function receiptWaitPage(
  language: Language,
  nonce: string,
  state: 'issuing' | 'carrier' | 'none' | 'missing',
  orderId?: string,
): string {
  const t = texts[language];
  const heading = orderId ? `${t.title} · ${t.order(orderNumber(orderId))}` : t.title;
  return (
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">' +
    `<title>${escapeHtml(t.title)}</title><style nonce="${nonce}">${style}</style></head><body><main>` +
    `<h1>${escapeHtml(heading)}</h1><p>${escapeHtml(t[state])}</p>` +
    (state === 'issuing' && orderId
      ? `<a href="/receipt/${encodeURIComponent(orderId)}">${escapeHtml(t.refresh)}</a>`
      : '') +
    '</main></body></html>'
  );
}
