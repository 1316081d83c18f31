import type { AdminStaffListQuery } from '@kram/contract/admin-staff';
import { and, asc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { likePattern } from '../../lib/like-pattern.ts';
import { onePage, ordered } from '../../lib/list-page.ts';
import { users } from './schema.ts';

export interface StaffRow {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  isActive: boolean;
  isStaff: boolean;
  isSuperuser: boolean;
  createdAt: Date;
}

const staffColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  isActive: users.isActive,
  isStaff: users.isStaff,
  isSuperuser: users.isSuperuser,
  createdAt: users.createdAt,
};

const isStaffAccount = and(or(eq(users.isStaff, true), eq(users.isSuperuser, true)), isNull(users.deletedAt));

const sortColumns = { id: users.id, email: users.email, created_at: users.createdAt } as const;

/** Staff accounts as the back office reads them: the accounts with the staff or superuser flag. */
export function staffRepository(database: Database) {
  const { db } = database;
  return {
    async list(query: AdminStaffListQuery): Promise<{ count: number; rows: StaffRow[] }> {
      const pattern = query.q ? likePattern(query.q) : undefined;
      const where = and(
        isStaffAccount,
        pattern
          ? or(ilike(users.email, pattern), ilike(sql`concat_ws(' ', ${users.firstName}, ${users.lastName})`, pattern))
          : undefined,
        query.is_superuser === undefined ? undefined : eq(users.isSuperuser, query.is_superuser),
        query.id ? inArray(users.id, query.id) : undefined,
      );
      const column = sortColumns[query.sort ?? 'email'];
      const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(where);
      const rows = await onePage(
        db.select(staffColumns).from(users).where(where).$dynamic(),
        [ordered(column, query.order), asc(users.id)],
        query,
      );
      return { count: total?.n ?? 0, rows };
    },

    /** A member of staff (or superuser) by id; undefined for any other account. */
    async byId(id: number, executor: Executor = db): Promise<StaffRow | undefined> {
      const [row] = await executor
        .select(staffColumns)
        .from(users)
        .where(and(eq(users.id, id), isStaffAccount));
      return row;
    },

    /**
     * The ids of the active superusers, locked until `tx` ends: two superusers demoting each other at
     * once are taken one after the other, and the second sees the first's change.
     */
    async lockActiveSuperusers(tx: Executor): Promise<number[]> {
      const rows = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.isSuperuser, true), eq(users.isActive, true), isNull(users.deletedAt)))
        .orderBy(asc(users.id))
        .for('update');
      return rows.map((r) => r.id);
    },
  };
}

export type StaffRepository = ReturnType<typeof staffRepository>;
