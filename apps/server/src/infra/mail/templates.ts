import type { Language } from '@kram/contract/language';
import { escapeHtml } from '../../lib/html.ts';
import type { MailMessage } from './mailer.ts';

const page = (language: Language, body: string) =>
  `<!doctype html><html lang="${language}"><head><meta charset="utf-8"></head>` +
  `<body style="font-family:Arial,sans-serif;font-size:15px;line-height:1.5;color:#222">${body}</body></html>`;

const paragraphs = (lines: string[]) => lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('');

const resetTexts = {
  uk: {
    subject: 'Відновлення пароля',
    greeting: (name: string) => (name ? `Вітаємо, ${name}!` : 'Вітаємо!'),
    intro: 'Ми отримали запит на зміну пароля до вашого облікового запису.',
    action: 'Щоб встановити новий пароль, перейдіть за посиланням. Воно діє одну годину і лише один раз:',
    button: 'Встановити новий пароль',
    ignore: 'Якщо ви не надсилали запит, просто проігноруйте цей лист: пароль залишиться попереднім.',
  },
  ru: {
    subject: 'Восстановление пароля',
    greeting: (name: string) => (name ? `Здравствуйте, ${name}!` : 'Здравствуйте!'),
    intro: 'Мы получили запрос на смену пароля для вашей учётной записи.',
    action: 'Чтобы установить новый пароль, перейдите по ссылке. Она действует один час и только один раз:',
    button: 'Установить новый пароль',
    ignore: 'Если вы не отправляли запрос, просто проигнорируйте это письмо: пароль останется прежним.',
  },
} as const;

export function passwordResetMail(language: Language, to: { email: string; name: string }, link: string): MailMessage {
  const t = resetTexts[language];
  const greeting = t.greeting(to.name);
  return {
    to: to.email,
    subject: t.subject,
    text: [greeting, '', t.intro, t.action, link, '', t.ignore, ''].join('\n'),
    html: page(
      language,
      paragraphs([greeting, t.intro, t.action]) +
        `<p><a href="${escapeHtml(link)}">${escapeHtml(t.button)}</a></p>` +
        `<p style="word-break:break-all;color:#555">${escapeHtml(link)}</p>` +
        paragraphs([t.ignore]),
    ),
  };
}

const feedbackTexts = {
  uk: { subject: 'Повідомлення з сайту від', name: "Ім'я", phone: 'Телефон', email: 'E-mail', none: 'не вказано' },
  ru: { subject: 'Сообщение с сайта от', name: 'Имя', phone: 'Телефон', email: 'E-mail', none: 'не указан' },
} as const;

export interface FeedbackMailInput {
  name: string;
  phoneNumber: string;
  email: string;
  message: string;
}

/** The contact form's message, to the shop; replying answers the shopper. */
export function feedbackMail(language: Language, shopEmail: string, input: FeedbackMailInput): MailMessage {
  const t = feedbackTexts[language];
  const fields: [string, string][] = [
    [t.name, input.name],
    [t.phone, input.phoneNumber || t.none],
    [t.email, input.email],
  ];
  return {
    to: shopEmail,
    replyTo: input.email,
    subject: `${t.subject} ${input.name}`,
    text: [...fields.map(([label, value]) => `${label}: ${value}`), '', input.message, ''].join('\n'),
    html: page(
      language,
      `<table>${fields.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</table>` +
        `<p style="white-space:pre-wrap">${escapeHtml(input.message)}</p>`,
    ),
  };
}

const emailChangedTexts = {
  uk: {
    subject: 'E-mail вашого облікового запису змінено',
    greeting: (name: string) => (name ? `Вітаємо, ${name}!` : 'Вітаємо!'),
    changed: (address: string) => `E-mail вашого облікового запису змінено на ${address}.`,
    after:
      'Листи магазину, зокрема посилання для відновлення пароля, тепер надходять на нову адресу. Усі інші входи до облікового запису завершено.',
    notYou: 'Якщо це зробили не ви, негайно напишіть нам через сторінку контактів:',
  },
  ru: {
    subject: 'E-mail вашей учётной записи изменён',
    greeting: (name: string) => (name ? `Здравствуйте, ${name}!` : 'Здравствуйте!'),
    changed: (address: string) => `E-mail вашей учётной записи изменён на ${address}.`,
    after:
      'Письма магазина, в том числе ссылки для восстановления пароля, теперь приходят на новый адрес. Все остальные входы в учётную запись завершены.',
    notYou: 'Если это сделали не вы, немедленно напишите нам через страницу контактов:',
  },
} as const;

/** To the address an account had before its e-mail changed: what happened, and whom to tell if it was not them. */
export function emailChangedMail(
  language: Language,
  to: { email: string; name: string },
  newEmail: string,
  contactsLink: string,
): MailMessage {
  const t = emailChangedTexts[language];
  const greeting = t.greeting(to.name);
  const changed = t.changed(newEmail);
  return {
    to: to.email,
    subject: t.subject,
    text: [greeting, '', changed, t.after, '', t.notYou, contactsLink, ''].join('\n'),
    html: page(
      language,
      paragraphs([greeting, changed, t.after, t.notYou]) +
        `<p><a href="${escapeHtml(contactsLink)}">${escapeHtml(contactsLink)}</a></p>`,
    ),
  };
}
