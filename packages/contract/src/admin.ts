import { z } from 'zod';
import { badRequestError, detailError, optionalQuery } from './common.ts';

/**
 * The back office's API (`/api/admin/*`): the shapes every resource shares. Lists page with `page` and
 * `page_size`, sort with `sort` (one of the resource's sortable fields) and `order`, filter with named
 * keys, and answer `{count, results}`; one record lives at `/api/admin/<resource>/<id>/`.
 */

export const adminMessages = {
  staffOnly: 'You do not have permission to perform this action.',
  superuserOnly: 'Only a superuser may do this.',
} as const;

export const maxPageSize = 200;
const maxId = 2 ** 31 - 1;

/** A record id in a path (serial ids). */
export const idParams = z.strictObject({
  id: z.coerce.number({ error: 'A valid integer is required.' }).int('A valid integer is required.').min(1).max(maxId),
});

/** An order id in a path. */
export const uuidParams = z.strictObject({ id: z.uuid({ error: 'Must be a valid UUID.' }) });

/** One query key that may be repeated (`?id=1&id=2`) or given once. */
export const repeated = <T extends z.ZodType>(item: T, max = maxPageSize) =>
  z.preprocess((v) => (v === undefined || Array.isArray(v) ? v : [v]), z.array(item).max(max).optional());

export const queryFlag = optionalQuery(z.enum(['true', 'false']).transform((v) => v === 'true'));
export const queryText = (max = 200) => optionalQuery(z.string().trim().max(max));
export const queryInt = optionalQuery(z.coerce.number().int().min(1).max(maxId));
/** A day (`2026-11-23`) or an instant (ISO 8601) in a query. */
export const queryDate = optionalQuery(z.union([z.iso.date(), z.iso.datetime({ offset: true })]));

/** The paging and sorting keys of a list over `sortable` fields, with the resource's own filters. */
export function listQuery<const Sort extends readonly [string, ...string[]], Shape extends z.ZodRawShape>(
  sortable: Sort,
  filters: Shape,
) {
  return z.strictObject({
    page: optionalQuery(z.coerce.number().int().min(1).max(1_000_000)).default(1),
    page_size: optionalQuery(z.coerce.number().int().min(1).max(maxPageSize)).default(25),
    sort: optionalQuery(z.enum(sortable)),
    order: optionalQuery(z.enum(['asc', 'desc'])).default('asc'),
    id: repeated(z.coerce.number().int().min(1).max(maxId)),
    ...filters,
  });
}

/** A page of a list and how many records the filters match in all. */
export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({ count: z.number().int().min(0), results: z.array(item) });

/** Many records changed the same way at once (in-stock, promo): the ids changed. */
export const bulkResult = z.object({ ids: z.array(z.number().int()) }).meta({ id: 'AdminBulkResult' });

/** The answers every back-office call may give besides its own. */
export const adminErrors = { 400: badRequestError, 401: detailError, 403: detailError } as const;
export const adminRecordErrors = { ...adminErrors, 404: detailError } as const;
export const adminWriteErrors = { ...adminRecordErrors, 409: detailError } as const;

/** One change in the audit log. */
export const auditEntry = z
  .object({
    id: z.number().int(),
    actor_id: z.number().int().nullable(),
    actor_email: z.string(),
    action: z.string(),
    entity: z.string(),
    entity_id: z.string(),
    /** The record as it was (null for a creation) and as it became (null for a deletion). */
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'AdminAuditEntry' });
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditListQuery = listQuery(['created_at', 'action', 'entity'], {
  entity: queryText(40),
  entity_id: queryText(80),
  action: queryText(60),
  actor_id: queryInt,
  from: queryDate,
  to: queryDate,
  q: queryText(),
});
export type AuditListQuery = z.infer<typeof auditListQuery>;
