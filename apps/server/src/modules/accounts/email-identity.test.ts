import crypto from 'node:crypto';
import { normalizeEmail } from '@kram/contract/email-identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dialectBackends, type TestContext } from '../../../test/helpers.ts';
import { freshIp, signUp, type TestUser } from '../../../test/users.ts';
import { rateLimits } from '../../infra/rate-limit/rate-limiter.ts';

// Letters only: a fullwidth '＠' makes the value no e-mail at all (validated as a telephone, a 400).
const fullwidth = (text: string) => text.replace(/[A-Za-z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

/**
 * Spellings of `email` (a lower-case ASCII address starting "kit.ivan"), and whether each names the
 * same account. PostgreSQL's lower() folds 'İ' onto 'i' and the Kelvin sign onto 'k', JavaScript's
 * toLowerCase() turns 'İ' into 'i' + U+0307: the look-up and the lockout key must not disagree.
 */
const spellings = (email: string) =>
  [
    ['upper case', email.toUpperCase(), true],
    ['fullwidth letters', fullwidth(email), true],
    ['a Kelvin sign for the k', `\u212A${email.slice(1)}`, true],
    ['surrounding spaces', `  ${email} `, true],
    ['a dotted capital İ for the i', `k\u0130${email.slice(2)}`, false],
    ['a dotless ı for the i', `k\u0131${email.slice(2)}`, false],
    ['i with a combining dot', `ki\u0307${email.slice(2)}`, false],
  ] as const;

describe.each(dialectBackends)('one e-mail identity on %s', (backend) => {
  let ctx: TestContext;

  const login = async (emailOrPhone: string, password: string) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { email_or_phone: emailOrPhone, password },
      headers: { 'x-forwarded-for': freshIp() },
    });
    return res.statusCode;
  };
  const shopper = (): Promise<TestUser> =>
    signUp(ctx.app, { email: `kit.ivan-${crypto.randomBytes(4).toString('hex')}@example.com` });

  beforeAll(async () => {
    ctx = await createTestContext(backend);
  });
  afterAll(() => ctx?.close());

  it('finds the account for exactly the spellings whose normal form is its address', async () => {
    const user = await shopper();
    for (const [name, typed, same] of spellings(user.email)) {
      expect(normalizeEmail(typed) === user.email, name).toBe(same);
      expect(await login(typed, user.password), name).toBe(same ? 200 : 401);
    }
  });

  it('counts every spelling that reaches the account against one lockout', async () => {
    const user = await shopper();
    const reaching = spellings(user.email).filter(([, , same]) => same);
    for (let i = 0; i < rateLimits.loginPerAccount.limit; i++) {
      expect(await login(reaching[i % reaching.length]?.[1] as string, 'wrong-password')).toBe(401);
    }
    for (const [name, typed] of reaching) expect(await login(typed, user.password), name).toBe(429);
    // The look-alikes that PostgreSQL's lower() alone would have folded onto the address get no
    // fresh set of tries at it: they do not reach the account at all.
    for (const [name, typed, same] of spellings(user.email)) {
      if (!same) expect(await login(typed, user.password), name).toBe(401);
    }
  });

  it('stores the address in its normal form, so a second registration in another case is the same address', async () => {
    const typed = `Kit.Ivan-${crypto.randomBytes(4).toString('hex')}@Example.COM`;
    const user = await signUp(ctx.app, { email: typed });
    expect(user.profile.email).toBe(typed.toLowerCase());
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/register/',
      payload: {
        first_name: 'A',
        last_name: 'B',
        email: typed.toUpperCase(),
        telephone: '+380500000001',
        password: 'secret1',
        password2: 'secret1',
      },
      headers: { 'x-forwarded-for': freshIp() },
    });
    expect(again.json()).toEqual({ email: ['This field must be unique.'] });
  });
});
