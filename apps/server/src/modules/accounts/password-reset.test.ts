import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, pgliteOnly, type TestContext } from '../../../test/helpers.ts';
import { type MailCatcher, startMailCatcher } from '../../../test/smtp.ts';
import { freshEmail, freshIp, signIn, signUp, type TestUser } from '../../../test/users.ts';
import { decodeUid, encodeUid } from './password-reset.service.ts';

const publicUrl = 'https://shop.example.ua';
const tokenRefused = { token: ['Token is invalid or expired.'] };

describe.each(pgliteOnly)('password reset on %s', (backend) => {
  let ctx: TestContext;
  let smtp: MailCatcher;

  const post = async (url: string, payload: object, headers: Record<string, string> = {}) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'x-forwarded-for': freshIp(), ...headers },
    });
    return { status: res.statusCode, body: res.json() };
  };
  const login = (email: string, password: string) => post('/api/login/', { email_or_phone: email, password });

  /** Asks for a link and reads token and uid back out of the mail, as a shopper's click would. */
  async function requestLink(user: TestUser, headers: Record<string, string> = {}, lng?: 'uk' | 'ru') {
    const res = await post('/api/password-reset-request/', { email: user.email, ...(lng ? { lng } : {}) }, headers);
    expect(res).toEqual({ status: 200, body: { message: 'Password reset link sent.' } });
    const mail = await smtp.next();
    const href = mail.parsed.text?.match(/https:\/\/\S+/)?.[0];
    if (!href) throw new Error(`no link in the mail:\n${mail.parsed.text}`);
    const link = new URL(href);
    return {
      mail,
      link,
      token: link.searchParams.get('token') as string,
      uid: link.searchParams.get('uid') as string,
    };
  }

  beforeAll(async () => {
    smtp = await startMailCatcher();
    ctx = await createTestContext(backend, {
      SMTP_URL: smtp.url,
      PUBLIC_URL: publicUrl,
      MAIL_FROM: 'Kram <noreply@shop.example.ua>',
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  it('works end to end: request, mail over SMTP, follow the link, set the password, sign in', async () => {
    const user = await signUp(ctx.app);
    const { mail, link, token, uid } = await requestLink(user);

    expect(mail.recipients).toEqual([user.email]);
    expect(mail.parsed.from).toMatchObject({ address: 'noreply@shop.example.ua', name: 'Kram' });
    expect(`${link.origin}${link.pathname}`).toBe(`${publicUrl}/change-password`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(decodeUid(uid)).toBe(user.id);
    // Both parts carry the link; the HTML one escapes it properly.
    expect(mail.parsed.html).toContain(link.toString().replaceAll('&', '&amp;'));

    const reset = await post('/api/reset-password/', { token, uid, new_password: 'brand-new1' });
    expect(reset).toEqual({ status: 200, body: { message: 'Password has been reset.' } });
    expect((await login(user.email, 'brand-new1')).status).toBe(200);
    expect(await login(user.email, user.password)).toEqual({ status: 401, body: { detail: 'Incorrect credentials.' } });
  });

  it('uses a link once, and ends every sign-in of the account', async () => {
    const user = await signUp(ctx.app);
    const other = await signIn(ctx.app, user.email, user.password);
    const { token, uid } = await requestLink(user);
    expect((await post('/api/reset-password/', { token, uid, new_password: 'first-new' })).status).toBe(200);

    expect(await post('/api/reset-password/', { token, uid, new_password: 'second-new' })).toEqual({
      status: 400,
      body: tokenRefused,
    });
    for (const refresh of [user.refresh, other.refresh]) {
      expect((await post('/api/token/refresh/', { refresh })).status).toBe(401);
    }
    expect((await login(user.email, 'first-new')).status).toBe(200);
  });

  it('kills every other outstanding link when the password changes', async () => {
    const user = await signUp(ctx.app);
    const first = await requestLink(user);
    const second = await requestLink(user);
    const linkOf = ({ token, uid }: { token: string; uid: string }) => ({ token, uid });
    expect((await post('/api/reset-password/', { ...linkOf(second), new_password: 'changed1' })).status).toBe(200);
    expect(await post('/api/reset-password/', { ...linkOf(first), new_password: 'changed2' })).toEqual({
      status: 400,
      body: tokenRefused,
    });
  });

  it('refuses a link after its hour', async () => {
    const user = await signUp(ctx.app);
    const { token, uid } = await requestLink(user);
    await ctx.database.db.execute(
      sql`update password_reset_tokens set expires_at = now() - interval '1 second' where user_id = ${user.id}`,
    );
    expect(await post('/api/reset-password/', { token, uid, new_password: 'too-late1' })).toEqual({
      status: 400,
      body: tokenRefused,
    });
    expect((await login(user.email, user.password)).status).toBe(200);
  });

  it('refuses a token with another user’s uid, a made-up token and a malformed uid', async () => {
    const owner = await signUp(ctx.app);
    const victim = await signUp(ctx.app);
    const { token, uid } = await requestLink(owner);
    for (const attempt of [
      { token, uid: encodeUid(victim.id) },
      { token: 'A'.repeat(43), uid },
      { token, uid: '!!!' },
      { token, uid: encodeUid(0) },
    ]) {
      expect(await post('/api/reset-password/', { ...attempt, new_password: 'hijack12' })).toEqual({
        status: 400,
        body: tokenRefused,
      });
    }
    expect((await login(victim.email, victim.password)).status).toBe(200);
    // The owner's link survived the attempts.
    expect((await post('/api/reset-password/', { token, uid, new_password: 'owner-new' })).status).toBe(200);
  });

  it('checks the new password with the registration rules', async () => {
    expect(await post('/api/reset-password/', { token: 't', uid: 'MQ', new_password: '12345' })).toEqual({
      status: 400,
      body: { new_password: ['validation.password_length'] },
    });
  });

  it('answers an unknown address exactly as a known one, and mails only the known one', async () => {
    const user = await signUp(ctx.app);
    const unknown = freshEmail();
    const before = smtp.received.length;
    const answers = [await post('/api/password-reset-request/', { email: unknown })];
    answers.push(await post('/api/password-reset-request/', { email: user.email }));
    for (const answer of answers)
      expect(answer).toEqual({ status: 200, body: { message: 'Password reset link sent.' } });
    expect((await smtp.next()).recipients).toEqual([user.email]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.received.length).toBe(before + 1);
  });

  it('validates the address', async () => {
    expect(await post('/api/password-reset-request/', { email: 'nope' })).toEqual({
      status: 400,
      body: { email: ['validation.invalid_email'] },
    });
  });

  it('finds the account whatever the case of the e-mail', async () => {
    const user = await signUp(ctx.app);
    const res = await post('/api/password-reset-request/', { email: user.email.toUpperCase() });
    expect(res.status).toBe(200);
    expect((await smtp.next()).recipients).toEqual([user.email]);
  });

  describe('the mail’s language', () => {
    // A shopper of their own per test: each address may ask for three links an hour.
    const shopper = () => signUp(ctx.app, { first_name: 'Богдан' });

    it('is Ukrainian by default', async () => {
      const { mail } = await requestLink(await shopper());
      expect(mail.parsed.subject).toBe('Відновлення пароля');
      expect(mail.parsed.text).toContain('Вітаємо, Богдан!');
      expect(mail.parsed.html).toContain('lang="uk"');
    });

    it('follows Accept-Language', async () => {
      const { mail } = await requestLink(await shopper(), { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' });
      expect(mail.parsed.subject).toBe('Восстановление пароля');
      expect(mail.parsed.text).toContain('Здравствуйте, Богдан!');
    });

    it('prefers the lng cookie to Accept-Language, and the lng field to both', async () => {
      const user = await shopper();
      const byCookie = await requestLink(user, { cookie: 'theme=dark; lng=ru', 'accept-language': 'uk' });
      expect(byCookie.mail.parsed.subject).toBe('Восстановление пароля');
      const byField = await requestLink(user, { cookie: 'lng=ru' }, 'uk');
      expect(byField.mail.parsed.subject).toBe('Відновлення пароля');
    });

    it('links to the reset page in the mail’s language: Russian under /ru/', async () => {
      const user = await shopper();
      const ru = await requestLink(user, {}, 'ru');
      expect(ru.link.pathname).toBe('/ru/change-password');
      expect(ru.mail.parsed.html).toContain(`/ru/change-password?token=${ru.token}`);
      const uk = await requestLink(user, {}, 'uk');
      expect(uk.link.pathname).toBe('/change-password');
    });
  });

  it('sends nothing to a disabled account and says nothing about it', async () => {
    const user = await signUp(ctx.app);
    await ctx.database.db.execute(sql`update users set is_active = false where id = ${user.id}`);
    const before = smtp.received.length;
    expect(await post('/api/password-reset-request/', { email: user.email })).toEqual({
      status: 200,
      body: { message: 'Password reset link sent.' },
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.received.length).toBe(before);
  });
});

describe('password reset when the mail cannot be sent', () => {
  it('answers as usual (a failure only for known addresses would tell them apart) and logs the failure', async () => {
    // Nothing listens on port 1.
    const ctx = await createTestContext('pglite', { SMTP_URL: 'smtp://127.0.0.1:1' });
    ctx.expectErrorLog(/password reset mail could not be sent/);
    try {
      const user = await signUp(ctx.app);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/password-reset-request/',
        payload: { email: user.email },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Password reset link sent.' });
    } finally {
      // Closing waits for the mail under way, so its failure is logged within this test.
      await ctx.close();
    }
  });
});
