import type { AdminSale } from '@kram/contract/admin-promotions';
import { formatMoney, parseMoney } from '@kram/contract/money';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dialectBackends, type TestContext } from '../../../test/helpers.ts';
import { bearer, signUp, staffUser, type TestUser } from '../../../test/users.ts';
import type { ScheduledJob, Scheduler } from '../../infra/jobs/scheduler.ts';
import { salePrices } from '../catalog/sale-prices.ts';
import { promotionsModule, salesJob } from './index.ts';

interface Priced {
  id: number;
  slug: string;
  price: string;
  old_price: string | null;
  is_on_promo: boolean;
  category_id: number;
}

describe.each(dialectBackends)('scheduled sales, on %s', (backend) => {
  let ctx: TestContext;
  let staff: TestUser;
  let shopper: TestUser;
  let sample: Priced[];

  const admin = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    ctx.app.inject({ method, url: `/api/admin${url}`, headers: bearer(staff.access), ...(payload ? { payload } : {}) });

  const prices = async (ids: number[]) =>
    new Map(
      (
        await ctx.database.rows<Priced>(sql`
          select id, slug, price::text as price, old_price::text as old_price, is_on_promo, category_id
          from products where id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`)
      ).map((p) => [p.id, p]),
    );

  const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();

  beforeAll(async () => {
    ctx = await createTestContext(backend);
    staff = await staffUser(ctx.app, ctx.database);
    shopper = await signUp(ctx.app);
    sample = await ctx.database.rows<Priced>(sql`
      select id, slug, price::text as price, old_price::text as old_price, is_on_promo, category_id
      from products where not is_on_promo and old_price is null order by id limit 12`);
  });
  afterAll(() => ctx?.close());

  it('sets the sale price and the old price at the start, and restores both at the end', async () => {
    const [a, b] = sample as [Priced, Priced];
    const created = await admin('POST', '/sales/', {
      name: 'Чорна п’ятниця',
      percent: 20,
      starts_at: minutes(-1),
      ends_at: minutes(60),
      product_ids: [a.id, b.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const sale = created.json<AdminSale>();
    expect(sale).toMatchObject({ state: 'active', products_on_sale: 2 });
    const during = await prices([a.id, b.id]);
    expect(during.get(a.id)).toMatchObject({
      price: formatMoney(Math.round(parseMoney(a.price) * 0.8)),
      old_price: a.price,
      is_on_promo: true,
    });
    // The storefront's answers follow: a signed-in shopper sees the sale price and the old one.
    const page = await ctx.app.inject({ url: `/api/products/${a.slug}`, headers: bearer(shopper.access) });
    expect(page.json()).toMatchObject({ price: during.get(a.id)?.price, old_price: a.price, is_on_promo: true });
    // The "sale" sort follows: of the goods in stock, those on promotion come first.
    const listing = await ctx.app.inject({ url: '/api/products?sort=sale', headers: bearer(shopper.access) });
    const order = (listing.json().results.products as { is_on_sale: boolean; is_on_promo: boolean }[])
      .filter((p) => p.is_on_sale)
      .map((p) => p.is_on_promo);
    expect(order).toEqual([...order].sort((x, y) => Number(y) - Number(x)));

    // Staff set b's price by hand during the sale: theirs stands when the sale ends.
    await ctx.database.db.execute(sql`update products set price = 777 where id = ${b.id}`);
    const ended = await admin('PATCH', `/sales/${sale.id}/`, { ends_at: minutes(-0.5) });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toMatchObject({ state: 'ended', products_on_sale: 0 });
    const after = await prices([a.id, b.id]);
    expect(after.get(a.id)).toMatchObject({ price: a.price, old_price: null, is_on_promo: false });
    expect(after.get(b.id)).toMatchObject({ price: '777.00' });
    await ctx.database.db.execute(
      sql`update products set price = ${b.price}, old_price = null, is_on_promo = false where id = ${b.id}`,
    );
  });

  it('starts and ends on the scheduler’s clock, once each, however often it runs', async () => {
    const c = sample[2] as Priced;
    let clock = new Date();
    let job: ScheduledJob | undefined;
    const jobs = { add: (j: ScheduledJob) => (job = j), wake: () => {} } as unknown as Scheduler;
    const catalog = {
      categoryPaths: async () => new Map<number, string>(),
      existingProducts: async (ids: readonly number[]) => new Set(ids),
      productsForPricing: async () => [],
      salePrices: salePrices(ctx.database, () => {}),
    };
    const module = promotionsModule({
      database: ctx.database,
      catalog,
      audit: { record: async () => {} },
      limits: { consume: async () => {}, reset: async () => {}, close: async () => {} },
      jobs,
      now: () => clock,
    });
    expect(job?.name).toBe(salesJob);
    const starts = new Date(Date.now() + 3_600_000);
    const ends = new Date(starts.getTime() + 3_600_000);
    const sale = await module.sales.create(
      { id: null, email: 'system' },
      { name: 'Нічна', percent: 50, starts_at: starts.toISOString(), ends_at: ends.toISOString(), product_ids: [c.id] },
    );
    expect(sale.state).toBe('scheduled');
    expect((await job?.dueAt())?.getTime()).toBe(starts.getTime());

    clock = new Date(starts.getTime() + 1000);
    await job?.run();
    await job?.run();
    const half = formatMoney(Math.round(parseMoney(c.price) / 2));
    expect((await prices([c.id])).get(c.id)).toMatchObject({ price: half, old_price: c.price, is_on_promo: true });
    expect((await job?.dueAt())?.getTime()).toBe(ends.getTime());

    // A second sale over the same product while the first runs leaves it to the first.
    const overlap = await module.sales.create(
      { id: null, email: 'system' },
      { name: 'Друга', percent: 10, starts_at: clock.toISOString(), ends_at: ends.toISOString(), product_ids: [c.id] },
    );
    expect(overlap).toMatchObject({ state: 'active', products_on_sale: 0 });
    expect((await prices([c.id])).get(c.id)?.price).toBe(half);

    clock = new Date(ends.getTime() + 1000);
    await job?.run();
    await job?.run();
    expect((await prices([c.id])).get(c.id)).toMatchObject({ price: c.price, old_price: null, is_on_promo: false });
    expect((await module.sales.get(sale.id)).state).toBe('ended');
  });

  it('covers a category with the categories under it', async () => {
    const [top] = await ctx.database.rows<{ id: number; path: string }>(
      sql`select c.id, c.path from categories c where c.depth = 1 and exists (
            select 1 from categories s join products p on p.category_id = s.id
            where s.path like c.path || '/%' and not p.is_on_promo) order by c.id limit 1`,
    );
    if (!top) throw new Error('the demo catalogue has no nested categories with products');
    const onPromo = async () =>
      (
        await ctx.database.rows<{ id: number }>(sql`
          select p.id from products p join categories c on c.id = p.category_id
          where (c.path = ${top.path} or c.path like ${`${top.path}/%`}) and p.is_on_promo order by p.id`)
      ).map((r) => r.id);
    const before = await onPromo();
    const created = await admin('POST', '/sales/', {
      name: 'Категорія',
      percent: 10,
      starts_at: minutes(-1),
      ends_at: minutes(60),
      category_ids: [top.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const [counted] = await ctx.database.rows<{ covered: number; on_sale: number }>(sql`
      select count(*)::int as covered, count(*) filter (where p.is_on_promo)::int as on_sale
      from products p join categories c on c.id = p.category_id
      where c.path = ${top.path} or c.path like ${`${top.path}/%`}`);
    expect(counted?.on_sale).toBe(counted?.covered);
    expect(created.json().products_on_sale).toBeGreaterThan(0);
    // Deleting a running sale gives the prices back first.
    expect((await admin('DELETE', `/sales/${created.json().id}/`)).statusCode).toBe(204);
    expect(await onPromo()).toEqual(before);
  });

  it('refuses sales without goods, with a bad period or percent, and changes to a running sale’s goods', async () => {
    const none = await admin('POST', '/sales/', { name: 'X', percent: 10, starts_at: minutes(1), ends_at: minutes(2) });
    expect(none.json()).toEqual({ category_ids: ['Choose a category or some products.'] });
    const backwards = await admin('POST', '/sales/', {
      name: 'X',
      percent: 95,
      starts_at: minutes(2),
      ends_at: minutes(1),
      product_ids: [999999],
    });
    expect(backwards.statusCode).toBe(400);
    expect(Object.keys(backwards.json())).toEqual(['percent']);
    const missing = await admin('POST', '/sales/', {
      name: 'X',
      percent: 10,
      starts_at: '2030-01-01T09:00',
      ends_at: '2030-01-02T09:00',
      product_ids: [999999],
    });
    expect(missing.json()).toEqual({ product_ids: ['There is no such product: 999999.'] });
    const d = sample[3] as Priced;
    const running = (
      await admin('POST', '/sales/', {
        name: 'Y',
        percent: 5,
        starts_at: minutes(-1),
        ends_at: minutes(60),
        product_ids: [d.id],
      })
    ).json<AdminSale>();
    expect((await admin('PATCH', `/sales/${running.id}/`, { percent: 50 })).statusCode).toBe(409);
    expect((await admin('DELETE', `/sales/${running.id}/`)).statusCode).toBe(204);
    expect((await prices([d.id])).get(d.id)).toMatchObject({ price: d.price, is_on_promo: false });
    const audit = await admin('GET', '/audit/?entity=sale&page_size=200');
    const actions = (audit.json().results as { action: string; entity_id: string }[])
      .filter((e) => e.entity_id === String(running.id))
      .map((e) => e.action)
      .sort();
    expect(actions).toEqual(['sale.create', 'sale.delete']);
  });

  it('reads a time without an offset as Kyiv’s wall clock', async () => {
    const res = await admin('POST', '/sales/', {
      name: 'Літо',
      percent: 10,
      starts_at: '2030-07-01T09:00',
      ends_at: '2030-12-01T09:00',
      product_ids: [(sample[4] as Priced).id],
    });
    expect(res.json()).toMatchObject({ starts_at: '2030-07-01T06:00:00.000Z', ends_at: '2030-12-01T07:00:00.000Z' });
    // Before its start a sale's goods may change; they must exist.
    const moved = await admin('PATCH', `/sales/${res.json().id}/`, { product_ids: [(sample[5] as Priced).id] });
    expect(moved.json()).toMatchObject({ product_ids: [(sample[5] as Priced).id], state: 'scheduled' });
    const unknown = await admin('PATCH', `/sales/${res.json().id}/`, { product_ids: [999999] });
    expect(unknown.json()).toEqual({ product_ids: ['There is no such product: 999999.'] });
  });
});
