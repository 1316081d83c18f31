import { errorCodesHeader, readErrorCodes } from '@kram/contract/error-codes';
import { type OrderReturns, returnMessages } from '@kram/contract/returns';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dialectBackends, type TestContext } from '../../../test/helpers.ts';
import { type CatalogProduct, catalogProducts } from '../../../test/orders.ts';
import { returnsKit } from '../../../test/returns.ts';
import { freshIp, staffUser, type TestUser } from '../../../test/users.ts';

const iban = 'UA213223130000026007233566001';

describe.each(dialectBackends)('a buyer’s return request on %s', (backend) => {
  let ctx: TestContext;
  let staff: TestUser;
  let products: CatalogProduct[];
  let kit: ReturnType<typeof returnsKit>;

  const receivedAt = async (orderId: string) =>
    (
      await ctx.database.rows<{ received_at: Date | string | null }>(
        sql`select received_at from orders where id = ${orderId}`,
      )
    )[0]?.received_at;
  const summary = async (orderId: string) => {
    const res = await kit.returnsOf(orderId);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as OrderReturns;
  };

  beforeAll(async () => {
    ctx = await createTestContext(backend, { PUBLIC_URL: 'https://shop.example.ua', SHOP_EMAIL: 'shop@example.ua' });
    staff = await staffUser(ctx.app, ctx.database);
    products = (await catalogProducts(ctx.database)).filter((p) => p.inStock).slice(0, 3);
    expect(products).toHaveLength(3);
    kit = returnsKit(ctx, () => staff);
  });
  afterAll(() => ctx?.close());

  it('opens the 14 days when the order is delivered, and keeps that moment when it is completed', async () => {
    const [a, b] = products as [CatalogProduct, CatalogProduct];
    const id = await kit.place([
      [a, 2],
      [b, 1],
    ]);
    await kit.move(id, 'confirmed', 'shipped');
    expect(await summary(id)).toMatchObject({ can_request: false, why_not: 'not_received', deadline: null });
    const early = await kit.ask(id, {
      lines: [{ position: 0, quantity: 1 }],
      reason: 'Не той колір',
      shipping: 'shop',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ detail: returnMessages.notReceived });
    expect(readErrorCodes(early.headers[errorCodesHeader] as string)).toEqual([{ code: 'return.not_received' }]);
    expect(await receivedAt(id)).toBeNull();

    await kit.move(id, 'delivered');
    const at = new Date((await receivedAt(id)) as string);
    expect(Date.now() - at.getTime()).toBeLessThan(60_000);
    const open = await summary(id);
    expect(open).toMatchObject({
      order_id: id,
      can_request: true,
      why_not: null,
      deadline: new Date(at.getTime() + 14 * 86_400_000).toISOString(),
      needs_iban: true,
      returns: [],
    });
    expect(open.lines).toEqual([
      expect.objectContaining({ position: 0, quantity: 2, returnable: 2, unit_refund: a.price }),
      expect.objectContaining({ position: 1, quantity: 1, returnable: 1, unit_refund: b.price }),
    ]);

    // Completed (the parcel taken from the branch, its cash handed over) is the later reading: the
    // 14 days count from it.
    await ctx.database.db.execute(sql`update orders set received_at = received_at - interval '1 day' where id = ${id}`);
    const moved = new Date((await receivedAt(id)) as string);
    await kit.move(id, 'completed');
    const completed = new Date((await receivedAt(id)) as string).getTime();
    expect(completed).toBeGreaterThan(moved.getTime() + 86_000_000);
    expect(Date.now() - completed).toBeLessThan(60_000);
  });

  it('refuses after the 14 days, and answers 404 for an order nobody placed', async () => {
    const id = await kit.delivered([[products[0] as CatalogProduct, 1]]);
    await ctx.database.db.execute(
      sql`update orders set received_at = now() - interval '14 days 1 minute' where id = ${id}`,
    );
    expect(await summary(id)).toMatchObject({ can_request: false, why_not: 'deadline_passed' });
    const late = await kit.ask(id, { lines: [{ position: 0, quantity: 1 }], reason: 'Не підійшов', shipping: 'shop' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ detail: returnMessages.deadlinePassed });

    const nobody = '4f9c2a1e-0000-4000-8000-00000a1b2c3d';
    expect((await kit.returnsOf(nobody)).statusCode).toBe(404);
    const unknown = await kit.ask(nobody, { lines: [{ position: 0, quantity: 1 }], reason: 'Не те', shipping: 'shop' });
    expect(unknown.statusCode).toBe(404);
    expect((await kit.returnsOf('not-an-id')).statusCode).toBe(400);
  });

  it('names each field at fault: lines, reason, IBAN and its holder', async () => {
    const [a, b] = products as [CatalogProduct, CatalogProduct];
    const id = await kit.delivered([
      [a, 2],
      [b, 1],
    ]);
    const base = {
      lines: [{ position: 0, quantity: 1 }],
      reason: 'Не підійшов розмір',
      shipping: 'shop',
      iban,
      account_holder: 'Олена Коваль',
    };
    const fields = async (body: Record<string, unknown>) => {
      const res = await kit.ask(id, body);
      expect(res.statusCode, res.body).toBe(400);
      return res.json() as Record<string, string[]>;
    };
    expect(await fields({ ...base, lines: [{ position: 5, quantity: 1 }] })).toEqual({
      'lines.0.position': [returnMessages.lineUnknown],
    });
    expect(await fields({ ...base, lines: [{ position: 0, quantity: 3 }] })).toEqual({
      'lines.0.quantity': [returnMessages.tooMany],
    });
    expect(
      await fields({
        ...base,
        lines: [
          { position: 1, quantity: 1 },
          { position: 1, quantity: 1 },
        ],
      }),
    ).toEqual({ 'lines.1.position': [returnMessages.lineTwice] });
    expect(await fields({ ...base, lines: [] })).toEqual({ lines: [returnMessages.noLines] });
    expect(Object.keys(await fields({ ...base, reason: undefined }))).toEqual(['reason']);
    expect(await fields({ ...base, reason: '  ?  ' })).toEqual({ reason: [returnMessages.reasonRequired] });
    expect(await fields({ ...base, iban: undefined })).toEqual({ iban: [returnMessages.ibanRequired] });
    expect(await fields({ ...base, iban: '   ' })).toEqual({ iban: [returnMessages.ibanRequired] });
    expect(await fields({ ...base, iban: 'UA213223130000026007233566002' })).toEqual({
      iban: [returnMessages.ibanInvalid],
    });
    expect(await fields({ ...base, account_holder: undefined })).toEqual({
      account_holder: [returnMessages.holderRequired],
    });
    expect(Object.keys(await fields({ ...base, price: '1.00' }))).toEqual(['non_field_errors']);
    // Nothing of it was written.
    expect((await summary(id)).returns).toEqual([]);
  });

  it('takes a request: the goods’ price only, the buyer mailed in their language, the shop its copy', async () => {
    const [a, b] = products as [CatalogProduct, CatalogProduct];
    const id = await kit.delivered(
      [
        [a, 2],
        [b, 1],
      ],
      {},
      'ru',
    );
    const res = await kit.ask(
      id,
      {
        lines: [{ position: 0, quantity: 2 }],
        reason: '  Не подошёл размер  ',
        shipping: 'nova_poshta',
        iban: 'ua21 3223 1300 0002 6007 2335 6600 1',
        account_holder: 'Олена Коваль',
      },
      'ru',
    );
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json();
    const total = (Math.round(Number(a.price) * 100) * 2) / 100;
    expect(made).toMatchObject({
      number: `П-${made.id.slice(-7)}`,
      order_id: id,
      status: 'requested',
      reason: 'Не подошёл размер',
      shipping: 'nova_poshta',
      refund_amount: total.toFixed(2),
      refund_method: 'bank_transfer',
      refusal_reason: null,
      refund_due_at: null,
      steps: [{ status: 'requested', at: made.created_at }],
      lines: [expect.objectContaining({ position: 0, quantity: 2, unit_refund: a.price, total: total.toFixed(2) })],
    });

    const one = (await kit.admin('GET', `/returns/${made.id}/`)).json();
    expect(one).toMatchObject({ iban, account_holder: 'Олена Коваль', order_status: 'delivered', refund: null });

    const mails = await kit.mails(id);
    expect(mails.map((m) => [m.kind, m.dedupe_key, m.recipient])).toEqual([
      ['return_news', `return:${made.id}:requested`, expect.stringContaining('@example.com')],
      ['return_news_shop', `return:${made.id}:requested:shop`, 'shop@example.ua'],
    ]);
    expect(mails[0]?.subject).toBe(`Мы получили заявку на возврат П-${made.id.slice(-7)}`);
    expect(mails[0]?.text).toContain('доставка не возвращается');
    expect(mails[0]?.text).toContain(iban);
    expect(mails[1]?.subject).toContain('Заявка на повернення');
    expect(mails[1]?.text).toContain('Не подошёл размер');

    const after = await summary(id);
    expect(after.lines.map((l) => l.returnable)).toEqual([0, 1]);
    expect(after.returns).toEqual([made]);
  });

  it('refuses a request when nothing is left, and counts a refused request’s units as returnable again', async () => {
    const id = await kit.delivered([[products[1] as CatalogProduct, 1]]);
    const body = { lines: [{ position: 0, quantity: 1 }], iban, account_holder: 'Олена Коваль' };
    const first = await kit.asked(id, body);
    expect(await summary(id)).toMatchObject({ can_request: false, why_not: 'nothing_left' });
    const again = await kit.ask(id, { ...body, reason: 'Ще раз', shipping: 'shop' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: returnMessages.nothingLeft });

    expect((await kit.step(first.id, 'refuse', { reason: 'signs_of_use' })).statusCode).toBe(200);
    expect(await summary(id)).toMatchObject({ can_request: true, lines: [expect.objectContaining({ returnable: 1 })] });
    await kit.asked(id, body);
  });

  it('asks no IBAN of a card order and refunds to the card', async () => {
    // Paid or not (the sandbox's invoice is left open here), what counts is how the order was to be paid.
    const id = await kit.place([[products[2] as CatalogProduct, 1]], { payment_method: 'card' });
    await kit.move(id, 'confirmed', 'shipped', 'delivered');
    expect((await summary(id)).needs_iban).toBe(false);
    const made = await kit.asked(id, { lines: [{ position: 0, quantity: 1 }] });
    expect((await kit.admin('GET', `/returns/${made.id}/`)).json()).toMatchObject({
      refund_method: 'card',
      iban: null,
      account_holder: null,
    });
  });

  it('shares a promo code’s discount over the units, the dearer ones going back first', async () => {
    const plain = new Set(
      (await ctx.database.rows<{ id: number }>(sql`select id from products where not is_on_promo`)).map((r) => r.id),
    );
    const product = (await catalogProducts(ctx.database)).find(
      (x) => x.inStock && plain.has(x.id) && !products.some((used) => used.id === x.id),
    ) as CatalogProduct;
    const promo = await kit.admin('POST', '/promo-codes/', { code: `RET-${backend}`, kind: 'fixed', value: '1' });
    expect(promo.statusCode, promo.body).toBe(201);
    const id = await kit.delivered([[product, 3]], { promo_code: `RET-${backend}` });
    // Three units less 1.00 does not divide by three: two units were paid a kopiyka more than the third.
    const paid = Math.round(Number(product.price) * 100) * 3 - 100;
    const unit = Math.floor(paid / 3);
    expect(paid - unit * 3).toBe(2);
    const money = (kopiyky: number) => (kopiyky / 100).toFixed(2);
    const amount = (
      await ctx.database.rows<{ amount: string }>(sql`select amount::text from orders where id = ${id}`)
    )[0];
    expect(amount?.amount).toBe(money(paid));
    expect((await summary(id)).lines[0]).toMatchObject({ returnable: 3, unit_refund: money(unit + 1) });
    const body = { iban, account_holder: 'Олена Коваль' };
    const one = await kit.asked(id, { ...body, lines: [{ position: 0, quantity: 1 }] });
    expect(one.refund_amount).toBe(money(unit + 1));
    expect((await summary(id)).lines[0]).toMatchObject({ returnable: 2, unit_refund: money(unit + 1) });
    const two = await kit.asked(id, { ...body, lines: [{ position: 0, quantity: 2 }] });
    expect(two.refund_amount).toBe(money(2 * unit + 1));
    expect(two.lines[0]).toMatchObject({ quantity: 2, total: money(2 * unit + 1) });
    // Everything asked back gives back exactly what was paid.
    const all = (await summary(id)).returns.map((r) => Math.round(Number(r.refund_amount) * 100));
    expect(all.reduce((a, b) => a + b, 0)).toBe(paid);
  });

  it('links the returns page in the mail that the order was delivered, in the order’s language', async () => {
    const uk = await kit.delivered([[products[0] as CatalogProduct, 1]]);
    const ru = await kit.delivered([[products[0] as CatalogProduct, 1]], {}, 'ru');
    const statusMail = async (orderId: string) =>
      (
        await ctx.database.rows<{ text: string }>(sql`
          select text from mail_outbox where order_id = ${orderId} and kind = 'order_status_changed'
          order by id desc limit 1`)
      )[0]?.text;
    expect(await statusMail(uk)).toContain(
      `протягом 14 днів після отримання. Заявка на повернення:\nhttps://shop.example.ua/returns/${uk}`,
    );
    expect(await statusMail(ru)).toContain(`https://shop.example.ua/ru/returns/${ru}`);
    await kit.move(uk, 'completed');
    expect(await statusMail(uk)).toContain(`https://shop.example.ua/returns/${uk}`);
  });

  it('limits requests from one address', async () => {
    const ip = freshIp();
    const nobody = '4f9c2a1e-0000-4000-8000-00000a1b2c3e';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/orders/${nobody}/returns/`,
        headers: { 'x-forwarded-for': ip },
        payload: { lines: [{ position: 0, quantity: 1 }], reason: 'Не підійшов', shipping: 'shop' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
