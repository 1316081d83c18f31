import { type Dashboard, type DashboardDay, revenueDays, shopTimeZone } from '@kram/contract/admin-dashboard';
import type { OrderStatus } from '@kram/contract/orders';
import { type ShippingFilter, shippingFilters } from '@kram/contract/shipping';
import type { DayTotal } from './orders.repository.ts';

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

export interface OrderDashboardDeps {
  dayTotals: (from: string, to: string) => Promise<DayTotal[]>;
  /** How many orders are in each status now. */
  countByStatus: () => Promise<{ status: OrderStatus; count: number }[]>;
  /** How many orders each of the list's shipping filters keeps. */
  countShipping: (filter: ShippingFilter) => Promise<number>;
}

/** The back office's first screen: today's orders, what waits for the shop, and 30 days of revenue. */
export function orderDashboard({ dayTotals, countByStatus, countShipping }: OrderDashboardDeps) {
  return {
    async summary(now: Date = new Date()): Promise<Dashboard> {
      const today = kyivDate.format(now);
      const first = daysBefore(today, revenueDays - 1);
      const [totals, statuses, parcels] = await Promise.all([
        dayTotals(first, today),
        countByStatus(),
        Promise.all(shippingFilters.map(async (f) => [f, await countShipping(f)] as const)),
      ]);
      const byDate = new Map(totals.map((t) => [t.date, t]));
      const revenue: DashboardDay[] = [];
      for (let back = revenueDays - 1; back >= 0; back--) {
        const date = daysBefore(today, back);
        const total = byDate.get(date);
        revenue.push({ date, orders: total?.orders ?? 0, amount: total?.amount ?? '0.00' });
      }
      const inStatus = (status: OrderStatus) => statuses.find((s) => s.status === status)?.count ?? 0;
      return {
        time_zone: shopTimeZone,
        today: revenue[revenue.length - 1] ?? { date: today, orders: 0, amount: '0.00' },
        // Every order still new, and card orders still unpaid, whenever placed.
        awaiting: { new: inStatus('new'), awaiting_payment: inStatus('awaiting_payment') },
        shipping: Object.fromEntries(parcels) as Dashboard['shipping'],
        revenue,
      };
    },
  };
}

export type OrderDashboard = ReturnType<typeof orderDashboard>;
