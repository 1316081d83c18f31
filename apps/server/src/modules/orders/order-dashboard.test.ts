import type { Dashboard } from '@kram/contract/admin-dashboard';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, dialectBackends, type TestContext } from '../../../test/helpers.ts';
import { bearer, staffUser, type TestUser } from '../../../test/users.ts';
import { daysBefore, orderDashboard } from './order-dashboard.ts';
import { orderListRepository } from './order-list.repository.ts';
import { ordersRepository } from './orders.repository.ts';

describe('daysBefore', () => {
  it('counts calendar days across months, years and leap days', () => {
    expect(daysBefore('2026-03-29', 29)).toBe('2026-02-28');
    expect(daysBefore('2028-03-01', 1)).toBe('2028-02-29');
    expect(daysBefore('2027-01-05', 10)).toBe('2026-12-26');
    expect(daysBefore('2026-11-23', 0)).toBe('2026-11-23');
  });
});

describe.each(dialectBackends)('the dashboard on %s', (backend) => {
  let ctx: TestContext;
  let staff: TestUser;

  /** An order placed at a known instant. */
  const place = (createdAt: string, status: string, amount: string) =>
    ctx.database.db.execute(sql`
      insert into orders (id, status, payment_method, delivery_type, first_name, last_name, email,
                          phone_number, city, branch, amount, language, created_at)
      values (gen_random_uuid(), ${status}, 'cash', 'branch', 'Олена', 'Коваль', 'dashboard@example.com',
              '+380670000000', 'Київ', '1', ${amount}, 'uk', ${createdAt})`);

  beforeAll(async () => {
    ctx = await createTestContext(backend);
    staff = await staffUser(ctx.app, ctx.database);
  });
  beforeEach(async () => {
    await ctx.database.db.execute(sql`delete from orders`);
  });
  afterAll(() => ctx?.close());

  it('sums Kyiv’s days, on the day the clocks go forward too, leaving out cancelled and returned orders', async () => {
    // 29 March 2026: Kyiv moves from UTC+2 to UTC+3 at 01:00 UTC.
    await place('2026-03-28T22:30:00Z', 'new', '100.50'); // 00:30 on the 29th in Kyiv
    await place('2026-03-29T11:00:00Z', 'awaiting_payment', '50.25');
    await place('2026-03-29T09:00:00Z', 'cancelled', '999.00');
    await place('2026-03-28T21:30:00Z', 'confirmed', '200.00'); // 23:30 on the 28th in Kyiv
    await place('2026-03-28T08:00:00Z', 'returned', '300.00');
    await place('2026-02-28T10:00:00Z', 'completed', '10.00'); // the first of the 30 days
    await place('2026-02-27T21:59:00Z', 'completed', '7.00'); // 23:59 on the 27th: a day too early
    await place('2026-03-29T21:30:00Z', 'new', '1.00'); // 00:30 on the 30th: tomorrow in Kyiv

    const service = orderDashboard({
      dayTotals: ordersRepository(ctx.database).dailyTotals,
      countByStatus: ordersRepository(ctx.database).countByStatus,
      countShipping: orderListRepository(ctx.database).countShipping,
    });
    const summary = await service.summary(new Date('2026-03-29T12:00:00Z'));
    expect(summary.time_zone).toBe('Europe/Kyiv');
    expect(summary.today).toEqual({ date: '2026-03-29', orders: 2, amount: '150.75' });
    expect(summary.revenue).toHaveLength(30);
    expect(summary.revenue[0]).toEqual({ date: '2026-02-28', orders: 1, amount: '10.00' });
    expect(summary.revenue[28]).toEqual({ date: '2026-03-28', orders: 1, amount: '200.00' });
    expect(summary.revenue[29]).toEqual(summary.today);
    const quiet = summary.revenue.slice(1, 28);
    expect(quiet.every((d) => d.orders === 0 && d.amount === '0.00')).toBe(true);
    expect(quiet.map((d) => d.date)).toContain('2026-03-01');
    expect(new Set(summary.revenue.map((d) => d.date)).size).toBe(30);
    // Waiting: every order still new, and card orders still unpaid, whenever placed.
    expect(summary.awaiting).toEqual({ new: 2, awaiting_payment: 1 });
  });

  it('ends at Kyiv’s today, not the server’s: 23:30 UTC is already tomorrow there', async () => {
    await place('2026-11-23T22:30:00Z', 'new', '42.00');
    const service = orderDashboard({
      dayTotals: ordersRepository(ctx.database).dailyTotals,
      countByStatus: ordersRepository(ctx.database).countByStatus,
      countShipping: orderListRepository(ctx.database).countShipping,
    });
    const summary = await service.summary(new Date('2026-11-23T23:30:00Z'));
    expect(summary.today).toEqual({ date: '2026-11-24', orders: 1, amount: '42.00' });
    expect(summary.revenue[0]?.date).toBe('2026-10-26');
  });

  it('answers staff with today’s figures', async () => {
    await place(new Date().toISOString(), 'new', '123.40');
    await place(new Date().toISOString(), 'confirmed', '0.60');
    const res = await ctx.app.inject({ url: '/api/admin/dashboard/', headers: bearer(staff.access) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Dashboard;
    const kyivToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Kyiv' }).format(new Date());
    expect(body.today).toEqual({ date: kyivToday, orders: 2, amount: '124.00' });
    expect(body.awaiting).toEqual({ new: 1, awaiting_payment: 0 });
    expect(body.revenue.at(-1)).toEqual(body.today);
  });
});
