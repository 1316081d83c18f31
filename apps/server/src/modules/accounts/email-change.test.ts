import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, pgliteOnly, type TestContext } from '../../../test/helpers.ts';
import { type MailCatcher, startMailCatcher } from '../../../test/smtp.ts';
import { bearer, freshEmail, freshIp, signIn, signUp } from '../../../test/users.ts';
import { rateLimits } from '../../infra/rate-limit/rate-limiter.ts';

const publicUrl = 'https://shop.example.ua';
const throttled = { detail: expect.stringMatching(/^Request was throttled\. Expected available in \d+ seconds\.$/) };

describe.each(pgliteOnly)('changing the e-mail on %s', (backend) => {
  let ctx: TestContext;
  let smtp: MailCatcher;

  const patch = async (token: string, payload: object, headers: Record<string, string> = {}) => {
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/user-profile/',
      headers: { ...bearer(token), 'x-forwarded-for': freshIp(), ...headers },
      payload,
    });
    return { status: res.statusCode, body: res.json() };
  };
  const profile = async (token: string) => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/user-profile/', headers: bearer(token) });
    return { status: res.statusCode, body: res.json() };
  };
  const post = async (url: string, payload: object) => {
    const res = await ctx.app.inject({ method: 'POST', url, payload, headers: { 'x-forwarded-for': freshIp() } });
    return { status: res.statusCode, body: res.json() };
  };

  beforeAll(async () => {
    smtp = await startMailCatcher();
    // No account cache: each read sees the database as it is now.
    ctx = await createTestContext(backend, { SMTP_URL: smtp.url, PUBLIC_URL: publicUrl }, { accountCacheMs: 0 });
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  it('asks for the current password, and changes nothing without it or with a wrong one', async () => {
    const user = await signUp(ctx.app);
    const email = freshEmail('new');
    expect(await patch(user.access, { email, first_name: 'Марко' })).toEqual({
      status: 400,
      body: { current_password: ['validation.current_password_required'] },
    });
    expect(await patch(user.access, { email, current_password: '' })).toEqual({
      status: 400,
      body: { current_password: ['validation.current_password_required'] },
    });
    expect(await patch(user.access, { email, current_password: `${user.password}x` })).toEqual({
      status: 400,
      body: { current_password: ['validation.current_password_invalid'] },
    });
    expect((await profile(user.access)).body).toMatchObject({ email: user.email, first_name: 'Тарас' });
    expect((await post('/api/login/', { email_or_phone: user.email, password: user.password })).status).toBe(200);
  });

  it('names every problem at once: a taken address and a missing password', async () => {
    const user = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    expect(await patch(user.access, { email: other.email.toUpperCase() })).toEqual({
      status: 400,
      body: { current_password: ['validation.current_password_required'], email: ['This field must be unique.'] },
    });
  });

  it('needs no password for the other fields or for its own address re-cased', async () => {
    const user = await signUp(ctx.app);
    const res = await patch(user.access, { first_name: 'Марко', email: user.email.toUpperCase() });
    expect(res).toEqual({
      status: 200,
      body: { first_name: 'Марко', last_name: 'Шевченко', email: user.email, telephone: user.telephone },
    });
    await expect(smtp.next(300)).rejects.toThrow();
  });

  it('with the password: moves the address, ends every other sign-in, keeps this one and tells the old address', async () => {
    const user = await signUp(ctx.app);
    const elsewhere = await signIn(ctx.app, user.email, user.password);
    const email = freshEmail('moved');
    const res = await patch(user.access, { email, current_password: user.password });
    expect(res).toEqual({
      status: 200,
      body: { first_name: 'Тарас', last_name: 'Шевченко', email, telephone: user.telephone },
    });

    // This sign-in goes on, its refresh token included.
    expect((await profile(user.access)).status).toBe(200);
    const refreshed = await post('/api/token/refresh/', { refresh: user.refresh });
    expect(refreshed.status).toBe(200);
    expect((await profile(refreshed.body.access)).body).toMatchObject({ email });
    // The other one ends at once: its access token and its refresh token.
    expect(await profile(elsewhere.access)).toMatchObject({ status: 401, body: { code: 'token_not_valid' } });
    expect((await post('/api/token/refresh/', { refresh: elsewhere.refresh })).status).toBe(401);

    const mail = await smtp.next();
    expect(mail.recipients).toEqual([user.email]);
    expect(mail.parsed.subject).toBe('E-mail вашого облікового запису змінено');
    expect(mail.parsed.text).toContain(`змінено на ${email}.`);
    expect(mail.parsed.text).toContain(`${publicUrl}/contacts`);
    expect((await post('/api/login/', { email_or_phone: user.email, password: user.password })).status).toBe(401);
    expect((await post('/api/login/', { email_or_phone: email, password: user.password })).status).toBe(200);
  });

  it('writes the notice to the mail outbox with the change, so a crash before sending loses none', async () => {
    const user = await signUp(ctx.app);
    const email = freshEmail('kept');
    expect((await patch(user.access, { email, current_password: user.password })).status).toBe(200);
    const rows = await ctx.database.rows<{ kind: string; subject: string }>(
      sql`select kind, subject from mail_outbox where recipient = ${user.email}`,
    );
    expect(rows).toEqual([{ kind: 'email_changed', subject: 'E-mail вашого облікового запису змінено' }]);
    expect((await smtp.next()).recipients).toEqual([user.email]);
  });

  it('writes the notice in the language of the request', async () => {
    const user = await signUp(ctx.app);
    const email = freshEmail('ru');
    const res = await patch(user.access, { email, current_password: user.password }, { cookie: 'lng=ru' });
    expect(res.status).toBe(200);
    const mail = await smtp.next();
    expect(mail.recipients).toEqual([user.email]);
    expect(mail.parsed.subject).toBe('E-mail вашей учётной записи изменён');
    expect(mail.parsed.text).toContain(`${publicUrl}/ru/contacts`);
  });

  it('counts wrong passwords with the sign-in lockout, so a stolen token cannot guess on', async () => {
    const user = await signUp(ctx.app);
    const email = freshEmail('guess');
    for (let i = 0; i < rateLimits.loginPerAccount.limit; i++) {
      expect((await patch(user.access, { email, current_password: `guess-${i}` })).status).toBe(400);
    }
    expect(await patch(user.access, { email, current_password: user.password })).toMatchObject({
      status: 429,
      body: throttled,
    });
    expect(await post('/api/login/', { email_or_phone: user.telephone, password: user.password })).toMatchObject({
      status: 429,
      body: throttled,
    });
    expect((await profile(user.access)).body).toMatchObject({ email: user.email });
  });
});
