import type { AdminReturn } from '@kram/contract/admin-returns';
import { returnMessages } from '@kram/contract/returns';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dialectBackends, type TestContext } from '../../../test/helpers.ts';
import { type CatalogProduct, catalogProducts } from '../../../test/orders.ts';
import { returnsKit } from '../../../test/returns.ts';
import { bearer, signUp, staffUser, type TestUser } from '../../../test/users.ts';

const iban = 'UA213223130000026007233566001';
const account = { iban, account_holder: 'Олена Коваль' };

describe.each(dialectBackends)('the back office’s steps of a return on %s', (backend) => {
  let ctx: TestContext;
  let staff: TestUser;
  let products: CatalogProduct[];
  let kit: ReturnType<typeof returnsKit>;

  const view = async (returnId: string) => {
    const res = await kit.admin('GET', `/returns/${returnId}/`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AdminReturn;
  };
  const level = async (productId: number, sizeId: number | null, colorId: number | null) =>
    (
      await ctx.database.rows<{ available: number | null; reserved: number }>(sql`
        select available, reserved from stock_levels
        where product_id = ${productId} and coalesce(size_id, 0) = ${sizeId ?? 0} and coalesce(color_id, 0) = ${colorId ?? 0}`)
    )[0];
  const setStock = async (p: CatalogProduct, quantity: number | null) => {
    const res = await kit.admin('PATCH', `/products/${p.id}/stock/`, {
      mode: 'set',
      variants: [{ size: p.sizeIds[0] ?? null, color: p.colorIds[0] ?? null, quantity }],
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    ctx = await createTestContext(backend, { SHOP_EMAIL: 'shop@example.ua' });
    staff = await staffUser(ctx.app, ctx.database);
    products = (await catalogProducts(ctx.database)).filter((p) => p.inStock).slice(0, 4);
    expect(products).toHaveLength(4);
    kit = returnsKit(ctx, () => staff);
    const saved = await kit.admin('PATCH', '/shipping/settings/', {
      city_name: 'Одеса',
      warehouse_name: 'Відділення №5',
      contact_name: 'Іван Петренко',
      phone: '+380501112233',
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(() => ctx?.close());

  it('accepts, receives and refunds a cash order’s return: each step mailed in the buyer’s language and audited', async () => {
    const [a] = products as [CatalogProduct];
    const id = await kit.delivered([[a, 2]]);
    const made = await kit.asked(id, { ...account, lines: [{ position: 0, quantity: 1 }] }, 'ru');

    const accepted = await kit.step(made.id, 'accept', { note: 'Перевірити бирки' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      status: 'accepted',
      shop_address: 'Одеса, Відділення №5; Іван Петренко, +380501112233',
      refund: null,
      overdue: false,
    });

    const received = await kit.step(made.id, 'receive');
    expect(received.statusCode, received.body).toBe(200);
    const due = received.json() as AdminReturn;
    const receivedStep = due.steps.find((s) => s.status === 'received');
    expect(due.status).toBe('received');
    expect(new Date(due.refund_due_at as string).getTime() - new Date(receivedStep?.at as string).getTime()).toBe(
      7 * 86_400_000,
    );

    const unnamed = await kit.step(made.id, 'refund', {});
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json()).toEqual({ reference: [returnMessages.referenceRequired] });
    expect((await view(made.id)).status).toBe('received');

    const refunded = await kit.step(made.id, 'refund', { reference: 'ПН-4471' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({
      status: 'refunded',
      refund_method: 'bank_transfer',
      refund: { method: 'bank_transfer', bank_status: null, reference: 'ПН-4471', at: expect.any(String) },
      receipt_id: null,
    });
    expect((refunded.json() as AdminReturn).steps.map((s) => s.status)).toEqual([
      'requested',
      'accepted',
      'received',
      'refunded',
    ]);

    const mails = await kit.mails(id);
    expect(mails.map((m) => m.dedupe_key)).toEqual([
      `return:${made.id}:requested`,
      `return:${made.id}:requested:shop`,
      `return:${made.id}:accepted`,
      `return:${made.id}:received`,
      `return:${made.id}:refunded`,
    ]);
    const number = `П-${made.id.slice(-7)}`;
    const [, , acceptedMail, receivedMail, refundedMail] = mails;
    expect(acceptedMail?.subject).toBe(`Возврат ${number} одобрен`);
    expect(acceptedMail?.text).toContain('по адресу магазина: Одеса, Відділення №5; Іван Петренко, +380501112233.');
    expect(receivedMail?.subject).toBe(`Товар по возврату ${number} получен`);
    const day = new Date(due.refund_due_at as string).toLocaleDateString('uk-UA', { timeZone: 'Europe/Kyiv' });
    expect(receivedMail?.text).toContain(`вернём до ${day} включительно`);
    expect(refundedMail?.subject).toBe(`Деньги по возврату ${number} возвращены`);
    expect(refundedMail?.text).toContain(`на счёт ${iban}. Платёж: ПН-4471.`);

    const entries = await kit.history(made.id);
    expect(entries.map((e) => [e.action, e.actor_email, e.before])).toEqual(
      expect.arrayContaining([
        ['return.accept', staff.email, { status: 'requested' }],
        ['return.receive', staff.email, { status: 'accepted' }],
        ['return.refund', staff.email, { status: 'received' }],
      ]),
    );
    expect(entries.find((e) => e.action === 'return.accept')?.after).toEqual({
      status: 'accepted',
      note: 'Перевірити бирки',
    });
    expect(entries.find((e) => e.action === 'return.refund')?.after).toMatchObject({
      status: 'refunded',
      reference: 'ПН-4471',
      method: 'bank_transfer',
    });
  });

  it('refuses with one of the terms’ reasons, mailed in words; a step out of turn is a 409', async () => {
    const id = await kit.delivered([[products[1] as CatalogProduct, 1]]);
    const made = await kit.asked(id, { ...account, lines: [{ position: 0, quantity: 1 }] });
    const early = await kit.step(made.id, 'receive');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ detail: returnMessages.wrongStep });
    expect((await kit.step(made.id, 'refund', { reference: 'X' })).statusCode).toBe(409);
    expect((await kit.step(made.id, 'refuse', { reason: 'too_late' })).statusCode).toBe(400);

    const refused = await kit.step(made.id, 'refuse', { reason: 'signs_of_use', note: 'Сліди носіння на підошві' });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toMatchObject({
      status: 'refused',
      refusal_reason: 'signs_of_use',
      refusal_note: 'Сліди носіння на підошві',
    });
    const mail = (await kit.mails(id)).find((m) => m.dedupe_key === `return:${made.id}:refused`);
    expect(mail?.subject).toBe(`Повернення П-${made.id.slice(-7)} відхилено`);
    expect(mail?.text).toContain('Причина: товар має сліди використання.');
    expect(mail?.text).toContain('Коментар менеджера: Сліди носіння на підошві');
    expect((await kit.step(made.id, 'accept')).statusCode).toBe(409);
    expect((await kit.history(made.id)).map((e) => e.action)).toEqual(['return.refuse']);
    expect((await kit.admin('POST', '/returns/4f9c2a1e-0000-4000-8000-00000a1b2c3d/accept/', {})).statusCode).toBe(404);
  });

  it('puts the refunded units back in stock per variant, and not again when the order is returned whole', async () => {
    const [, , counted, uncounted] = products as [CatalogProduct, CatalogProduct, CatalogProduct, CatalogProduct];
    await setStock(counted, 3);
    await setStock(uncounted, null);
    const size = counted.sizeIds[0] ?? null;
    const color = counted.colorIds[0] ?? null;
    const id = await kit.delivered([
      [counted, 3],
      [uncounted, 1],
    ]);
    expect(await level(counted.id, size, color)).toEqual({ available: 0, reserved: 0 });
    // A shopper waits for the sold-out variant.
    const waiting = await ctx.app.inject({
      method: 'POST',
      url: '/api/stock-alerts/',
      headers: { 'x-forwarded-for': '10.77.0.1' },
      payload: { product: counted.id, size, color, email: `waiting-${backend}@example.com` },
    });
    expect(waiting.statusCode, waiting.body).toBe(201);
    const alerts = async () =>
      (
        await ctx.database.rows<{ n: number }>(sql`
          select count(*)::int as n from mail_outbox
          where kind = 'back_in_stock' and recipient = ${`waiting-${backend}@example.com`}`)
      )[0]?.n;

    const made = await kit.asked(id, {
      ...account,
      lines: [
        { position: 0, quantity: 2 },
        { position: 1, quantity: 1 },
      ],
    });
    await kit.received(made.id);
    // Nothing comes back before the refund.
    expect(await level(counted.id, size, color)).toEqual({ available: 0, reserved: 0 });
    expect(await alerts()).toBe(0);
    expect((await kit.step(made.id, 'refund', { reference: 'ПН-1' })).statusCode).toBe(200);
    expect(await level(counted.id, size, color)).toEqual({ available: 2, reserved: 0 });
    expect(await alerts()).toBe(1);
    expect(await level(uncounted.id, uncounted.sizeIds[0] ?? null, uncounted.colorIds[0] ?? null)).toMatchObject({
      available: null,
    });
    const movements = await ctx.database.rows<{
      kind: string;
      quantity: number;
      actor: string;
      available_after: number;
    }>(
      sql`select kind, quantity, actor, available_after from stock_movements
          where order_id = ${id} and product_id = ${counted.id} order by id`,
    );
    expect(movements.at(-1)).toEqual({ kind: 'returned', quantity: 2, actor: staff.email, available_after: 2 });
    const held = await ctx.database.rows<{ state: string; quantity: number }>(
      sql`select state, quantity from stock_reservations where order_id = ${id} and product_id = ${counted.id} order by id`,
    );
    expect(held).toEqual([
      { state: 'sold', quantity: 1 },
      { state: 'returned', quantity: 2 },
    ]);

    // The order comes back as a whole: only the unit not returned yet is added.
    await kit.move(id, 'returned');
    expect(await level(counted.id, size, color)).toEqual({ available: 3, reserved: 0 });
  });

  it('lists returns by status, order, search and overdue refunds, and counts them for the dashboard', async () => {
    const before = (await kit.admin('GET', '/returns/alerts/')).json();
    const buyer = `returns-${backend}-${Date.now()}@example.com`;
    const id = await kit.delivered([[products[0] as CatalogProduct, 2]], { email: buyer, last_name: 'Шукана' });
    const first = await kit.asked(id, { ...account, lines: [{ position: 0, quantity: 1 }] });
    const second = await kit.asked(id, { ...account, lines: [{ position: 0, quantity: 1 }] });
    await kit.received(second.id);
    await ctx.database.db.execute(
      sql`update return_requests set refund_due_at = now() - interval '1 hour' where id = ${second.id}`,
    );

    const list = async (query: string) => {
      const res = await kit.admin('GET', `/returns/?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { count: number; results: AdminReturn[] };
    };
    const ofOrder = await list(`order_id=${id}`);
    expect(ofOrder.count).toBe(2);
    expect(ofOrder.results.map((r) => r.id)).toEqual([second.id, first.id]);
    expect(ofOrder.results[0]).toMatchObject({
      order_number: `#${id.slice(-7)}`,
      customer: { email: buyer },
      overdue: true,
    });
    expect((await list(`order_id=${id}&status=requested`)).results.map((r) => r.id)).toEqual([first.id]);
    expect((await list(`q=${encodeURIComponent(buyer)}`)).results.map((r) => r.id).sort()).toEqual(
      [first.id, second.id].sort(),
    );
    expect((await list(`q=${encodeURIComponent(`#${id.slice(-7)}`)}`)).count).toBe(2);
    expect((await list('q=nobody-by-this-name')).count).toBe(0);
    expect((await list(`order_id=${id}&overdue=true`)).results.map((r) => r.id)).toEqual([second.id]);
    expect((await list(`order_id=${id}&overdue=false`)).results.map((r) => r.id)).toEqual([first.id]);
    expect((await list(`order_id=${id}&sort=refund_due_at&order=asc`)).results.map((r) => r.id)).toEqual([
      second.id,
      first.id,
    ]);

    const after = (await kit.admin('GET', '/returns/alerts/')).json();
    expect(after.requested - before.requested).toBe(1);
    expect(after.awaiting_refund - before.awaiting_refund).toBe(1);
    expect(after.refund_overdue - before.refund_overdue).toBe(1);
    expect(Number(after.refund_overdue_sum) - Number(before.refund_overdue_sum)).toBeCloseTo(
      Number(second.refund_amount),
      2,
    );
  });

  it('refunds a card payment taken by the sandbox at once, and refuses to refund one never paid', async () => {
    const [a] = products as [CatalogProduct];
    const invoiceOf = async (orderId: string) =>
      (
        await ctx.database.rows<{ invoice_id: string; status: string }>(
          sql`select invoice_id, status from payments where order_id = ${orderId}`,
        )
      )[0];
    const paid = await kit.place([[a, 1]], { payment_method: 'card' });
    const pay = await ctx.app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/${(await invoiceOf(paid))?.invoice_id}/success`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(pay.statusCode).toBe(303);
    await kit.move(paid, 'shipped', 'delivered');
    const made = await kit.asked(paid, { lines: [{ position: 0, quantity: 1 }] });
    await kit.received(made.id);
    const refunded = await kit.step(made.id, 'refund', {});
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({ status: 'refunded', refund: { method: 'card', bank_status: 'success' } });
    expect((await invoiceOf(paid))?.status).toBe('reversed');
    // The return receipt of the card payment's sell receipt: the goods given back at their price.
    const [receipt] = await ctx.database.rows<{
      id: string;
      kind: string;
      amount: string;
      body: { goods: { code: string; price: number; quantity: number }[] };
    }>(sql`select id, kind, amount::text as amount, body from fiscal_receipts where return_id = ${made.id}`);
    expect(refunded.json().receipt_id).toBe(receipt?.id);
    expect(receipt).toMatchObject({ kind: 'return', amount: made.refund_amount });
    expect(receipt?.body.goods).toEqual([
      expect.objectContaining({ price: Math.round(Number(made.refund_amount) * 100), quantity: 1000 }),
    ]);

    const unpaid = await kit.place([[a, 1]], { payment_method: 'card' });
    await kit.move(unpaid, 'confirmed', 'shipped', 'delivered');
    const open = await kit.asked(unpaid, { lines: [{ position: 0, quantity: 1 }] });
    await kit.received(open.id);
    const refused = await kit.step(open.id, 'refund', {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: 'The order has no paid card invoice to refund.' });
    expect(await view(open.id)).toMatchObject({ status: 'received', refund: null });
  });

  it('is for staff only', async () => {
    const shopper = await signUp(ctx.app);
    const id = await kit.delivered([[products[1] as CatalogProduct, 1]]);
    const made = await kit.asked(id, { ...account, lines: [{ position: 0, quantity: 1 }] });
    const calls: ['GET' | 'POST', string][] = [
      ['GET', '/api/admin/returns/'],
      ['GET', '/api/admin/returns/alerts/'],
      ['GET', `/api/admin/returns/${made.id}/`],
      ['POST', `/api/admin/returns/${made.id}/accept/`],
      ['POST', `/api/admin/returns/${made.id}/refuse/`],
      ['POST', `/api/admin/returns/${made.id}/receive/`],
      ['POST', `/api/admin/returns/${made.id}/refund/`],
    ];
    for (const [method, url] of calls) {
      const guest = await ctx.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(guest.statusCode, `${method} ${url}`).toBe(401);
      const denied = await ctx.app.inject({
        method,
        url,
        headers: bearer(shopper.access),
        payload: method === 'POST' ? {} : undefined,
      });
      expect(denied.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await view(made.id)).status).toBe('requested');
  });
});
