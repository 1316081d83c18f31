import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dialectBackends, type TestContext } from '../../../test/helpers.ts';
import { freshEmail, signIn, signUp } from '../../../test/users.ts';
import { InvalidInput } from '../../lib/domain-errors.ts';
import { accountsRepository } from './accounts.repository.ts';
import { createAdmin } from './create-admin.ts';
import { sessionsRepository } from './sessions.repository.ts';

describe.each(dialectBackends)('createAdmin on %s', (backend) => {
  let ctx: TestContext;
  const admin = (input: Parameters<typeof createAdmin>[2]) =>
    createAdmin(accountsRepository(ctx.database), sessionsRepository(ctx.database), input);
  const flags = async (id: number) =>
    (
      await ctx.database.rows<{ is_staff: boolean; is_superuser: boolean; is_active: boolean }>(
        sql`select is_staff, is_superuser, is_active from users where id = ${id}`,
      )
    )[0];

  beforeAll(async () => {
    ctx = await createTestContext(backend, {}, { accountCacheMs: 0 });
  });
  afterAll(() => ctx?.close());

  it('promotes a registered shopper, re-enabling the account and keeping its password', async () => {
    const shopper = await signUp(ctx.app);
    await ctx.database.db.execute(sql`update users set is_active = false where id = ${shopper.id}`);
    expect(await admin({ email: shopper.email.toUpperCase() })).toEqual({ outcome: 'promoted', id: shopper.id });
    expect(await flags(shopper.id)).toEqual({ is_staff: true, is_superuser: true, is_active: true });
    expect(await signIn(ctx.app, shopper.email, shopper.password)).toMatchObject({ is_staff: true });
  });

  it('ends the sign-ins of an account whose password it replaces', async () => {
    const shopper = await signUp(ctx.app);
    await admin({ email: shopper.email, password: 'replaced1' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { refresh: shopper.refresh },
    });
    expect(res.statusCode).toBe(401);
    expect((await signIn(ctx.app, shopper.email, 'replaced1')).is_superuser).toBe(true);
  });

  it('creates an account with no telephone, named if asked', async () => {
    const email = freshEmail('boss');
    const { outcome, id } = await admin({ email, password: 'boss-pw1', firstName: 'Олег', lastName: 'Бос' });
    expect(outcome).toBe('created');
    const [row] = await ctx.database.rows(sql`select first_name, last_name, telephone from users where id = ${id}`);
    expect(row).toEqual({ first_name: 'Олег', last_name: 'Бос', telephone: null });
    const tokens = await signIn(ctx.app, email, 'boss-pw1');
    const profile = await ctx.app.inject({
      url: '/api/user-profile/',
      headers: { authorization: `Bearer ${tokens.access}` },
    });
    expect(profile.json()).toEqual({ first_name: 'Олег', last_name: 'Бос', email, telephone: null });
  });

  it.each([
    [{ email: 'not-an-email', password: 'secret12' }, '--email: validation.invalid_email'],
    [{ email: 'new-admin@example.com' }, '--password: required to create an account'],
    [{ email: 'new-admin@example.com', password: '123' }, '--password: validation.password_length'],
  ])('refuses %j with a domain error, as any caller of the service gets it', async (input, message) => {
    const refusal = admin(input);
    await expect(refusal).rejects.toBeInstanceOf(InvalidInput);
    await expect(refusal).rejects.toThrow(message);
  });
});
