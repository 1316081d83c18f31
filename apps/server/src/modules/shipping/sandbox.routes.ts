import crypto from 'node:crypto';
import type { Language } from '@kram/contract/languages';
import { formatHryvnias } from '@kram/contract/money';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptButtonForms } from '../../infra/http/empty-form.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { CarrierSandbox } from './nova-poshta/sandbox.ts';

const texts = {
  uk: {
    title: 'Нова Пошта — пісочниця магазину',
    note: 'Тут ви граєте роль перевізника: накладні, які магазин створив без ключа Нової Пошти, рухаються лише кнопками нижче. Магазин дізнається про зміни під час відстеження (кнопка «Оновити статуси в магазині» або за розкладом). Налаштуйте NOVA_POSHTA_API_KEY, щоб відправляти по-справжньому.',
    track: 'Оновити статуси в магазині',
    tracked: (asked: number, changed: number) => `Магазин запитав ${asked} накладних, змінилося ${changed}.`,
    empty: 'Накладних ще немає: створіть накладну в замовленні в бек-офісі.',
    number: 'Накладна',
    status: 'Статус',
    recipient: 'Одержувач',
    collect: 'Післяплата',
    back: 'повернення',
    moves: {
      '5': 'Прийняти до відправки',
      '7': 'Прибула у відділення',
      '9': 'Видати одержувачу',
      '11': 'Переказати гроші магазину',
      '103': 'Відмова одержувача',
      '105': 'Зберігання скінчилося',
    } as Record<string, string>,
  },
  ru: {
    title: 'Новая Почта — песочница магазина',
    note: 'Здесь вы играете роль перевозчика: накладные, которые магазин создал без ключа Новой Почты, двигаются только кнопками ниже. Магазин узнаёт об изменениях при отслеживании (кнопка «Обновить статусы в магазине» или по расписанию). Настройте NOVA_POSHTA_API_KEY, чтобы отправлять по-настоящему.',
    track: 'Обновить статусы в магазине',
    tracked: (asked: number, changed: number) => `Магазин запросил ${asked} накладных, изменилось ${changed}.`,
    empty: 'Накладных ещё нет: создайте накладную в заказе в бэк-офисе.',
    number: 'Накладная',
    status: 'Статус',
    recipient: 'Получатель',
    collect: 'Наложенный платёж',
    back: 'возврат',
    moves: {
      '5': 'Принять к отправке',
      '7': 'Прибыла в отделение',
      '9': 'Выдать получателю',
      '11': 'Перевести деньги магазину',
      '103': 'Отказ получателя',
      '105': 'Хранение закончилось',
    } as Record<string, string>,
  },
} as const;

const style = `
body{margin:0;font-family:Arial,sans-serif;background:#f3f3ef;color:#222}
main{max-width:960px;margin:24px auto;background:#fff;padding:24px;border-radius:8px}
h1{font-size:22px;margin:0 0 8px}.note{color:#555;font-size:14px;line-height:1.4}
table{border-collapse:collapse;width:100%;font-size:14px}th,td{text-align:left;padding:8px;border-bottom:1px solid #e5e5e5;vertical-align:top}
form{display:inline}button{font:inherit;font-size:14px;padding:6px 12px;border-radius:6px;border:0;cursor:pointer;margin:2px;background:#3f5f2a;color:#fff}
.track{background:#e5e5e5;color:#222;margin:8px 0 16px}.done{background:#ecfccb;padding:8px;border-radius:4px}
@media (max-width:640px){main{margin:0;border-radius:0;padding:16px}td,th{display:block;border:0;padding:4px 0}tr{display:block;border-bottom:1px solid #e5e5e5;padding:8px 0}thead{display:none}}`;

const policy = (nonce: string) =>
  [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

type Documents = Awaited<ReturnType<CarrierSandbox['documents']>>;

function sandboxListPage(language: Language, nonce: string, documents: Documents, notice?: string): string {
  const t = texts[language];
  const rows = documents
    .map((d) => {
      const buttons = d.moves
        .map(
          (code) =>
            `<form method="post" action="/shipping/sandbox/${encodeURIComponent(d.number)}/${code}"><button type="submit">${escapeHtml(t.moves[code] ?? code)}</button></form>`,
        )
        .join('');
      return (
        `<tr><td>${escapeHtml(d.number)}${d.isReturn ? ` (${t.back})` : ''}</td>` +
        `<td>${escapeHtml(d.status)}</td>` +
        `<td>${escapeHtml(d.recipient)}<br>${escapeHtml(d.city)}</td>` +
        `<td>${d.collected ? escapeHtml(formatHryvnias(d.collected)) : '—'}</td><td>${buttons}</td></tr>`
      );
    })
    .join('');
  const table = documents.length
    ? `<table><thead><tr><th>${t.number}</th><th>${t.status}</th><th>${t.recipient}</th><th>${t.collect}</th><th></th></tr></thead><tbody>${rows}</tbody></table>`
    : `<p>${t.empty}</p>`;
  return (
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">' +
    `<title>${escapeHtml(t.title)}</title><style nonce="${nonce}">${style}</style></head><body><main>` +
    `<h1>${t.title}</h1><p class="note">${t.note}</p>` +
    (notice ? `<p class="done">${escapeHtml(notice)}</p>` : '') +
    `<form method="post" action="/shipping/sandbox/track"><button class="track" type="submit">${t.track}</button></form>` +
    `${table}</main></body></html>`
  );
}

/**
 * The stand-in's page (no Nova Poshta key): a person plays the carrier, moving each waybill the shop
 * made, and asks the shop to track them now. Plain forms, no script.
 */
export const sandboxPageRoutes =
  (sandbox: CarrierSandbox, trackNow: () => Promise<{ asked: number; changed: number }>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/shipping/sandbox/',
      {
        schema: {
          hide: true,
          querystring: z.object({
            asked: z.coerce.number().int().min(0).optional(),
            changed: z.coerce.number().int().min(0).optional(),
          }),
        },
      },
      async (request, reply) => {
        const nonce = crypto.randomBytes(16).toString('base64');
        const { asked, changed } = request.query;
        const notice = asked !== undefined ? texts[request.language].tracked(asked, changed ?? 0) : undefined;
        return reply
          .header('content-security-policy', policy(nonce))
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(sandboxListPage(request.language, nonce, await sandbox.documents(), notice));
      },
    );

    await app.register(async (context) => {
      const actions = context.withTypeProvider<ZodTypeProvider>();
      acceptButtonForms(context);
      actions.post('/shipping/sandbox/track', { schema: { hide: true } }, async (_request, reply) => {
        const { asked, changed } = await trackNow();
        return reply.redirect(`/shipping/sandbox/?asked=${asked}&changed=${changed}`, 303);
      });
      actions.post(
        '/shipping/sandbox/:number/:code',
        {
          schema: {
            hide: true,
            params: z.object({
              number: z.string().regex(/^\d{14}$/),
              code: z.enum(['5', '7', '9', '11', '103', '105']),
            }),
          },
        },
        async (request, reply) => {
          try {
            await sandbox.move(request.params.number, request.params.code);
          } catch (error) {
            return reply.code(409).send({ detail: (error as Error).message });
          }
          return reply.redirect('/shipping/sandbox/', 303);
        },
      );
    });
  };
