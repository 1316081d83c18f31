import type { AdminCustomerListQuery } from '@kram/contract/admin-customers';
import { and, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { likePattern } from '../../lib/like-pattern.ts';
import { onePage, ordered } from '../../lib/list-page.ts';
import { telephoneMatches } from '../../lib/phone-search.ts';
import type { CustomerOrders } from './customer-orders.ts';
import { users } from './schema.ts';

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

/** `q` against names, e-mail, and (typed as a telephone, three digits or more) the telephone. */
function matching(q: string): SQL | undefined {
  const pattern = likePattern(q);
  return or(
    ilike(sql`concat_ws(' ', ${users.firstName}, ${users.lastName})`, pattern),
    ilike(sql`concat_ws(' ', ${users.lastName}, ${users.firstName})`, pattern),
    ilike(users.email, pattern),
    telephoneMatches(users.telephone, q),
  );
}

/**
 * Accounts as the back office reads them, each with what it ordered. The order figures are the orders
 * module's subqueries (`CustomerOrders`), computed per account shown; sorting by them reads every
 * matching account's orders.
 */
export function customersRepository(database: Database, orders: CustomerOrders) {
  const { db } = database;
  const ordersCount = orders.countOf(sql`${users}.id`);
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
    totalSpent: orders.spentOf(sql`${users}.id`),
  };
  const sortColumns = {
    id: users.id,
    created_at: users.createdAt,
    email: users.email,
    orders_count: ordersCount,
  } as const;

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
      const rows = await onePage(
        db.select(customerColumns).from(users).where(where).$dynamic(),
        [ordered(column, direction), ordered(users.id, direction)],
        query,
      );
      return { count: total?.n ?? 0, rows };
    },

    async byId(id: number, executor: Executor = db): Promise<CustomerRow | undefined> {
      const [row] = await executor.select(customerColumns).from(users).where(eq(users.id, id));
      return row;
    },
  };
}

export type CustomersRepository = ReturnType<typeof customersRepository>;
