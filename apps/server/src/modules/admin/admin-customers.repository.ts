import { type AdminCustomerListQuery, customerPageOrders, unspentOrderStatuses } from '@kram/contract/admin-customers';
import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { likePattern } from '../../lib/like-pattern.ts';
import { users } from '../accounts/schema.ts';
import { orderItems, orders } from '../orders/schema.ts';

// Computed per account shown; sorting by them reads every matching account's orders (orders_user_idx).
// Written with aliases: Drizzle leaves columns unqualified in a one-table select, and `id` inside the
// subquery would then be the order's.
const unspent = sql.join(
  unspentOrderStatuses.map((status) => sql`${status}`),
  sql`, `,
);
const ordersCount = sql<number>`(select count(*)::int from ${orders} o where o.user_id = ${users}.id)`;
const totalSpent = sql<string>`(select coalesce(sum(o.amount), 0)::numeric(14, 2)::text from ${orders} o
  where o.user_id = ${users}.id and o.status not in (${unspent}))`;

const customerColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  telephone: users.telephone,
  isActive: users.isActive,
  isStaff: users.isStaff,
  isSuperuser: users.isSuperuser,
  createdAt: users.createdAt,
  deletedAt: users.deletedAt,
  ordersCount,
  totalSpent,
};

export interface CustomerRow {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  telephone: string | null;
  isActive: boolean;
  isStaff: boolean;
  isSuperuser: boolean;
  createdAt: Date;
  deletedAt: Date | null;
  ordersCount: number;
  totalSpent: string;
}

export interface CustomerOrderRow {
  id: string;
  status: (typeof orders.$inferSelect)['status'];
  amount: string;
  paymentMethod: (typeof orders.$inferSelect)['paymentMethod'];
  deliveryType: (typeof orders.$inferSelect)['deliveryType'];
  itemsCount: number;
  createdAt: Date;
}

/** What an account is now, for the rules of a change. */
export type AccountState = Pick<CustomerRow, 'id' | 'isActive' | 'isStaff' | 'isSuperuser' | 'createdAt' | 'deletedAt'>;

const sortColumns = {
  id: users.id,
  created_at: users.createdAt,
  email: users.email,
  orders_count: ordersCount,
} as const;

/** `q` against names, e-mail, and (with three digits or more) the telephone, whatever it was typed with. */
function matching(q: string): SQL | undefined {
  const pattern = likePattern(q);
  const digits = q.replace(/\D/g, '');
  return or(
    ilike(sql`concat_ws(' ', ${users.firstName}, ${users.lastName})`, pattern),
    ilike(sql`concat_ws(' ', ${users.lastName}, ${users.firstName})`, pattern),
    ilike(users.email, pattern),
    // Telephones are stored as +380XXXXXXXXX: "067 123 45 67" and "+38 (067) 123-4567" find them.
    digits.length >= 3 ? sql`${users.telephone} like ${`%${digits}%`}` : undefined,
  );
}

/** The back office's reading of accounts with what they ordered. */
export function adminCustomersRepository(database: Database) {
  const { db } = database;
  return {
    async list(query: AdminCustomerListQuery): Promise<{ count: number; rows: CustomerRow[] }> {
      const where = and(
        query.q ? matching(query.q) : undefined,
        query.is_active === undefined ? undefined : eq(users.isActive, query.is_active),
        query.is_staff === undefined ? undefined : eq(users.isStaff, query.is_staff),
        query.deleted === undefined ? undefined : query.deleted ? isNotNull(users.deletedAt) : isNull(users.deletedAt),
        query.id ? inArray(users.id, query.id) : undefined,
      );
      const column = sortColumns[query.sort ?? 'created_at'];
      const direction = query.sort ? query.order : 'desc';
      const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(where);
      const rows = await db
        .select(customerColumns)
        .from(users)
        .where(where)
        .orderBy(direction === 'asc' ? asc(column) : desc(column), direction === 'asc' ? asc(users.id) : desc(users.id))
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size);
      return { count: total?.n ?? 0, rows };
    },

    async byId(id: number, executor: Executor = db): Promise<CustomerRow | undefined> {
      const [row] = await executor.select(customerColumns).from(users).where(eq(users.id, id));
      return row;
    },

    /** The customer's newest orders, with how many pieces each holds. */
    async orders(userId: number): Promise<CustomerOrderRow[]> {
      return db
        .select({
          id: orders.id,
          status: orders.status,
          amount: orders.amount,
          paymentMethod: orders.paymentMethod,
          deliveryType: orders.deliveryType,
          itemsCount: sql<number>`(select coalesce(sum(i.quantity), 0)::int from ${orderItems} i
            where i.order_id = ${orders}.id)`,
          createdAt: orders.createdAt,
        })
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(customerPageOrders);
    },

    /**
     * The account, locked until `tx` ends: two changes to one account apply one after the other, and
     * an order being placed for it (whose foreign key check shares the lock) waits for a deletion.
     */
    async lock(id: number, tx: Executor): Promise<AccountState | undefined> {
      const [row] = await tx
        .select({
          id: users.id,
          isActive: users.isActive,
          isStaff: users.isStaff,
          isSuperuser: users.isSuperuser,
          createdAt: users.createdAt,
          deletedAt: users.deletedAt,
        })
        .from(users)
        .where(eq(users.id, id))
        .for('update');
      return row;
    },
  };
}

export type AdminCustomersRepository = ReturnType<typeof adminCustomersRepository>;
