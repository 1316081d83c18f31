import { formatHryvnias, formatMoney, parseMoney } from '@kram/contract/money';
import { orderStatuses, orderTransitions } from '@kram/contract/orders';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dialectBackends, type TestContext } from '../../../test/helpers.ts';
import { type CatalogProduct, catalogProducts, lineOf, orderPayload } from '../../../test/orders.ts';
import { bearer, freshIp, signUp, staffUser, type TestUser } from '../../../test/users.ts';

interface MailRow {
  kind: string;
  dedupe_key: string;
  recipient: string;
  subject: string;
  text: string;
}

describe.each(dialectBackends)('a manager’s changes to an order on %s', (backend) => {
  let ctx: TestContext;
  let manager: TestUser;
  let products: CatalogProduct[];

  const place = async (
    overrides: Record<string, unknown> = {},
    options: { lines?: number; token?: string; cookie?: string; url?: string } = {},
  ) => {
    const items = products.slice(0, options.lines ?? 1).map((p, i) => lineOf(p, i + 1));
    const res = await ctx.app.inject({
      method: 'POST',
      url: options.url ?? '/api/orders/',
      payload: orderPayload(items, overrides),
      headers: {
        'x-forwarded-for': freshIp(),
        ...(options.token ? bearer(options.token) : {}),
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().order_id as string;
  };
  const admin = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url: `/api/admin/orders/${url}`,
      headers: bearer(manager.access),
      ...(payload ? { payload } : {}),
    });
  const move = (id: string, status: string, reason?: string) =>
    admin('POST', `${id}/status/`, { status, ...(reason === undefined ? {} : { reason }) });
  const changeMails = (id: string) =>
    ctx.database.rows<MailRow>(
      sql`select kind, dedupe_key, recipient, subject, text from mail_outbox
          where order_id = ${id} and kind = 'order_status_changed' order by id`,
    );
  const history = async (id: string) =>
    (
      await ctx.app.inject({ url: `/api/admin/audit/?entity=order&entity_id=${id}`, headers: bearer(manager.access) })
    ).json().results as { action: string; actor_email: string; before: unknown; after: unknown }[];
  const orderRow = async (id: string) =>
    (
      await ctx.database.rows<{ status: string; amount: string; cancel_reason: string | null }>(
        sql`select status, amount::text as amount, cancel_reason from orders where id = ${id}`,
      )
    )[0];
  const setStatus = (id: string, status: string) =>
    ctx.database.db.execute(sql`update orders set status = ${status} where id = ${id}`);

  beforeAll(async () => {
    ctx = await createTestContext(backend);
    manager = await staffUser(ctx.app, ctx.database);
    products = (await catalogProducts(ctx.database)).filter((p) => p.inStock).slice(0, 3);
    expect(products).toHaveLength(3);
  });
  afterAll(() => ctx?.close());

  describe('status', () => {
    it('confirms a guest’s order: one mail in Ukrainian, one audit entry, the new status in the detail', async () => {
      const id = await place({ first_name: 'Олена' });
      const res = await move(id, 'confirmed');
      expect(res.statusCode, res.body).toBe(200);
      const order = res.json();
      expect(order).toMatchObject({ id, status: 'confirmed', next_statuses: ['paid', 'shipped', 'cancelled'] });
      expect(order.lines_editable).toBe(false);

      const mails = await changeMails(id);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ recipient: order.email, subject: `Замовлення #${id.slice(-7)} підтверджено` });
      expect(mails[0]?.text).toContain('Вітаємо, Олена!');
      expect(mails[0]?.text).toContain('Менеджер підтвердив ваше замовлення');

      const entries = await history(id);
      expect(entries).toEqual([
        expect.objectContaining({
          action: 'order.status',
          actor_email: manager.email,
          before: { status: 'new', cancel_reason: null },
          after: { status: 'confirmed', cancel_reason: null },
        }),
      ]);
      expect(order.history).toEqual([expect.objectContaining({ action: 'order.status', after: entries[0]?.after })]);
    });

    it('mails each change once, in the language the order was placed in', async () => {
      const id = await place({}, { cookie: 'lng=ru' });
      expect((await move(id, 'confirmed')).statusCode).toBe(200);
      expect((await move(id, 'shipped')).statusCode).toBe(200);
      // The same move again is refused and mails nothing.
      expect((await move(id, 'shipped')).statusCode).toBe(409);
      const mails = await changeMails(id);
      expect(mails.map((m) => m.subject)).toEqual([
        `Заказ #${id.slice(-7)} подтверждён`,
        `Заказ #${id.slice(-7)} отправлен`,
      ]);
      expect(new Set(mails.map((m) => m.dedupe_key)).size).toBe(2);
      expect(mails[1]?.text).toContain('Ваш заказ передан службе доставки.');
    });

    it('shows the new status in the customer’s own orders', async () => {
      const customer = await signUp(ctx.app);
      const id = await place({ email: customer.email }, { token: customer.access });
      expect((await move(id, 'confirmed')).statusCode).toBe(200);
      const mine = await ctx.app.inject({ url: '/api/orders/', headers: bearer(customer.access) });
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toEqual([expect.objectContaining({ order_id: id, status: 'confirmed' })]);
    });

    it('allows exactly the moves of orderTransitions, from every status', async () => {
      const id = await place();
      for (const from of orderStatuses) {
        for (const to of orderStatuses) {
          await setStatus(id, from);
          const res = await move(id, to, to === 'cancelled' ? 'Test' : undefined);
          const allowed = orderTransitions[from].includes(to);
          expect(res.statusCode, `${from} → ${to}: ${res.body}`).toBe(allowed ? 200 : 409);
          expect((await orderRow(id))?.status).toBe(allowed ? to : from);
          if (!allowed) {
            expect(res.json()).toEqual({
              detail: `An order that is ${from} cannot become ${to}.`,
              code: 'order_status_conflict',
            });
          }
        }
      }
      const moves = orderStatuses.flatMap((from) => orderTransitions[from]).length;
      // No move leads back to new or awaiting payment, so every allowed move mailed once.
      expect(await changeMails(id)).toHaveLength(moves);
      expect((await history(id)).filter((e) => e.action === 'order.status')).toHaveLength(moves);
    });

    it('needs a reason to cancel, keeps it on the order and tells the customer', async () => {
      const id = await place();
      for (const body of [{ status: 'cancelled' }, { status: 'cancelled', reason: '   ' }]) {
        const res = await admin('POST', `${id}/status/`, body);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          reason: ['Give the reason for the cancellation: the customer’s e-mail says it.'],
        });
      }
      expect(await changeMails(id)).toEqual([]);
      expect(await history(id)).toEqual([]);

      const res = await move(id, 'cancelled', '  Товару немає в наявності  ');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'cancelled',
        cancel_reason: 'Товару немає в наявності',
        next_statuses: [],
      });
      expect(await orderRow(id)).toMatchObject({ status: 'cancelled', cancel_reason: 'Товару немає в наявності' });
      const [mail] = await changeMails(id);
      expect(mail?.subject).toBe(`Замовлення #${id.slice(-7)} скасовано`);
      expect(mail?.text).toContain('Причина: Товару немає в наявності');
      expect((await history(id))[0]).toMatchObject({
        before: { status: 'new', cancel_reason: null },
        after: { status: 'cancelled', cancel_reason: 'Товару немає в наявності', reason: 'Товару немає в наявності' },
      });
    });

    it('keeps a reason given with another move in the history only', async () => {
      const id = await place();
      const res = await move(id, 'confirmed', 'Confirmed by phone at 10:15');
      expect(res.json().cancel_reason).toBeNull();
      expect((await history(id))[0]?.after).toEqual({
        status: 'confirmed',
        cancel_reason: null,
        reason: 'Confirmed by phone at 10:15',
      });
      expect((await changeMails(id))[0]?.text).not.toContain('10:15');
    });

    it('validates the body and the order', async () => {
      const id = await place();
      expect((await admin('POST', `${id}/status/`, { status: 'lost' })).statusCode).toBe(400);
      expect((await admin('POST', `${id}/status/`, { status: 'confirmed', price: '1.00' })).statusCode).toBe(400);
      expect((await admin('POST', `${id}/status/`, { status: 'cancelled', reason: 'x'.repeat(501) })).statusCode).toBe(
        400,
      );
      expect((await admin('POST', 'not-a-uuid/status/', { status: 'confirmed' })).statusCode).toBe(400);
      const missing = await move(crypto.randomUUID(), 'confirmed');
      expect(missing.statusCode).toBe(404);
      expect((await orderRow(id))?.status).toBe('new');
    });
  });

  describe('lines', () => {
    const lines = async (id: string) =>
      (await admin('GET', `${id}/`)).json().items as { id: number; price: string; quantity: number; total: string }[];

    it('changes a line’s price before confirmation: the amount follows, recorded and mailed once', async () => {
      const id = await place({}, { lines: 3 });
      const before = await lines(id);
      const target = before[1] as (typeof before)[number];
      const res = await admin('PATCH', `${id}/items/${target.id}/`, { price: '1234.5' });
      expect(res.statusCode, res.body).toBe(200);
      const expected = formatMoney(
        before.reduce((sum, l) => sum + (l.id === target.id ? 123450 : parseMoney(l.price)) * l.quantity, 0),
      );
      expect(res.json().amount).toBe(expected);
      expect(res.json().items[1]).toMatchObject({ id: target.id, price: '1234.50', total: formatMoney(123450 * 2) });
      expect((await orderRow(id))?.amount).toBe(expected);

      const [entry] = await history(id);
      expect(entry).toMatchObject({
        action: 'order.line_price',
        before: { line: { id: target.id, price: target.price, quantity: 2 } },
        after: { line: { id: target.id, price: '1234.50', quantity: 2 }, amount: expected },
      });
      const [mail] = await changeMails(id);
      expect(mail?.subject).toBe(`Замовлення #${id.slice(-7)} змінено`);
      expect(mail?.text).toContain(`Нова сума: ${formatHryvnias(expected, 'грн')}`);
      expect(mail?.text).toContain('1\u202F234,50\u00A0грн');

      // The same price again changes nothing and mails nobody.
      expect((await admin('PATCH', `${id}/items/${target.id}/`, { price: '1234.50' })).statusCode).toBe(200);
      expect(await changeMails(id)).toHaveLength(1);
      expect(await history(id)).toHaveLength(1);
    });

    it('takes a price as a decimal string above zero', async () => {
      const id = await place();
      const [line] = await lines(id);
      for (const price of ['abc', '0', '0.00', '-5', '1.234', '1000000', 12.5, '']) {
        const res = await admin('PATCH', `${id}/items/${line?.id}/`, { price });
        expect(res.statusCode, `${JSON.stringify(price)}: ${res.body}`).toBe(400);
        expect(Object.keys(res.json())).toEqual(['price']);
      }
      expect((await admin('PATCH', `${id}/items/${line?.id}/`, { price: '10', quantity: 3 })).statusCode).toBe(400);
      expect(await changeMails(id)).toEqual([]);
    });

    it('removes a line before confirmation, never the last one', async () => {
      const id = await place({}, { lines: 2 });
      const [first, second] = await lines(id);
      if (!first || !second) throw new Error('two lines expected');
      const removed = await admin('DELETE', `${id}/items/${first.id}/`);
      expect(removed.statusCode).toBe(204);
      expect(removed.body).toBe('');
      const after = await admin('GET', `${id}/`);
      expect(after.json().items.map((l: { id: number }) => l.id)).toEqual([second.id]);
      expect(after.json().amount).toBe(second.total);
      expect((await history(id))[0]).toMatchObject({
        action: 'order.line_remove',
        before: { line: { id: first.id, price: first.price } },
        after: { line: null, amount: second.total },
      });
      expect(await changeMails(id)).toHaveLength(1);

      const last = await admin('DELETE', `${id}/items/${second.id}/`);
      expect(last.statusCode).toBe(409);
      expect(last.json()).toEqual({
        detail: 'An order keeps at least one line: cancel the order instead.',
        code: 'order_last_line',
      });
      expect(await lines(id)).toHaveLength(1);
      // A line of another order, or none at all, is not this order's.
      expect((await admin('DELETE', `${id}/items/${first.id}/`)).statusCode).toBe(404);
      const other = await place();
      const [foreign] = await lines(other);
      expect((await admin('PATCH', `${id}/items/${foreign?.id}/`, { price: '5.00' })).statusCode).toBe(404);
      expect((await admin('DELETE', `${crypto.randomUUID()}/items/${second.id}/`)).statusCode).toBe(404);
    });

    it('freezes the lines once the order is confirmed', async () => {
      const id = await place({}, { lines: 2 });
      const [line] = await lines(id);
      expect((await move(id, 'confirmed')).statusCode).toBe(200);
      for (const res of [
        await admin('PATCH', `${id}/items/${line?.id}/`, { price: '1.00' }),
        await admin('DELETE', `${id}/items/${line?.id}/`),
      ]) {
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({
          detail: 'An order’s lines change only before it is confirmed.',
          code: 'order_lines_frozen',
        });
      }
      expect(await lines(id)).toHaveLength(2);
      expect(await changeMails(id)).toHaveLength(1);
    });

    it('freezes the lines of a card order once its invoice is issued', async () => {
      const id = await place({ payment_method: 'card' }, { lines: 2, url: '/api/create-monobank-invoice/' });
      const detail = (await admin('GET', `${id}/`)).json();
      expect(detail).toMatchObject({ status: 'awaiting_payment', lines_editable: false });
      expect(detail.invoice).toMatchObject({ status: 'created', amount: detail.amount, provider: 'sandbox' });
      const res = await admin('PATCH', `${id}/items/${detail.items[0].id}/`, { price: '1.00' });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('order_invoice_issued');
      expect((await orderRow(id))?.amount).toBe(detail.amount);
    });
  });

  describe('notes', () => {
    it('keeps staff notes on the order, recorded, never mailed', async () => {
      const id = await place();
      const res = await admin('POST', `${id}/notes/`, { text: '  Передзвонити після 18:00  ' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        author_id: manager.id,
        author_email: manager.email,
        text: 'Передзвонити після 18:00',
      });
      await admin('POST', `${id}/notes/`, { text: 'Клієнт погодився' });
      const list = await admin('GET', `${id}/notes/`);
      expect(list.json()).toMatchObject({
        count: 2,
        results: [{ text: 'Передзвонити після 18:00' }, { text: 'Клієнт погодився' }],
      });
      expect((await admin('GET', `${id}/`)).json().notes).toHaveLength(2);
      expect((await history(id)).map((e) => [e.action, e.before, e.after])).toEqual([
        ['order.note', null, { note_id: list.json().results[1].id, text: 'Клієнт погодився' }],
        ['order.note', null, { note_id: res.json().id, text: 'Передзвонити після 18:00' }],
      ]);
      expect(await changeMails(id)).toEqual([]);
    });

    it('refuses blank, long or unknown notes, and notes on no order', async () => {
      const id = await place();
      for (const body of [{ text: '   ' }, { text: 'x'.repeat(2001) }, { text: 'ok', author_id: 1 }, {}]) {
        expect((await admin('POST', `${id}/notes/`, body)).statusCode).toBe(400);
      }
      expect((await admin('POST', `${id}/notes/`, { text: 'x'.repeat(2000) })).statusCode).toBe(201);
      expect((await admin('POST', `${crypto.randomUUID()}/notes/`, { text: 'ok' })).statusCode).toBe(404);
      expect((await admin('GET', `${crypto.randomUUID()}/notes/`)).statusCode).toBe(404);
    });
  });
});
