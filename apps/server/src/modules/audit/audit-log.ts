import type { AuditEntry, AuditListQuery } from '@kram/contract/admin';
import type { Executor } from '../../db/client.ts';
import type { AuditRepository, AuditRow } from './audit.repository.ts';

/**
 * Who made a change, as the log names them: a member of staff (accounts' `StaffMember` is one). Declared
 * here, so the audit log depends on no other module and every module may record its changes in it.
 */
export interface AuditActor {
  /** Null for the shop itself acting on news from outside (the carrier's tracking). */
  id: number | null;
  email: string;
}

/** One change as the audit log keeps it; `before` is null for a creation, `after` for a deletion. */
export interface Change {
  /** `<entity>.<verb>`: `product.update`, `order.status`, `customer.block`… */
  action: string;
  entity: string;
  entityId: string | number;
  before: object | null;
  after: object | null;
}

/**
 * JSON as the log stores it: dates as ISO strings, undefined fields dropped, so what is compared and
 * shown is what was written.
 */
const asJson = (value: object | null): Record<string, unknown> | null =>
  value === null ? null : JSON.parse(JSON.stringify(value));

export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    actor_id: row.actorId,
    actor_email: row.actorEmail,
    action: row.action,
    entity: row.entity,
    entity_id: row.entityId,
    before: (row.before as Record<string, unknown> | null) ?? null,
    after: (row.after as Record<string, unknown> | null) ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The back office's audit log: every change is recorded in the transaction that makes it. */
export function auditLog(repo: AuditRepository) {
  return {
    async record(tx: Executor, actor: AuditActor, change: Change): Promise<void> {
      await repo.insert(tx, {
        actorId: actor.id,
        actorEmail: actor.email,
        action: change.action,
        entity: change.entity,
        entityId: String(change.entityId),
        before: asJson(change.before),
        after: asJson(change.after),
      });
    },

    async list(query: AuditListQuery): Promise<{ count: number; results: AuditEntry[] }> {
      const { count, rows } = await repo.list(query);
      return { count, results: rows.map(toAuditEntry) };
    },
  };
}

export type AuditLog = ReturnType<typeof auditLog>;
