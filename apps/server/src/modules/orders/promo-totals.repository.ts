import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/**
 * What the orders placed with each promo code came to, from the orders' own `promo_code`: the
 * amounts paid of those that still stand (not cancelled or returned) and the discounts they took.
 * Codes no order was placed with are absent.
 */
export function promoTotalsRepository(database: Database) {
  return async (codes: readonly string[]): Promise<Map<string, { revenue: string; discounts: string }>> => {
    if (codes.length === 0) return new Map();
    const rows = await database.rows<{ code: string; revenue: string; discounts: string }>(sql`
      select promo_code as code,
        coalesce(sum(amount) filter (where status not in ('cancelled', 'returned')), 0)::numeric(14, 2)::text as revenue,
        coalesce(sum(discount) filter (where status not in ('cancelled', 'returned')), 0)::numeric(14, 2)::text as discounts
      from orders
      where promo_code in (${sql.join(
        codes.map((c) => sql`${c}`),
        sql`, `,
      )})
      group by promo_code`);
    return new Map(rows.map((r) => [r.code, { revenue: r.revenue, discounts: r.discounts }]));
  };
}
