import { shopTimeZone } from '@kram/contract/admin-dashboard';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

export interface DayTotal {
  date: string;
  orders: number;
  amount: string;
}

/**
 * The dashboard's figures, read from the orders table: a report over many orders, not a change to
 * any, so it reads the table directly instead of going through the orders service one order at a time.
 */
export function adminDashboardRepository(database: Database) {
  const { rows } = database;
  return {
    /**
     * Orders placed from the first day to the last (Kyiv days, both included) that still stand (not
     * cancelled or returned), by day; days without any are absent. The range is turned into instants
     * once, so the scan uses the index on created_at.
     */
    dailyTotals(from: string, to: string): Promise<DayTotal[]> {
      return rows<DayTotal>(sql`
        select to_char(o.created_at at time zone ${shopTimeZone}, 'YYYY-MM-DD') as date,
          count(*)::int as orders, sum(o.amount)::text as amount
        from orders o
        where o.created_at >= (${from}::date::timestamp at time zone ${shopTimeZone})
          and o.created_at < ((${to}::date + 1)::timestamp at time zone ${shopTimeZone})
          and o.status not in ('cancelled', 'returned')
        group by 1
        order by 1`);
    },

    async awaiting(): Promise<{ new: number; awaiting_payment: number }> {
      const [row] = await rows<{ new: number; awaiting_payment: number }>(sql`
        select count(*) filter (where status = 'new')::int as new,
          count(*) filter (where status = 'awaiting_payment')::int as awaiting_payment
        from orders where status in ('new', 'awaiting_payment')`);
      return row ?? { new: 0, awaiting_payment: 0 };
    },
  };
}

export type AdminDashboardRepository = ReturnType<typeof adminDashboardRepository>;
