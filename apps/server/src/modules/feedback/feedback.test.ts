import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solvedCaptcha } from '../../../test/captcha.ts';
import { createTestContext, pgliteOnly, type TestContext } from '../../../test/helpers.ts';
import { type MailCatcher, startMailCatcher } from '../../../test/smtp.ts';
import { freshEmail, freshIp } from '../../../test/users.ts';

const sent = { message: 'Thank you! Your message has been sent.' };

describe.each(pgliteOnly)('feedback on %s', (backend) => {
  let ctx: TestContext;
  let smtp: MailCatcher;

  const submit = async (payload: object, headers: Record<string, string> = {}) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/feedback/',
      payload,
      headers: { 'x-forwarded-for': freshIp(), ...headers },
    });
    return { status: res.statusCode, body: res.json() };
  };
  const stored = (email: string) =>
    ctx.database.rows<{ name: string; phone_number: string; email: string; message: string; language: string }>(
      sql`select name, phone_number, email, message, language from feedback_messages where email = ${email}`,
    );

  beforeAll(async () => {
    smtp = await startMailCatcher();
    ctx = await createTestContext(backend, {
      CAPTCHA_MAX_NUMBER: '1000',
      SMTP_URL: smtp.url,
      SHOP_EMAIL: 'orders@shop.example.ua',
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  it('stores the message and mails it to the shop, with Reply-To set to the sender', async () => {
    const email = freshEmail('writer');
    const res = await submit({
      name: ' Ірина ',
      phone_number: '+380 67 123 45 67',
      email,
      message: '  Чи є розмір XL?\nДякую. <script>alert(1)</script>  ',
      captcha: await solvedCaptcha(ctx.app),
    });
    expect(res).toEqual({ status: 201, body: sent });
    expect(await stored(email)).toEqual([
      {
        name: 'Ірина',
        phone_number: '+380671234567',
        email,
        message: 'Чи є розмір XL?\nДякую. <script>alert(1)</script>',
        language: 'uk',
      },
    ]);

    const mail = await smtp.next();
    expect(mail.recipients).toEqual(['orders@shop.example.ua']);
    expect(mail.parsed.replyTo).toEqual([{ address: email, name: '' }]);
    expect(mail.parsed.subject).toBe('Повідомлення з сайту від Ірина');
    expect(mail.parsed.text).toContain('Телефон: +380671234567');
    expect(mail.parsed.text).toContain('Чи є розмір XL?\nДякую.');
    expect(mail.parsed.html).toContain('&lt;script&gt;');
    expect(mail.parsed.html).not.toContain('<script>');
  });

  it('writes the mail in the language of the request', async () => {
    const email = freshEmail();
    const res = await submit(
      { name: 'Ирина', email, message: 'Вопрос', captcha: await solvedCaptcha(ctx.app) },
      { cookie: 'lng=ru' },
    );
    expect(res.status).toBe(201);
    const mail = await smtp.next();
    expect(mail.parsed.subject).toBe('Сообщение с сайта от Ирина');
    expect(mail.parsed.text).toContain('Телефон: не указан');
    expect((await stored(email))[0]?.language).toBe('ru');
  });

  it('answers the spec’s keys for missing fields', async () => {
    expect(await submit({})).toEqual({
      status: 400,
      body: {
        name: ['validation.firstname_required'],
        email: ['validation.email_required'],
        message: ['validation.feedback_message_required'],
        captcha: ['validation.captcha_required'],
      },
    });
    expect(await submit({ name: 'A', email: 'bad', phone_number: '123', message: ' ', captcha: ' ' })).toEqual({
      status: 400,
      body: {
        email: ['validation.invalid_email'],
        phone_number: ['validation.invalid_telephone'],
        message: ['validation.feedback_message_required'],
        captcha: ['validation.captcha_required'],
      },
    });
  });

  it('stores and sends nothing when the captcha fails', async () => {
    const email = freshEmail();
    const before = smtp.received.length;
    const res = await submit({ name: 'Бот', email, message: 'spam', captcha: 'bm90IGEgc29sdXRpb24=' });
    expect(res).toEqual({ status: 400, body: { captcha: ['Captcha verification failed.'] } });
    expect(await stored(email)).toEqual([]);
    expect(smtp.received.length).toBe(before);
  });

  it('leaves the captcha unspent when the message cannot be kept, so the retry goes through', async () => {
    await ctx.database.db.execute(
      sql.raw(`create function refuse_feedback() returns trigger language plpgsql
        as 'begin raise exception ''the disk is full''; end'`),
    );
    await ctx.database.db.execute(
      sql.raw(
        'create trigger refuse_feedback before insert on feedback_messages for each row execute function refuse_feedback()',
      ),
    );
    const email = freshEmail('retry');
    const form = { name: 'Ірина', email, message: 'Чи є розмір XL?', captcha: await solvedCaptcha(ctx.app) };
    ctx.expectErrorLog(/the disk is full/);
    expect((await submit(form)).status).toBe(500);
    await ctx.database.db.execute(sql.raw('drop trigger refuse_feedback on feedback_messages'));
    await ctx.database.db.execute(sql.raw('drop function refuse_feedback()'));
    expect(await submit(form)).toEqual({ status: 201, body: sent });
    expect(await stored(email)).toHaveLength(1);
    // Spent now: the same captcha once more is a replay.
    expect((await submit(form)).status).toBe(400);
  });
});

describe('feedback when the shop’s mail server is down', () => {
  it('keeps the message and still thanks the sender', async () => {
    const ctx = await createTestContext('pglite', { CAPTCHA_MAX_NUMBER: '1000', SMTP_URL: 'smtp://127.0.0.1:1' });
    ctx.expectErrorLog(/feedback saved but not mailed to the shop/);
    try {
      const email = freshEmail();
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/feedback/',
        payload: { name: 'Ірина', email, message: 'Питання', captcha: await solvedCaptcha(ctx.app) },
      });
      expect(res.statusCode).toBe(201);
      const rows = await ctx.database.rows(sql`select id from feedback_messages where email = ${email}`);
      expect(rows).toHaveLength(1);
    } finally {
      await ctx.close();
    }
  });
});
