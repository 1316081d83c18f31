import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessToken,
  createTestContext,
  dialectBackends,
  type TestContext,
  testJwtSecret,
} from '../../../test/helpers.ts';
import { bearer, setActive, signIn, signUp, type TestUser } from '../../../test/users.ts';
import { refreshTokenTtlSeconds, tokenSigner } from './tokens.ts';

const secret = new TextEncoder().encode(testJwtSecret);
const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const refused = { detail: 'Token is invalid or expired.', code: 'token_not_valid' };

/** The same token with one claim changed and the signature kept. */
function tampered(token: string, changes: Record<string, unknown>): string {
  const [header, , signature] = token.split('.');
  return `${header}.${part({ ...decodeJwt(token), ...changes })}.${signature}`;
}

/** An unsigned token (`alg: none`) carrying the given token's claims. */
function unsigned(token: string): string {
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(decodeJwt(token))}.`;
}

describe.each(dialectBackends)('tokens on %s', (backend) => {
  let ctx: TestContext;
  let user: TestUser;

  const refresh = async (token: unknown) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: token } });
    return { status: res.statusCode, body: res.json() };
  };
  const profileStatus = async (token: string) =>
    (await ctx.app.inject({ url: '/api/user-profile/', headers: bearer(token) })).statusCode;

  beforeAll(async () => {
    ctx = await createTestContext(backend, {}, { accountCacheMs: 0 });
    user = await signUp(ctx.app);
  });
  afterAll(() => ctx?.close());

  describe('POST /api/token/refresh/', () => {
    it('exchanges a refresh token for a working access token and a new refresh token', async () => {
      const session = await signIn(ctx.app, user.email, user.password);
      const res = await refresh(session.refresh);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ access: expect.any(String), refresh: expect.any(String) });
      expect(res.body.refresh).not.toBe(session.refresh);
      expect(decodeJwt(res.body.access)).toMatchObject({ sub: String(user.id), type: 'access' });
      expect(await profileStatus(res.body.access)).toBe(200);
      // The successor works in turn.
      expect((await refresh(res.body.refresh)).status).toBe(200);
    });

    it('revokes the whole family when a rotated token is shown again, and only that family', async () => {
      const stolen = await signIn(ctx.app, user.email, user.password);
      const other = await signIn(ctx.app, user.email, user.password);
      const first = await refresh(stolen.refresh);
      const second = await refresh(first.body.refresh);
      expect(second.status).toBe(200);

      expect(await refresh(stolen.refresh)).toEqual({ status: 401, body: refused });
      // The newest token of the family is dead too, so whoever holds it must sign in again.
      expect(await refresh(second.body.refresh)).toEqual({ status: 401, body: refused });
      // Another sign-in of the same user is untouched.
      expect((await refresh(other.refresh)).status).toBe(200);
    });

    it('lets exactly one of two simultaneous exchanges of the same token through', async () => {
      const session = await signIn(ctx.app, user.email, user.password);
      const results = await Promise.all([refresh(session.refresh), refresh(session.refresh)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
    });

    it('refuses expired, tampered, unsigned and wrongly typed tokens', async () => {
      const session = await signIn(ctx.app, user.email, user.password);
      const eightDaysAgo = Date.now() - (refreshTokenTtlSeconds + 24 * 3600) * 1000;
      const expired = (await tokenSigner(secret, () => eightDaysAgo).refresh(user.id)).token;
      const candidates = {
        expired,
        'tampered subject': tampered(session.refresh, { sub: '999999' }),
        'alg none': unsigned(session.refresh),
        'an access token': session.access,
        'another secret': (await tokenSigner(new TextEncoder().encode('y'.repeat(40))).refresh(user.id)).token,
        garbage: 'not.a.jwt',
      };
      for (const [name, token] of Object.entries(candidates)) {
        expect(await refresh(token), name).toEqual({ status: 401, body: refused });
      }
      // None of those attempts harmed the real session.
      expect((await refresh(session.refresh)).status).toBe(200);
    });

    it('refuses a well-signed token the server never issued', async () => {
      const forged = await tokenSigner(secret).refresh(user.id);
      expect(await refresh(forged.token)).toEqual({ status: 401, body: refused });
    });

    it('refuses the tokens of a disabled account', async () => {
      const shopper = await signUp(ctx.app);
      await setActive(ctx.database, shopper.id, false);
      expect(await refresh(shopper.refresh)).toEqual({ status: 401, body: refused });
    });

    it('answers 400 for a missing or non-string token', async () => {
      expect((await refresh(undefined)).status).toBe(400);
      expect((await refresh(42)).body).toEqual({ refresh: [expect.any(String)] });
    });
  });

  describe('access tokens on a protected call', () => {
    it.each([
      ['expired', () => accessToken({ sub: '1' }, { expiresIn: Math.floor(Date.now() / 1000) - 10 })],
      ['signed with another secret', () => accessToken({ sub: '1' }, { secret: 'z'.repeat(40) })],
      ['a refresh token', async () => user.refresh],
    ])('refuses one that is %s', async (_, make) => {
      const res = await ctx.app.inject({ url: '/api/user-profile/', headers: bearer(await make()) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: expect.any(String), code: 'token_not_valid' });
    });

    it('refuses a tampered or unsigned copy of a good one', async () => {
      expect(await profileStatus(user.access)).toBe(200);
      expect(await profileStatus(tampered(user.access, { is_staff: true }))).toBe(401);
      expect(await profileStatus(tampered(user.access, { sub: String(user.id + 1) }))).toBe(401);
      expect(await profileStatus(unsigned(user.access))).toBe(401);
    });

    it('refuses a good token that has run out', async () => {
      const fifteenMinutesAgo = Date.now() - 16 * 60 * 1000;
      const old = await tokenSigner(secret, () => fifteenMinutesAgo).access(
        { id: user.id, isStaff: false, isSuperuser: false },
        decodeJwt(user.access).sid as string,
      );
      expect(await profileStatus(old)).toBe(401);
    });
  });
});
