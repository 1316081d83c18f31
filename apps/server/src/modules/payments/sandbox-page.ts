import type { Language } from '@kram/contract/language';
import { formatHryvnias } from '@kram/contract/money';
import { orderNumber } from '@kram/contract/orders';
import { escapeHtml } from '../../lib/html.ts';

const texts = {
  uk: {
    title: 'Оплата замовлення',
    badge: 'Тестова оплата',
    note: 'Це пісочниця магазину: картку не потрібно вводити, гроші не списуються. Налаштуйте MONOBANK_TOKEN, щоб приймати справжні платежі.',
    pay: 'Сплатити',
    decline: 'Відхилити',
    paid: 'Цей рахунок уже сплачено.',
    failed: 'Оплату цього рахунку відхилено.',
    toOrder: 'До замовлення',
    toCheckout: 'Повернутися до оформлення',
    missing: 'Рахунок не знайдено.',
    home: 'На головну',
  },
  ru: {
    title: 'Оплата заказа',
    badge: 'Тестовая оплата',
    note: 'Это песочница магазина: карту вводить не нужно, деньги не списываются. Настройте MONOBANK_TOKEN, чтобы принимать настоящие платежи.',
    pay: 'Оплатить',
    decline: 'Отклонить',
    paid: 'Этот счёт уже оплачен.',
    failed: 'Оплата этого счёта отклонена.',
    toOrder: 'К заказу',
    toCheckout: 'Вернуться к оформлению',
    missing: 'Счёт не найден.',
    home: 'На главную',
  },
} as const;

const style = `
body{margin:0;font-family:Arial,sans-serif;background:#f3f3ef;color:#222}
main{max-width:420px;margin:10vh auto;background:#fff;padding:32px;border-radius:8px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
.badge{display:inline-block;background:#fde68a;border-radius:4px;padding:2px 8px;font-size:13px}
h1{font-size:22px;margin:16px 0 8px}.amount{font-size:34px;font-weight:bold;margin:8px 0 16px}
.note{color:#555;font-size:14px;line-height:1.4}form{display:inline}
button,a.button{font:inherit;font-size:16px;padding:12px 22px;border-radius:6px;border:0;cursor:pointer;margin:16px 8px 0 0;display:inline-block;text-decoration:none}
.pay{background:#3f5f2a;color:#fff}.decline{background:#e5e5e5;color:#222}`;

function page(language: Language, nonce: string, title: string, body: string) {
  return (
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">' +
    `<title>${escapeHtml(title)}</title><style nonce="${nonce}">${style}</style></head>` +
    `<body><main>${body}</main></body></html>`
  );
}

export interface SandboxInvoiceView {
  invoiceId: string;
  orderId: string;
  amount: string;
  status: string;
}

/** The sandbox's payment page: the amount, Pay and Decline (plain forms, no script). */
export function sandboxPage(language: Language, nonce: string, invoice: SandboxInvoiceView): string {
  const t = texts[language];
  const heading = `${t.title} ${orderNumber(invoice.orderId)}`;
  const head = `<span class="badge">${t.badge}</span><h1>${escapeHtml(heading)}</h1>`;
  const amount = `<p class="amount">${escapeHtml(formatHryvnias(invoice.amount))}</p>`;
  const action = (outcome: string) => `/api/payments/sandbox/${encodeURIComponent(invoice.invoiceId)}/${outcome}`;
  if (invoice.status === 'success') {
    const link = `/success-order?order_id=${encodeURIComponent(invoice.orderId)}`;
    return page(
      language,
      nonce,
      heading,
      `${head}${amount}<p>${t.paid}</p><a class="button pay" href="${link}">${t.toOrder}</a>`,
    );
  }
  if (invoice.status === 'failure' || invoice.status === 'expired' || invoice.status === 'reversed') {
    return page(
      language,
      nonce,
      heading,
      `${head}${amount}<p>${t.failed}</p><a class="button decline" href="/checkout">${t.toCheckout}</a>`,
    );
  }
  return page(
    language,
    nonce,
    heading,
    `${head}${amount}<p class="note">${t.note}</p>` +
      `<form method="post" action="${escapeHtml(action('success'))}"><button class="pay" type="submit">${t.pay}</button></form>` +
      `<form method="post" action="${escapeHtml(action('failure'))}"><button class="decline" type="submit">${t.decline}</button></form>`,
  );
}

export function sandboxMissingPage(language: Language, nonce: string): string {
  const t = texts[language];
  return page(language, nonce, t.missing, `<h1>${t.missing}</h1><a class="button decline" href="/">${t.home}</a>`);
}

/** Only our own nonce'd style; forms post to this origin only. */
export const sandboxPagePolicy = (nonce: string) =>
  [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
