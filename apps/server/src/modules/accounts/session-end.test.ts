import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, pgliteOnly, type TestContext } from '../../../test/helpers.ts';
import { type CatalogProduct, catalogProducts, lineOf, orderPayload } from '../../../test/orders.ts';
import { type MailCatcher, startMailCatcher } from '../../../test/smtp.ts';
import { bearer, freshIp, setActive, signIn, signUp, type TestUser } from '../../../test/users.ts';

const tokenNotValid = { detail: 'Given token not valid for any token type', code: 'token_not_valid' };

// The default account cache (5 s): every test warms it first, so what is checked is that a change
// takes effect inside that window, not after it.
describe.each(pgliteOnly)('ending access on %s', (backend) => {
  let ctx: TestContext;
  let smtp: MailCatcher;
  let product: CatalogProduct;

  const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) => {
    const res = await ctx.app.inject({
      method,
      url,
      payload,
      headers: { ...bearer(token), 'x-forwarded-for': freshIp() },
    });
    return { status: res.statusCode, body: res.body ? res.json() : null };
  };
  const profile = (token: string) => call('GET', '/api/user-profile/', token);
  /** The calls of a signed-in shopper that write something under the account's id. */
  const writes = (token: string) => ({
    'wishlist add': () => call('POST', '/api/wishlist/', token, { product_id: product.id }),
    rating: () => call('POST', '/api/rate-product/', token, { product_id: product.id, rating: 4 }),
    order: () =>
      call('POST', '/api/orders/', token, orderPayload([lineOf(product)], { amount: Number(product.price) })),
    'profile change': () => call('PATCH', '/api/user-profile/', token, { first_name: 'Ніхто' }),
  });

  beforeAll(async () => {
    smtp = await startMailCatcher();
    ctx = await createTestContext(backend, { SMTP_URL: smtp.url });
    const products = await catalogProducts(ctx.database);
    product = products.find((p) => p.inStock) as CatalogProduct;
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  it('carries its sign-in in the access token', async () => {
    const user = await signUp(ctx.app);
    const { sid } = decodeJwt(user.access);
    const [family] = await ctx.database.rows<{ id: string }>(
      sql`select id from refresh_token_families where user_id = ${user.id}`,
    );
    expect(sid).toBe(family?.id);
  });

  describe('a deleted account', () => {
    it.each(['wishlist add', 'rating', 'order', 'profile change'] as const)(
      'answers 401 to %s at once, not a 500 or a 404',
      async (name) => {
        const user = await signUp(ctx.app);
        expect((await profile(user.access)).status).toBe(200);
        await ctx.database.db.execute(sql`delete from users where id = ${user.id}`);
        expect(await writes(user.access)[name]()).toEqual({ status: 401, body: tokenNotValid });
      },
    );

    it('answers 401 to its profile at once, while the account cache still holds it', async () => {
      const user = await signUp(ctx.app);
      expect((await profile(user.access)).status).toBe(200);
      await ctx.database.db.execute(sql`delete from users where id = ${user.id}`);
      expect(await profile(user.access)).toEqual({ status: 401, body: tokenNotValid });
    });
  });

  describe('a blocked account', () => {
    it.each(['wishlist add', 'rating', 'order', 'profile change'] as const)(
      'answers 401 to %s at once',
      async (name) => {
        const user = await signUp(ctx.app);
        expect((await profile(user.access)).status).toBe(200);
        await setActive(ctx.database, user.id, false);
        expect(await writes(user.access)[name]()).toEqual({ status: 401, body: tokenNotValid });
      },
    );
  });

  it('ends the old access tokens at once when the password is reset', async () => {
    const user = await signUp(ctx.app);
    const second = await signIn(ctx.app, user.email, user.password);
    for (const token of [user.access, second.access]) expect((await profile(token)).status).toBe(200);

    await ctx.app.inject({ method: 'POST', url: '/api/password-reset-request/', payload: { email: user.email } });
    const link = new URL((await smtp.next()).parsed.text?.match(/https?:\/\/\S+/)?.[0] ?? '');
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/reset-password/',
      payload: { token: link.searchParams.get('token'), uid: link.searchParams.get('uid'), new_password: 'fresh-one1' },
    });
    expect(reset.statusCode).toBe(200);

    // Reads, which may use the cache, and writes alike.
    for (const token of [user.access, second.access]) {
      expect(await profile(token)).toEqual({ status: 401, body: tokenNotValid });
      expect((await writes(token).rating()).status).toBe(401);
    }
    const after = await signIn(ctx.app, user.email, 'fresh-one1');
    expect((await profile(after.access)).status).toBe(200);
  });

  it('ends the access tokens of a refresh family revoked for reuse, and only that family', async () => {
    const user: TestUser = await signUp(ctx.app);
    const other = await signIn(ctx.app, user.email, user.password);
    const refresh = (token: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: token } });
    const rotated = (await refresh(user.refresh)).json() as { access: string; refresh: string };
    for (const token of [user.access, rotated.access, other.access]) expect((await profile(token)).status).toBe(200);

    // The first refresh token shown again: its family is revoked, and with it its access tokens.
    expect((await refresh(user.refresh)).statusCode).toBe(401);
    for (const token of [user.access, rotated.access]) {
      expect(await profile(token)).toEqual({ status: 401, body: tokenNotValid });
    }
    expect((await profile(other.access)).status).toBe(200);
  });

  it('refuses an access token that names no sign-in', async () => {
    const user = await signUp(ctx.app);
    const { tokenSigner } = await import('./tokens.ts');
    const { testJwtSecret } = await import('../../../test/helpers.ts');
    const signer = tokenSigner(new TextEncoder().encode(testJwtSecret));
    const subject = { id: user.id, isStaff: false, isSuperuser: false };
    // A well-signed token for a made-up sign-in, and one for another account's sign-in.
    const stranger = await signUp(ctx.app);
    for (const sid of [crypto.randomUUID(), decodeJwt(stranger.access).sid as string]) {
      expect(await profile(await signer.access(subject, sid))).toEqual({ status: 401, body: tokenNotValid });
    }
    expect((await profile(await signer.access(subject, decodeJwt(user.access).sid as string))).status).toBe(200);
  });
});
