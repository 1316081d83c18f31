/** One field of an audited record, as it was and as it became. */
export interface AuditRow {
  field: string;
  before: unknown;
  after: unknown;
  /** Absent on one side counts as a change; equal JSON does not. */
  changed: boolean;
}

const json = (value: unknown) => (value === undefined ? undefined : JSON.stringify(value));

/**
 * The fields of a change side by side: the id first, then by name (the log's JSON keeps no order of
 * its own). A creation has no before and a deletion no after, so neither marks any field changed.
 */
export function auditRows(before: Record<string, unknown> | null, after: Record<string, unknown> | null): AuditRow[] {
  const fields = [...new Set([...Object.keys(after ?? {}), ...Object.keys(before ?? {})])].sort((a, b) =>
    a === 'id' ? -1 : b === 'id' ? 1 : a.localeCompare(b),
  );
  const both = before !== null && after !== null;
  return fields.map((field) => ({
    field,
    before: before?.[field],
    after: after?.[field],
    changed: both && json(before[field]) !== json(after[field]),
  }));
}

/** The back office's resource an entity of the log is, for its fields' names; undefined for others. */
const resources: Record<string, string> = {
  category: 'categories',
  size: 'sizes',
  color: 'colors',
  product: 'products',
  order: 'orders',
  customer: 'customers',
  staff: 'staff',
  feedback: 'feedback',
};

/** The translation key of a field's name, when the entity has a resource whose fields are named. */
export const auditFieldKey = (entity: string, field: string): string | undefined =>
  resources[entity] ? `resources.${resources[entity]}.fields.${field}` : undefined;

/** A value as the log holds it, readable in a cell: text as it is, nothing as a dash, the rest as JSON. */
export function formatAuditValue(value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'string') return value === '' ? '""' : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value, null, 2);
}
