import type { AuditListQuery } from '@kram/contract/admin';
import { and, count, desc, eq, gte, ilike, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { likePattern } from '../../lib/like-pattern.ts';
import { onePage, ordered } from '../../lib/list-page.ts';
import { auditLog } from './schema.ts';

export type AuditRow = typeof auditLog.$inferSelect;
export type AuditInsert = Omit<typeof auditLog.$inferInsert, 'id' | 'createdAt'>;

const sortColumns = { created_at: auditLog.createdAt, action: auditLog.action, entity: auditLog.entity } as const;

/** A day (`2026-11-23`) as the start of that day in UTC; an instant as itself. */
const instant = (value: string, endOfDay: boolean) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? new Date(Date.parse(`${value}T00:00:00Z`) + (endOfDay ? 86_400_000 : 0))
    : new Date(value);

export function auditRepository(database: Database) {
  const { db } = database;
  return {
    /** Written with the change it describes, in the same transaction. */
    async insert(executor: Executor, entry: AuditInsert): Promise<void> {
      await executor.insert(auditLog).values(entry);
    },

    async list(query: AuditListQuery): Promise<{ count: number; rows: AuditRow[] }> {
      const filters: (SQL | undefined)[] = [
        query.entity ? eq(auditLog.entity, query.entity) : undefined,
        query.entity_id ? eq(auditLog.entityId, query.entity_id) : undefined,
        query.action ? eq(auditLog.action, query.action) : undefined,
        query.actor_id ? eq(auditLog.actorId, query.actor_id) : undefined,
        query.from ? gte(auditLog.createdAt, instant(query.from, false)) : undefined,
        query.to ? lt(auditLog.createdAt, instant(query.to, true)) : undefined,
        query.q
          ? or(
              ilike(auditLog.actorEmail, likePattern(query.q)),
              ilike(auditLog.action, likePattern(query.q)),
              ilike(auditLog.entityId, likePattern(query.q)),
            )
          : undefined,
        query.id ? inArray(auditLog.id, query.id) : undefined,
      ];
      const where = and(...filters);
      const column = sortColumns[query.sort ?? 'created_at'];
      const direction = query.sort ? query.order : 'desc';
      const [total] = await db.select({ n: count() }).from(auditLog).where(where);
      const rows = await onePage(
        db.select().from(auditLog).where(where).$dynamic(),
        [ordered(column, direction), desc(auditLog.id)],
        query,
      );
      return { count: total?.n ?? 0, rows };
    },
  };
}

export type AuditRepository = ReturnType<typeof auditRepository>;
