import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, pgliteOnly, type TestContext } from '../../test/helpers.ts';
import { freshIp } from '../../test/users.ts';
import { inputMessages, maxInputDepth, unstorableFields } from './input-guard.ts';

describe('text the database cannot store', () => {
  it('is found anywhere in the input, keys included, and named by its path', () => {
    expect(unstorableFields({ a: 'ok', b: { c: ['x', 'y\u0000'] } })).toEqual({ 'b.c.1': [inputMessages.nul] });
    expect(unstorableFields({ name: 'half \uD83D pair' })).toEqual({ name: [inputMessages.surrogate] });
    expect(unstorableFields({ name: 'whole 🙂 pair, кирилиця' })).toEqual({});
    expect(unstorableFields({ 'bad\u0000key': 1 })).toEqual({ 'bad\uFFFDkey': [inputMessages.nul] });
    expect(unstorableFields('\uDE00')).toEqual({ non_field_errors: [inputMessages.surrogate] });
  });

  it('stops at a depth no shop form reaches, without recursion', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const errors = unstorableFields(deep);
    expect(Object.values(errors)).toEqual([[inputMessages.depth]]);
    expect(Object.keys(errors)[0]?.split('.')).toHaveLength(maxInputDepth);
  });
});

describe.each(pgliteOnly)('requests with NUL or unpaired surrogates on %s', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(backend);
  });
  afterAll(() => ctx?.close());

  const send = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    ctx.app.inject({ method, url, payload, headers: { 'x-forwarded-for': freshIp() } });

  it.each([
    ['GET', '/api/products?search=%00', undefined, { search: [inputMessages.nul] }],
    ['GET', '/api/products?category_slug=a%00b', undefined, { category_slug: [inputMessages.nul] }],
    ['GET', '/api/products/x%00', undefined, { slug: [inputMessages.nul] }],
    ['GET', '/api/search/suggest?q=%00', undefined, { q: [inputMessages.nul] }],
    ['GET', '/api/novaposhta/cities/?search=%00', undefined, { search: [inputMessages.nul] }],
    [
      'POST',
      '/api/register/',
      {
        first_name: 'Ім\u0000я',
        last_name: 'x',
        email: 'nul@example.com',
        telephone: '+380501234567',
        password: 'secret1',
        password2: 'secret1',
      },
      { first_name: [inputMessages.nul] },
    ],
    ['POST', '/api/login/', { email_or_phone: 'a@b.c', password: '\uD800' }, { password: [inputMessages.surrogate] }],
    ['POST', '/api/password-reset-request/', { email: 'a\u0000@b.c' }, { email: [inputMessages.nul] }],
    [
      'POST',
      '/api/feedback/',
      { name: 'n', phone_number: '', email: 'a@b.c', message: 'hi\u0000', captcha: 'x' },
      { message: [inputMessages.nul] },
    ],
    [
      'POST',
      '/api/orders/',
      { shipping_address: { city: 'Київ\u0000' }, items: [] },
      { 'shipping_address.city': [inputMessages.nul] },
    ],
  ] as const)('%s %s answers 400 naming the field', async (method, url, payload, body) => {
    const res = await send(method, url, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual(body);
  });
});
