import { type Dashboard, type DashboardDay, revenueDays, shopTimeZone } from '@kram/contract/admin-dashboard';
import type { AdminDashboardRepository } from './admin-dashboard.repository.ts';

const kyivDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: shopTimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The day `days` before `date` (`2026-11-23`), by the calendar: daylight saving does not move it. */
export function daysBefore(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
}

/** The back office's first screen: today's orders, what waits for the shop, and 30 days of revenue. */
export function adminDashboardService(repo: AdminDashboardRepository) {
  return {
    async summary(now: Date = new Date()): Promise<Dashboard> {
      const today = kyivDate.format(now);
      const first = daysBefore(today, revenueDays - 1);
      const [totals, awaiting] = await Promise.all([repo.dailyTotals(first, today), repo.awaiting()]);
      const byDate = new Map(totals.map((t) => [t.date, t]));
      const revenue: DashboardDay[] = [];
      for (let back = revenueDays - 1; back >= 0; back--) {
        const date = daysBefore(today, back);
        const total = byDate.get(date);
        revenue.push({ date, orders: total?.orders ?? 0, amount: total?.amount ?? '0.00' });
      }
      return {
        time_zone: shopTimeZone,
        today: revenue[revenue.length - 1] ?? { date: today, orders: 0, amount: '0.00' },
        awaiting,
        revenue,
      };
    },
  };
}

export type AdminDashboardService = ReturnType<typeof adminDashboardService>;
