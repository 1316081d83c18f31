import type { AdminOrderFilter } from '@kram/contract/admin-orders';
import { orderStatuses } from '@kram/contract/orders';
import type { ShippingFilter } from '@kram/contract/shipping';
import { and, asc, count, desc, eq, gte, ilike, inArray, like, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { isDay, kyivDayStart } from '../../lib/kyiv-time.ts';
import { likePattern } from '../../lib/like-pattern.ts';
import { telephoneMatches } from '../../lib/phone-search.ts';
import { orders } from './schema.ts';

export type OrderListRow = typeof orders.$inferSelect & { lineCount: number };

/**
 * What `q` finds: the order's number (the end of its id after `#`, as the shop shows it everywhere,
 * or the start of its id), the customer's name either way round, e-mail, or telephone by its digits
 * (`067 123-45-67`, `+380671234567` and `671234567` are one number).
 */
function search(q: string): SQL | undefined {
  const text = q.trim();
  const pattern = likePattern(text);
  const found: (SQL | undefined)[] = [
    ilike(sql`${orders.firstName} || ' ' || ${orders.lastName}`, pattern),
    ilike(sql`${orders.lastName} || ' ' || ${orders.firstName}`, pattern),
    ilike(orders.email, pattern),
  ];
  const number = text.replace(/^#/, '').toLowerCase();
  if (/^[0-9a-f-]{4,36}$/.test(number)) {
    found.push(like(sql`${orders.id}::text`, `${number}%`), like(sql`${orders.id}::text`, `%${number}`));
  }
  found.push(telephoneMatches(orders.phoneNumber, text));
  return or(...found);
}

/**
 * Rows of another module (an order's returns) whose order `q` finds as the order list's search does,
 * given the column holding their order's id.
 */
export function orderSearchCondition(q: string, orderId: AnyPgColumn): SQL {
  const found = search(q);
  return found ? sql`${orderId} in (select ${orders.id} from ${orders} where ${found})` : sql`true`;
}

/**
 * Which orders a shipping filter keeps, given the order id column: the shipping module's own reading of
 * its parcels (orders know no shipment).
 */
export type ShippingCondition = (filter: ShippingFilter, orderId: AnyPgColumn) => SQL;

/** Orders a parcel may leave for: confirmed, or paid by card; delivered by the carrier. */
const toShip = () => and(inArray(orders.status, ['confirmed', 'paid']), ne(orders.deliveryType, 'self_delivery'));

function where(filter: AdminOrderFilter, shipping: ShippingCondition | undefined): SQL | undefined {
  const { from, to } = filter;
  const parcel = filter.shipping;
  return and(
    parcel === 'to_ship' ? toShip() : undefined,
    parcel ? (shipping ? shipping(parcel, orders.id) : sql`false`) : undefined,
    filter.status?.length ? inArray(orders.status, filter.status) : undefined,
    filter.payment_method ? eq(orders.paymentMethod, filter.payment_method) : undefined,
    filter.delivery_type ? eq(orders.deliveryType, filter.delivery_type) : undefined,
    from ? gte(orders.createdAt, isDay(from) ? kyivDayStart(from) : new Date(from)) : undefined,
    to ? (isDay(to) ? lt(orders.createdAt, kyivDayStart(to, 1)) : lte(orders.createdAt, new Date(to))) : undefined,
    filter.q ? search(filter.q) : undefined,
    filter.id?.length ? inArray(orders.id, filter.id) : undefined,
  );
}

/** Statuses sort in the order of an order's life, not alphabetically. */
const statusRank = sql`array_position(array[${sql.join(
  orderStatuses.map((s) => sql`${s}`),
  sql`, `,
)}]::text[], ${orders.status})`;

function ordering(filter: AdminOrderFilter): SQL[] {
  // Newest first unless a sort is asked for.
  const direction = filter.sort ? filter.order : 'desc';
  const by = direction === 'asc' ? asc : desc;
  if (filter.sort === 'amount') return [by(orders.amount), desc(orders.createdAt), desc(orders.id)];
  if (filter.sort === 'status') return [by(statusRank), desc(orders.createdAt), desc(orders.id)];
  return [by(orders.createdAt), by(orders.id)];
}

/** The back office's reading of orders: the filtered list, and the rows of the CSV export. */
export function orderListRepository(database: Database) {
  const { db } = database;
  let shipping: ShippingCondition | undefined;
  // Spelled out: inside a select list Drizzle names columns without their table, and both have an id.
  const lineCount = sql<number>`(select count(*) from order_items where order_items.order_id = orders.id)::int`;
  return {
    async list(
      filter: AdminOrderFilter,
      page: { page: number; pageSize: number },
    ): Promise<{ count: number; rows: OrderListRow[] }> {
      const condition = where(filter, shipping);
      const [total] = await db.select({ n: count() }).from(orders).where(condition);
      const rows = await db
        .select({ order: orders, lineCount })
        .from(orders)
        .where(condition)
        .orderBy(...ordering(filter))
        .limit(page.pageSize)
        .offset((page.page - 1) * page.pageSize);
      return { count: total?.n ?? 0, rows: rows.map((r) => ({ ...r.order, lineCount: r.lineCount })) };
    },

    /** Lets the shipping module answer the list's shipping filters. */
    filterShippingWith(condition: ShippingCondition): void {
      shipping = condition;
    },

    /** How many orders a shipping filter keeps (the dashboard's counts). */
    async countShipping(filter: ShippingFilter): Promise<number> {
      const [total] = await db
        .select({ n: count() })
        .from(orders)
        .where(where({ order: 'asc', shipping: filter }, shipping));
      return total?.n ?? 0;
    },

    /** The ids of the orders the filters match, in the list's order, at most `limit`. */
    async matchingIds(filter: AdminOrderFilter, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: orders.id })
        .from(orders)
        .where(where(filter, shipping))
        .orderBy(...ordering(filter))
        .limit(limit);
      return rows.map((r) => r.id);
    },
  };
}

export type OrderListRepository = ReturnType<typeof orderListRepository>;
