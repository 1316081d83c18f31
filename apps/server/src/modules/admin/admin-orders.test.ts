import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dialectBackends, type TestContext } from '../../../test/helpers.ts';
import { type CatalogProduct, catalogProducts, lineOf, orderPayload } from '../../../test/orders.ts';
import { bearer, freshIp, staffUser, type TestUser } from '../../../test/users.ts';
import { kyivDateTime } from '../../lib/kyiv-time.ts';

interface Summary {
  id: string;
  status: string;
  amount: string;
  first_name: string;
  last_name: string;
  lines: number;
}

describe.each(dialectBackends)('the back office’s orders list and export on %s', (backend) => {
  let ctx: TestContext;
  let manager: TestUser;
  let products: CatalogProduct[];
  /** The orders of this file, by name. */
  const ids: Record<string, string> = {};

  const place = async (overrides: Record<string, unknown>, lines = 1, url = '/api/orders/') => {
    const items = products.slice(0, lines).map((p) => lineOf(p));
    const res = await ctx.app.inject({
      method: 'POST',
      url,
      payload: orderPayload(items, overrides),
      headers: { 'x-forwarded-for': freshIp() },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().order_id as string;
  };
  const list = async (query: string) => {
    const res = await ctx.app.inject({ url: `/api/admin/orders/?${query}`, headers: bearer(manager.access) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { count: number; results: Summary[] };
  };
  /** The ids a query finds among this file's orders (named), in the answer's order. */
  const found = async (query: string) => {
    const names = Object.fromEntries(Object.entries(ids).map(([name, id]) => [id, name]));
    return (await list(`page_size=200&${query}`)).results.map((o) => names[o.id] ?? o.id);
  };
  const csv = (query = '') =>
    ctx.app.inject({ url: `/api/admin/orders/export.csv?${query}`, headers: bearer(manager.access) });

  beforeAll(async () => {
    ctx = await createTestContext(backend);
    manager = await staffUser(ctx.app, ctx.database);
    products = (await catalogProducts(ctx.database)).filter((p) => p.inStock).slice(0, 3);
    // Each order carries the family name Пошуківна, so `q` keeps to this file's orders.
    ids.olena = await place({
      first_name: 'Олена',
      last_name: 'Пошуківна',
      email: 'olena.search@example.com',
      phone_number: '+380671234567',
    });
    ids.ivan = await place(
      {
        first_name: 'Іван',
        last_name: 'Пошуківна',
        email: 'ivan@example.net',
        phone_number: '+380509876543',
        delivery_type: 'address',
        payment_method: 'matching',
        shipping_address: { city: 'Львів', branch: 'вул. Городоцька, 1' },
        description: 'He said "call me", then, later:\nleft',
      },
      3,
    );
    ids.formula = await place({
      first_name: '=HYPERLINK("http://x")',
      last_name: 'Пошуківна',
      email: 'formula@example.com',
      phone_number: '+380931112233',
      delivery_type: 'self_delivery',
      description: '@SUM(A1)',
    });
    ids.card = await place(
      {
        first_name: 'Марта',
        last_name: 'Пошуківна',
        email: 'marta@example.com',
        phone_number: '+380442223344',
        payment_method: 'card',
      },
      2,
      '/api/create-monobank-invoice/',
    );
    // Placed at 00:30 in Kyiv on 11 March 2026 (22:30 UTC on the 10th), and at 23:30 in Kyiv on the 11th.
    await ctx.database.db.execute(sql`update orders set created_at = '2026-03-10T22:30:00Z' where id = ${ids.olena}`);
    await ctx.database.db.execute(sql`update orders set created_at = '2026-03-11T21:30:00Z' where id = ${ids.ivan}`);
    await ctx.database.db.execute(sql`update orders set created_at = '2026-03-12T08:00:00Z' where id = ${ids.formula}`);
    await ctx.database.db.execute(sql`update orders set created_at = '2026-03-13T10:00:00Z' where id = ${ids.card}`);
    await ctx.database.db.execute(sql`update orders set status = 'confirmed' where id = ${ids.ivan}`);
  });
  afterAll(() => ctx?.close());

  describe('search', () => {
    it('finds an order by its number: the id, its first 8 characters, or # and its last 7, any case', async () => {
      const id = ids.ivan as string;
      for (const q of [
        id,
        id.slice(0, 8),
        id.slice(0, 8).toUpperCase(),
        `#${id.slice(-7)}`,
        id.slice(-7).toUpperCase(),
      ]) {
        expect(await found(`q=${encodeURIComponent(q)}`), q).toEqual(['ivan']);
      }
    });

    it('finds by the customer’s name either way round, and by e-mail, ignoring case', async () => {
      expect(await found(`q=${encodeURIComponent('олена пошуківна')}`)).toEqual(['olena']);
      expect(await found(`q=${encodeURIComponent('Пошуківна Іван')}`)).toEqual(['ivan']);
      expect(await found(`q=${encodeURIComponent('OLENA.SEARCH@')}`)).toEqual(['olena']);
      expect(await found(`q=${encodeURIComponent('example.net')}`)).toEqual(['ivan']);
      // Wildcards are letters here.
      expect(await found(`q=${encodeURIComponent('%')}`)).toEqual([]);
    });

    it('finds by telephone digits, with or without +380 or 0', async () => {
      for (const q of ['+380671234567', '0671234567', '067 123 45 67', '(067) 123-45-67', '671234567', '1234567']) {
        expect(await found(`q=${encodeURIComponent(q)}`), q).toEqual(['olena']);
      }
    });
  });

  describe('filters and sorting', () => {
    const mine = `q=${encodeURIComponent('Пошуківна')}`;

    it('filters by status (one or several), payment method and delivery', async () => {
      expect(await found(`${mine}&status=confirmed`)).toEqual(['ivan']);
      expect((await found(`${mine}&status=new&status=awaiting_payment`)).sort()).toEqual(['card', 'formula', 'olena']);
      expect(await found(`${mine}&payment_method=card`)).toEqual(['card']);
      expect(await found(`${mine}&delivery_type=self_delivery`)).toEqual(['formula']);
      expect(await found(`${mine}&payment_method=cash&delivery_type=branch`)).toEqual(['olena']);
    });

    it('filters by Kyiv days, from and to inclusive', async () => {
      expect(await found(`${mine}&from=2026-03-11&to=2026-03-11`)).toEqual(['ivan', 'olena']);
      expect(await found(`${mine}&from=2026-03-10&to=2026-03-10`)).toEqual([]);
      expect(await found(`${mine}&from=2026-03-12&to=2026-03-12`)).toEqual(['formula']);
      expect(await found(`${mine}&from=2026-03-11&to=2026-03-12`)).toEqual(['formula', 'ivan', 'olena']);
      // An instant is taken as it is.
      expect(await found(`${mine}&from=2026-03-11T00:00:00Z&to=2026-03-12T00:00:00Z`)).toEqual(['ivan']);
    });

    it('sorts newest first by default, or by amount or status (in the order of an order’s life)', async () => {
      const ours = Object.values(ids).length;
      expect(await found(mine)).toHaveLength(ours);
      expect((await found(mine))[0]).toBe('card');
      const byAmount = (await list(`${mine}&sort=amount&order=asc`)).results.map((o) => Number(o.amount));
      expect(byAmount).toEqual([...byAmount].sort((a, b) => a - b));
      const desc = (await list(`${mine}&sort=amount&order=desc`)).results.map((o) => Number(o.amount));
      expect(desc).toEqual([...byAmount].reverse());
      expect((await list(`${mine}&sort=status`)).results.map((o) => o.status)).toEqual([
        'new',
        'new',
        'awaiting_payment',
        'confirmed',
      ]);
    });

    it('pages, counts and reads several orders by id', async () => {
      const page = await list(`${mine}&page_size=2&page=2`);
      expect(page.count).toBe(4);
      expect(page.results).toHaveLength(2);
      const many = await found(`id=${ids.olena}&id=${ids.card}`);
      expect(many.sort()).toEqual(['card', 'olena']);
      const [ivan] = (await list(`id=${ids.ivan}`)).results;
      expect(ivan).toMatchObject({ first_name: 'Іван', last_name: 'Пошуківна', lines: 3, status: 'confirmed' });
    });

    it('refuses unknown filters and values', async () => {
      for (const query of ['status=lost', 'sort=email', 'from=yesterday', 'id=42', 'colour=red', 'page_size=201']) {
        const res = await ctx.app.inject({ url: `/api/admin/orders/?${query}`, headers: bearer(manager.access) });
        expect(res.statusCode, query).toBe(400);
      }
    });
  });

  describe('one order', () => {
    it('shows lines as ordered, contact, delivery, payment with the invoice, and what may change', async () => {
      const res = await ctx.app.inject({ url: `/api/admin/orders/${ids.card}/`, headers: bearer(manager.access) });
      expect(res.statusCode).toBe(200);
      const order = res.json();
      expect(order).toMatchObject({
        id: ids.card,
        status: 'awaiting_payment',
        payment_method: 'card',
        first_name: 'Марта',
        email: 'marta@example.com',
        city: 'Київ',
        language: 'uk',
        next_statuses: ['paid', 'confirmed', 'cancelled'],
        lines_editable: false,
        notes: [],
        history: [],
      });
      expect(order.invoice).toMatchObject({ status: 'created', provider: 'sandbox', amount: order.amount });
      expect(order.items).toHaveLength(2);
      expect(order.items[0]).toMatchObject({ quantity: 1, product: products[0]?.id, price: products[0]?.price });
      const olena = (
        await ctx.app.inject({ url: `/api/admin/orders/${ids.olena}/`, headers: bearer(manager.access) })
      ).json();
      expect(olena).toMatchObject({ invoice: null, lines_editable: true });
    });

    it('is 404 for an unknown order and 400 for a malformed id', async () => {
      const missing = await ctx.app.inject({
        url: `/api/admin/orders/${crypto.randomUUID()}/`,
        headers: bearer(manager.access),
      });
      expect(missing.statusCode).toBe(404);
      const malformed = await ctx.app.inject({ url: '/api/admin/orders/123/', headers: bearer(manager.access) });
      expect(malformed.statusCode).toBe(400);
    });
  });

  describe('CSV export', () => {
    const mine = `q=${encodeURIComponent('Пошуківна')}`;

    it('is a UTF-8 file with a BOM, named by today’s date, with the list’s rows and headings', async () => {
      const res = await csv(mine);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="orders-${kyivDateTime(new Date()).slice(0, 10)}.csv"`,
      );
      expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const text = res.body.replace(/^\uFEFF/, '');
      expect(text.startsWith('Номер,ID замовлення,Дата,Статус,Оплата,Доставка,Прізвище,')).toBe(true);
      expect(text.endsWith('\r\n')).toBe(true);
      // The heading, then the four orders, newest first; Ivan's comment holds a line break.
      expect(text.split('\r\n')).toHaveLength(1 + 4 + 1);
      expect(text).toContain(`#${ids.olena?.slice(-7)},${ids.olena},2026-03-11 00:30,Нове,При отриманні,У відділення,`);
    });

    it('quotes cells with commas, quotes and line breaks (RFC 4180)', async () => {
      const text = (await csv(`${mine}&status=confirmed`)).body;
      expect(text).toContain(',"He said ""call me"", then, later:\nleft",');
      expect(text).toContain(",Підтверджене,За домовленістю,Кур'єром,Пошуківна,Іван,");
    });

    it('defuses cells a spreadsheet would run as formulas', async () => {
      const text = (await csv(`${mine}&delivery_type=self_delivery`)).body;
      expect(text).toContain(`,Пошуківна,"'=HYPERLINK(""http://x"")",'+380931112233,formula@example.com,`);
      expect(text).toContain(",'@SUM(A1),");
      expect(text).not.toMatch(/,[=+@-]/);
    });

    it('applies the list’s filters and sorting, and speaks Russian when asked', async () => {
      const text = (await csv(`${mine}&from=2026-03-11&to=2026-03-11&sort=amount&order=desc&lng=ru`)).body;
      const rows = text.replace(/^\uFEFF/, '').split('\r\n');
      expect(rows[0]?.startsWith('Номер,ID заказа,Дата,Статус,Оплата,Доставка,Фамилия,Имя,')).toBe(true);
      expect(text).toContain(ids.olena);
      expect(text).toContain(ids.ivan);
      expect(text).not.toContain(ids.formula);
      expect(text).toContain(',Подтверждён,По договорённости,Курьером,');
    });

    it('refuses more orders than one file holds instead of cutting them short', async () => {
      await ctx.database.db.execute(sql`
        insert into orders (id, status, payment_method, delivery_type, first_name, last_name, email,
                            phone_number, city, branch, amount, language)
        select gen_random_uuid(), 'new', 'cash', 'branch', 'Масовий', 'Експортенко', 'bulk@example.com',
               '+380670000000', 'Київ', '1', 100, 'uk'
        from generate_series(1, 10001)`);
      const res = await csv(`q=${encodeURIComponent('Експортенко')}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        detail: 'The export holds at most 10000 orders: narrow the filters (dates, status).',
        code: 'export_too_large',
      });
      await ctx.database.db.execute(sql`delete from orders where last_name = 'Експортенко' and id not in (
        select id from orders where last_name = 'Експортенко' limit 10000)`);
      const all = await csv(`q=${encodeURIComponent('Експортенко')}`);
      expect(all.statusCode).toBe(200);
      expect(all.body.split('\r\n')).toHaveLength(1 + 10000 + 1);
    });
  });
});
