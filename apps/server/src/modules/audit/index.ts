/**
 * The audit log: who changed what in the back office, when, and the record before and after. Each
 * module records its own changes through `AuditLog.record`, in the transaction that makes them.
 */

export { type AuditRepository, auditRepository } from './audit.repository.ts';
export { type AuditActor, type AuditLog, auditLog, type Change, toAuditEntry } from './audit-log.ts';
