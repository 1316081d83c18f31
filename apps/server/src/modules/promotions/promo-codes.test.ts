import type { AdminPromoCode } from '@kram/contract/admin-promotions';
import { errorCodesHeader, readErrorCodes } from '@kram/contract/error-codes';
import { formatMoney, parseMoney } from '@kram/contract/money';
import { promoMessages } from '@kram/contract/promotions';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dialectBackends, type TestContext } from '../../../test/helpers.ts';
import { type CatalogProduct, catalogProducts, lineOf, orderPayload } from '../../../test/orders.ts';
import { bearer, freshEmail, freshIp, freshTelephone, signUp, staffUser, type TestUser } from '../../../test/users.ts';

interface Sample extends CatalogProduct {
  categoryId: number;
  categoryPath: string;
}

describe.each(dialectBackends)('promo codes at the checkout, on %s', (backend) => {
  let ctx: TestContext;
  let staff: TestUser;
  let products: Sample[];
  let serial = 0;

  const admin = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    ctx.app.inject({ method, url: `/api/admin${url}`, headers: bearer(staff.access), ...(payload ? { payload } : {}) });

  /** A new code with these rules (a fresh name each time); answers it as the back office shows it. */
  async function code(rules: Record<string, unknown> = {}): Promise<AdminPromoCode> {
    serial += 1;
    const res = await admin('POST', '/promo-codes/', {
      code: `test-${serial}-${backend}`,
      kind: 'percent',
      value: '10',
      ...rules,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  const check = (payload: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/promo-codes/check/',
      headers: { 'x-forwarded-for': freshIp(), ...headers },
      payload,
    });

  const place = (payload: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/orders/',
      headers: { 'x-forwarded-for': freshIp(), ...headers },
      payload,
    });

  /** The refusal's words under `promo_code` and its code in the header. */
  function refusal(res: { statusCode: number; body: string; headers: Record<string, unknown> }) {
    expect(res.statusCode, res.body).toBe(400);
    const codes = readErrorCodes(res.headers[errorCodesHeader] as string).filter((c) => c.field === 'promo_code');
    return { words: JSON.parse(res.body).promo_code as string[], code: codes[0]?.code, params: codes[0]?.params };
  }

  beforeAll(async () => {
    ctx = await createTestContext(backend);
    staff = await staffUser(ctx.app, ctx.database);
    const rows = await ctx.database.rows<{ id: number; category_id: number; path: string }>(
      sql`select p.id, p.category_id, c.path from products p join categories c on c.id = p.category_id where not p.is_on_promo`,
    );
    const where = new Map(rows.map((r) => [r.id, r]));
    products = (await catalogProducts(ctx.database))
      .filter((p) => p.inStock && where.has(p.id))
      .map((p) => ({ ...p, categoryId: where.get(p.id)?.category_id ?? 0, categoryPath: where.get(p.id)?.path ?? '' }));
  });
  afterAll(() => ctx?.close());

  it('takes the discount off the order the server priced, and shows it to the guest who placed it', async () => {
    const promo = await code({ value: '10' });
    const [a, b] = products as [Sample, Sample];
    const subtotal = parseMoney(a.price) * 2 + parseMoney(b.price);
    const res = await place(orderPayload([lineOf(a, 2), lineOf(b)], { promo_code: `  ${promo.code.toLowerCase()} ` }));
    expect(res.statusCode, res.body).toBe(201);
    const discount = Math.round(subtotal / 10);
    expect(res.json()).toMatchObject({
      promo_code: promo.code,
      discount: formatMoney(discount),
      amount: formatMoney(subtotal - discount),
    });
    const without = await place(orderPayload([lineOf(a)]));
    expect(without.json()).toMatchObject({ promo_code: null, discount: '0.00', amount: a.price });
  });

  it('previews the discount: the new total for a signed-in shopper, the discount alone for a guest', async () => {
    const promo = await code({ kind: 'fixed', value: '50' });
    const a = products[2] as Sample;
    const shopper = await signUp(ctx.app);
    const body = { code: promo.code.toLowerCase(), items: [lineOf(a, 2)] };
    const signedIn = await check(body, bearer(shopper.access));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toEqual({
      code: promo.code,
      discount: '50.00',
      amount: formatMoney(parseMoney(a.price) * 2 - 5000),
    });
    const guest = await check(body);
    expect(guest.json()).toEqual({ code: promo.code, discount: '50.00', amount: null });
    expect(guest.body).not.toContain(a.price);
  });

  it('refuses a code with a reason and a code for each rule', async () => {
    const a = products[3] as Sample;
    const items = [lineOf(a)];
    const day = 86_400_000;
    const cases: [Record<string, unknown> | string, string, string | undefined][] = [
      ['NO-SUCH-CODE', 'promo.unknown', promoMessages.unknown],
      [{ active: false }, 'promo.unknown', promoMessages.unknown],
      [
        { ends_at: new Date(Date.now() - day).toISOString(), starts_at: new Date(Date.now() - 2 * day).toISOString() },
        'promo.expired',
        promoMessages.expired,
      ],
      [{ starts_at: new Date(Date.now() + day).toISOString() }, 'promo.not_yet_valid', promoMessages.notYetValid],
      [{ min_total: formatMoney(parseMoney(a.price) + 1) }, 'promo.below_minimum', undefined],
      [{ product_ids: [(products[4] as Sample).id] }, 'promo.not_for_these_goods', promoMessages.notForTheseGoods],
    ];
    for (const [rules, expected, words] of cases) {
      const name = typeof rules === 'string' ? rules : (await code(rules)).code;
      for (const res of [await check({ code: name, items }), await place(orderPayload(items, { promo_code: name }))]) {
        const got = refusal(res);
        expect(got.code, `${name}: ${res.body}`).toBe(expected);
        if (words) expect(got.words).toEqual([words]);
      }
    }
    const minimum = formatMoney(parseMoney(a.price) + 1);
    const below = refusal(await check({ code: (await code({ min_total: minimum })).code, items }));
    expect(below.params).toEqual({ minimum });
    expect(below.words).toEqual([`This promo code needs an order of at least ${minimum} UAH.`]);
  });

  it('limits a code to its categories and products, and leaves goods on promotion out when told', async () => {
    const a = products[11] as Sample;
    const other = products.find((p) => p.categoryId !== a.categoryId) as Sample;
    const b = products.find((p) => p.id !== a.id && p.id !== other.id) as Sample;
    const byCategory = await code({ value: '50', category_ids: [a.categoryId] });
    const res = await place(orderPayload([lineOf(a), lineOf(other)], { promo_code: byCategory.code }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().discount).toBe(formatMoney(Math.round(parseMoney(a.price) / 2)));

    const byProduct = await code({ kind: 'fixed', value: '99999', product_ids: [b.id] });
    const capped = await place(orderPayload([lineOf(b), lineOf(other)], { promo_code: byProduct.code }));
    // A fixed sum takes off no more than the goods it applies to cost.
    expect(capped.json()).toMatchObject({ discount: b.price, amount: other.price });

    await ctx.database.db.execute(sql`update products set is_on_promo = true where id = ${a.id}`);
    try {
      const noPromo = await code({ exclude_promo: true });
      expect(refusal(await check({ code: noPromo.code, items: [lineOf(a)] })).code).toBe('promo.not_for_these_goods');
    } finally {
      await ctx.database.db.execute(sql`update products set is_on_promo = false where id = ${a.id}`);
    }
  });

  it('counts uses per customer by account, e-mail and telephone', async () => {
    const promo = await code({ max_uses_per_customer: 1 });
    const a = products[5] as Sample;
    const email = freshEmail('twice');
    const first = await place(
      orderPayload([lineOf(a)], { promo_code: promo.code, email, phone_number: freshTelephone() }),
    );
    expect(first.statusCode, first.body).toBe(201);
    // The same e-mail with another telephone, and the same telephone with another e-mail: the same buyer.
    const again = refusal(
      await place(orderPayload([lineOf(a)], { promo_code: promo.code, email, phone_number: freshTelephone() })),
    );
    expect(again).toMatchObject({ code: 'promo.already_used', words: [promoMessages.alreadyUsed] });
    const shopper = await signUp(ctx.app);
    const mine = await place(
      orderPayload([lineOf(a)], { promo_code: promo.code, email: freshEmail() }),
      bearer(shopper.access),
    );
    expect(mine.statusCode, mine.body).toBe(201);
    const mineAgain = await place(
      orderPayload([lineOf(a)], { promo_code: promo.code, email: freshEmail(), phone_number: freshTelephone() }),
      bearer(shopper.access),
    );
    expect(refusal(mineAgain).code).toBe('promo.already_used');
  });

  it('gives exactly 10 of 100 simultaneous orders the last 10 uses', async () => {
    const promo = await code({ max_uses: 10 });
    const a = products[6] as Sample;
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        place(
          orderPayload([lineOf(a)], {
            promo_code: promo.code,
            email: freshEmail('rush'),
            phone_number: freshTelephone(),
          }),
        ),
      ),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 400)).toHaveLength(90);
    for (const res of answers.filter((r) => r.statusCode === 400)) expect(refusal(res).code).toBe('promo.used_up');
    const [counted] = await ctx.database.rows<{ used: number; orders: number; redemptions: number }>(sql`
      select used, (select count(*)::int from orders where promo_code = ${promo.code}) as orders,
        (select count(*)::int from promo_redemptions where code_id = ${promo.id}) as redemptions
      from promo_codes where id = ${promo.id}`);
    expect(counted).toEqual({ used: 10, orders: 10, redemptions: 10 });
    // The eleventh, afterwards, is refused as used up too.
    expect(refusal(await check({ code: promo.code, items: [lineOf(a)] })).code).toBe('promo.used_up');
  });

  it('lists codes with their uses and the revenue of the orders that still stand', async () => {
    const promo = await code({ kind: 'fixed', value: '10' });
    const a = products[7] as Sample;
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await place(orderPayload([lineOf(a)], { promo_code: promo.code }));
      ids.push(res.json().order_id);
    }
    const cancelled = await admin('POST', `/orders/${ids[1]}/status/`, { status: 'cancelled', reason: 'Тест' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const listed = await admin('GET', `/promo-codes/?q=${promo.code}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().results).toEqual([
      expect.objectContaining({
        code: promo.code,
        uses: 2,
        revenue: formatMoney(parseMoney(a.price) - 1000),
        discounts: '10.00',
      }),
    ]);
    const order = await admin('GET', `/orders/${ids[0]}/`);
    expect(order.json()).toMatchObject({ promo_code: promo.code, discount: '10.00' });
    const csv = await admin('GET', `/orders/export.csv?q=${ids[0]?.slice(-7)}`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain(`,${promo.code},10.00\r\n`);
  });

  it('keeps the staff’s rules: unique codes, sane values, used codes neither renamed nor deleted; every change audited', async () => {
    const promo = await code();
    const taken = await admin('POST', '/promo-codes/', { code: promo.code.toLowerCase(), kind: 'fixed', value: '5' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ code: ['Another promo code already has this code.'] });
    const bad = await admin('POST', '/promo-codes/', {
      code: 'X',
      kind: 'percent',
      value: '101',
      starts_at: '2026-12-01T10:00',
      ends_at: 'tomorrow',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['code', 'ends_at']);
    const tooMuch = await admin('POST', '/promo-codes/', { code: 'TOO-MUCH', kind: 'percent', value: '101' });
    expect(tooMuch.json()).toEqual({ value: ['A percentage discount is at most 100.'] });
    const backwards = await admin('PATCH', `/promo-codes/${promo.id}/`, {
      starts_at: '2026-12-02T10:00',
      ends_at: '2026-12-01T10:00',
    });
    expect(backwards.json()).toEqual({ ends_at: ['The end must come after the start.'] });
    const unknown = await admin('PATCH', `/promo-codes/${promo.id}/`, { category_ids: [999999] });
    expect(unknown.json()).toEqual({ category_ids: ['There is no such category: 999999.'] });

    await place(orderPayload([lineOf(products[8] as Sample)], { promo_code: promo.code }));
    expect((await admin('PATCH', `/promo-codes/${promo.id}/`, { code: 'RENAMED' })).statusCode).toBe(400);
    expect((await admin('PATCH', `/promo-codes/${promo.id}/`, { max_uses: 0 })).statusCode).toBe(400);
    expect((await admin('DELETE', `/promo-codes/${promo.id}/`)).statusCode).toBe(409);
    const off = await admin('PATCH', `/promo-codes/${promo.id}/`, { active: false });
    expect(off.json()).toMatchObject({ active: false, uses: 1 });

    const unused = await code();
    expect((await admin('DELETE', `/promo-codes/${unused.id}/`)).statusCode).toBe(204);
    const audit = await admin('GET', '/audit/?entity=promo_code&page_size=200');
    const actions = (audit.json().results as { action: string; entity_id: string }[])
      .filter((e) => e.entity_id === String(promo.id) || e.entity_id === String(unused.id))
      .map((e) => e.action)
      .sort();
    expect(actions).toEqual(['promo_code.create', 'promo_code.create', 'promo_code.delete', 'promo_code.update']);
  });

  it('a manager’s line change keeps the discount the order was placed with', async () => {
    const promo = await code({ kind: 'fixed', value: '20' });
    const [a, b] = [products[9], products[10]] as [Sample, Sample];
    const placed = (await place(orderPayload([lineOf(a), lineOf(b)], { promo_code: promo.code }))).json();
    const detail = (await admin('GET', `/orders/${placed.order_id}/`)).json();
    const removed = await admin('DELETE', `/orders/${placed.order_id}/items/${detail.items[1].id}/`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await admin('GET', `/orders/${placed.order_id}/`)).json()).toMatchObject({
      discount: '20.00',
      amount: formatMoney(parseMoney(a.price) - 2000),
    });
  });
});
