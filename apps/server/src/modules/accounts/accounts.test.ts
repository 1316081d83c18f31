import { sql } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dialectBackends, type TestContext } from '../../../test/helpers.ts';
import {
  bearer,
  freshEmail,
  freshIp,
  freshTelephone,
  grantStaff,
  setActive,
  signUp,
  type TestUser,
} from '../../../test/users.ts';

describe.each(dialectBackends)('accounts on %s', (backend) => {
  let ctx: TestContext;

  const post = async (url: string, payload: unknown, headers: Record<string, string> = {}) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: { 'x-forwarded-for': freshIp(), ...headers },
    });
    return { status: res.statusCode, body: res.json() };
  };
  const profile = async (method: 'GET' | 'PATCH', token: string, payload?: object) => {
    const res = await ctx.app.inject({ method, url: '/api/user-profile/', headers: bearer(token), payload });
    return { status: res.statusCode, body: res.json() };
  };
  const registration = (overrides: Record<string, unknown> = {}) => ({
    first_name: 'Олена',
    last_name: 'Пчілка',
    email: freshEmail(),
    telephone: freshTelephone(),
    password: 'secret1',
    password2: 'secret1',
    ...overrides,
  });

  beforeAll(async () => {
    ctx = await createTestContext(backend, {}, { accountCacheMs: 0 });
  });
  afterAll(() => ctx?.close());

  describe('POST /api/register/', () => {
    it('creates the account, answers its profile (the e-mail in its one normal form) and stores only an Argon2id hash', async () => {
      const body = registration({
        first_name: ' Олена ',
        email: ' Olena.P@Example.com ',
        telephone: '+380 67 000 11 22',
        password: ' with spaces ',
        password2: ' with spaces ',
      });
      const res = await post('/api/register/', body);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        first_name: 'Олена',
        last_name: 'Пчілка',
        email: 'olena.p@example.com',
        telephone: '+380670001122',
      });
      const [row] = await ctx.database.rows<{ password_hash: string; is_active: boolean; is_staff: boolean }>(
        sqlUser('Olena.P@Example.com'),
      );
      expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row?.password_hash).not.toContain('with spaces');
      expect(row).toMatchObject({ is_active: true, is_staff: false });
      // Passwords keep their spaces: the stripped form does not sign in.
      expect(
        (await post('/api/login/', { email_or_phone: 'olena.p@example.com', password: 'withspaces' })).status,
      ).toBe(401);
      expect(
        (await post('/api/login/', { email_or_phone: 'olena.p@example.com', password: ' with spaces ' })).status,
      ).toBe(200);
    });

    it('refuses an e-mail taken in any case, and a taken telephone, with the messages the client maps', async () => {
      const first = registration();
      expect((await post('/api/register/', first)).status).toBe(201);

      const sameEmail = await post('/api/register/', registration({ email: first.email.toUpperCase() }));
      expect(sameEmail).toEqual({ status: 400, body: { email: ['This field must be unique.'] } });

      const samePhone = await post('/api/register/', registration({ telephone: first.telephone }));
      expect(samePhone).toEqual({ status: 400, body: { telephone: ['This field must be unique.'] } });

      const both = await post('/api/register/', registration({ email: first.email, telephone: first.telephone }));
      expect(both).toEqual({
        status: 400,
        body: { email: ['This field must be unique.'], telephone: ['This field must be unique.'] },
      });
    });

    it('keeps one account when the same registration races itself', async () => {
      const body = registration();
      const results = await Promise.all([1, 2, 3].map(() => post('/api/register/', body)));
      expect(results.map((r) => r.status).sort()).toEqual([201, 400, 400]);
      for (const r of results.filter((x) => x.status === 400)) {
        expect(Object.values(r.body).flat()).toEqual(expect.arrayContaining(['This field must be unique.']));
      }
      const rows = await ctx.database.rows<{ n: number }>(sqlCount(body.email));
      expect(rows[0]?.n).toBe(1);
    });

    it('answers the spec’s message keys for every bad field', async () => {
      const res = await post('/api/register/', {
        first_name: ' ',
        last_name: '',
        email: 'not-an-email',
        telephone: '0501234567',
        password: '123',
        password2: '123',
      });
      expect(res).toEqual({
        status: 400,
        body: {
          first_name: ['validation.firstname_required'],
          last_name: ['validation.lastname_required'],
          email: ['validation.invalid_email'],
          telephone: ['validation.invalid_telephone'],
          password: ['validation.password_length'],
        },
      });
      expect((await post('/api/register/', registration({ password2: 'other12' }))).body).toEqual({
        password2: ['validation.passwords_mismatch'],
      });
    });

    it('refuses fields it does not know, so nobody registers as staff', async () => {
      const res = await post('/api/register/', registration({ is_staff: true }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ non_field_errors: [expect.stringContaining('is_staff')] });
    });
  });

  describe('POST /api/login/', () => {
    let user: TestUser;
    beforeAll(async () => {
      user = await signUp(ctx.app, { email: freshEmail('Login.Case') });
    });

    it('signs in by e-mail in any case, answering tokens and flags', async () => {
      const res = await post('/api/login/', {
        email_or_phone: ` ${user.email.toUpperCase()} `,
        password: user.password,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        access: expect.any(String),
        refresh: expect.any(String),
        is_superuser: false,
        is_staff: false,
      });
    });

    it('signs in by telephone, typed with spaces', async () => {
      const spaced = user.telephone.replace(/^(\+380)(\d\d)(\d{3})(\d\d)(\d\d)$/, '$1 $2 $3 $4 $5');
      const res = await post('/api/login/', { email_or_phone: spaced, password: user.password });
      expect(res.status).toBe(200);
    });

    it('issues an HS256 access token of 15 minutes with exactly the expected claims', async () => {
      const { body } = await post('/api/login/', { email_or_phone: user.email, password: user.password });
      expect(decodeProtectedHeader(body.access)).toEqual({ alg: 'HS256', typ: 'JWT' });
      const access = decodeJwt(body.access);
      expect(Object.keys(access).sort()).toEqual([
        'exp',
        'iat',
        'is_staff',
        'is_superuser',
        'jti',
        'sid',
        'sub',
        'type',
      ]);
      expect(access).toMatchObject({ sub: String(user.id), type: 'access', is_staff: false, is_superuser: false });
      expect((access.exp ?? 0) - (access.iat ?? 0)).toBe(15 * 60);
      const refresh = decodeJwt(body.refresh);
      expect(refresh).toMatchObject({ sub: String(user.id), type: 'refresh' });
      expect((refresh.exp ?? 0) - (refresh.iat ?? 0)).toBe(7 * 24 * 60 * 60);
    });

    it('answers 401 "Incorrect credentials." for a wrong password, an unknown e-mail or telephone', async () => {
      for (const payload of [
        { email_or_phone: user.email, password: `${user.password}x` },
        { email_or_phone: freshEmail(), password: user.password },
        { email_or_phone: freshTelephone(), password: user.password },
      ]) {
        expect(await post('/api/login/', payload)).toEqual({ status: 401, body: { detail: 'Incorrect credentials.' } });
      }
    });

    it('tells a disabled account so only when the password is right', async () => {
      const disabled = await signUp(ctx.app);
      await setActive(ctx.database, disabled.id, false);
      expect(await post('/api/login/', { email_or_phone: disabled.email, password: disabled.password })).toEqual({
        status: 403,
        body: { detail: 'User account is disabled.' },
      });
      expect(await post('/api/login/', { email_or_phone: disabled.email, password: 'wrong-one' })).toEqual({
        status: 401,
        body: { detail: 'Incorrect credentials.' },
      });
    });

    it('answers staff flags for staff', async () => {
      const staff = await signUp(ctx.app);
      await grantStaff(ctx.database, staff.id);
      const res = await post('/api/login/', { email_or_phone: staff.email, password: staff.password });
      expect(res.body).toMatchObject({ is_staff: true, is_superuser: true });
      expect(decodeJwt(res.body.access)).toMatchObject({ is_staff: true, is_superuser: true });
    });

    it('validates with the spec’s keys', async () => {
      expect(await post('/api/login/', { email_or_phone: ' ', password: '' })).toEqual({
        status: 400,
        body: {
          email_or_phone: ['validation.email_or_phone_required'],
          password: ['validation.password_required'],
        },
      });
      expect((await post('/api/login/', { email_or_phone: '12345', password: 'x' })).body).toEqual({
        email_or_phone: ['validation.invalid_telephone'],
      });
    });
  });

  describe('/api/user-profile/', () => {
    it('answers the signed-in shopper’s profile', async () => {
      const user = await signUp(ctx.app);
      expect(await profile('GET', user.access)).toEqual({
        status: 200,
        body: { first_name: 'Тарас', last_name: 'Шевченко', email: user.email, telephone: user.telephone },
      });
    });

    it('changes the fields given and keeps the rest; names keep their inner spaces', async () => {
      const user = await signUp(ctx.app);
      const email = freshEmail('new');
      const res = await profile('PATCH', user.access, {
        first_name: ' Анна Марія ',
        email: ` ${email} `,
        current_password: user.password,
      });
      expect(res).toEqual({
        status: 200,
        body: { first_name: 'Анна Марія', last_name: 'Шевченко', email, telephone: user.telephone },
      });
      expect((await profile('GET', user.access)).body).toEqual(res.body);
      // The new e-mail signs in; the old one no longer does.
      expect((await post('/api/login/', { email_or_phone: email, password: user.password })).status).toBe(200);
      expect((await post('/api/login/', { email_or_phone: user.email, password: user.password })).status).toBe(401);
    });

    it('answers the profile unchanged for an empty or absent body', async () => {
      const user = await signUp(ctx.app);
      const before = (await profile('GET', user.access)).body;
      expect(await profile('PATCH', user.access, {})).toEqual({ status: 200, body: before });
      expect(await profile('PATCH', user.access)).toEqual({ status: 200, body: before });
      const emptyJson = await ctx.app.inject({
        method: 'PATCH',
        url: '/api/user-profile/',
        headers: { ...bearer(user.access), 'content-type': 'application/json' },
      });
      expect(emptyJson.statusCode).toBe(200);
      expect(emptyJson.json()).toEqual(before);
    });

    it('keeps e-mail and telephone unique, and a re-cased own e-mail is the same address', async () => {
      const a = await signUp(ctx.app);
      const b = await signUp(ctx.app);
      const taken = { email: b.email.toUpperCase(), telephone: b.telephone, current_password: a.password };
      expect(await profile('PATCH', a.access, taken)).toEqual({
        status: 400,
        body: { email: ['This field must be unique.'], telephone: ['This field must be unique.'] },
      });
      const recased = await profile('PATCH', a.access, { email: a.email.toUpperCase(), telephone: a.telephone });
      expect(recased.status).toBe(200);
      expect(recased.body.email).toBe(a.email);
    });

    it('validates e-mail and telephone as registration does, and refuses unknown fields', async () => {
      const user = await signUp(ctx.app);
      expect(await profile('PATCH', user.access, { email: 'nope', telephone: '380501234567' })).toEqual({
        status: 400,
        body: { email: ['validation.invalid_email'], telephone: ['validation.invalid_telephone'] },
      });
      const staff = await profile('PATCH', user.access, { is_staff: true });
      expect(staff.status).toBe(400);
      expect((await profile('GET', user.access)).body.email).toBe(user.email);
    });
  });

  describe('a disabled or deleted account', () => {
    it('stops its access tokens working, and staff flags follow the database', async () => {
      const user = await signUp(ctx.app);
      expect((await profile('GET', user.access)).status).toBe(200);
      await setActive(ctx.database, user.id, false);
      expect(await profile('GET', user.access)).toEqual({
        status: 401,
        body: { detail: 'Given token not valid for any token type', code: 'token_not_valid' },
      });
      await setActive(ctx.database, user.id, true);
      expect((await profile('GET', user.access)).status).toBe(200);

      await ctx.database.rows(sqlDelete(user.id));
      expect((await profile('GET', user.access)).status).toBe(401);
    });
  });

  it('documents every accounts call in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject('/api/docs')).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/register/',
        '/api/login/',
        '/api/token/refresh/',
        '/api/password-reset-request/',
        '/api/reset-password/',
        '/api/user-profile/',
        '/api/wishlist/',
        '/api/wishlist/remove/',
        '/api/rate-product/',
        '/api/feedback/',
        '/api/captcha/challenge/',
      ]),
    );
    expect(doc.paths['/api/user-profile/'].get.security).toEqual([{ bearer: [] }]);
    expect(doc.components.schemas.RegisterRequestInput.additionalProperties).toBe(false);
  });
});

// Raw statements for checking what the API stored; the API itself is what is under test.
const sqlUser = (email: string) =>
  sql`select password_hash, is_active, is_staff from users where lower(email) = lower(${email})`;
const sqlCount = (email: string) => sql`select count(*)::int as n from users where lower(email) = lower(${email})`;
const sqlDelete = (id: number) => sql`delete from users where id = ${id} returning id`;
