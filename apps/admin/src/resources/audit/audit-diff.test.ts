import { describe, expect, it } from 'vitest';
import { auditFieldKey, auditRows, formatAuditValue } from './audit-diff.ts';

describe('auditRows', () => {
  it('marks the fields that changed, the id first, then by name', () => {
    const before = { id: 7, name: 'Куртки', slug: 'kurtky', path: 'odyag/kurtky', tags: ['a'] };
    const after = { id: 7, name: 'Куртки зимові', slug: 'kurtky', path: 'vzuttia/kurtky', tags: ['a'] };
    expect(auditRows(before, after)).toEqual([
      { field: 'id', before: 7, after: 7, changed: false },
      { field: 'name', before: 'Куртки', after: 'Куртки зимові', changed: true },
      { field: 'path', before: 'odyag/kurtky', after: 'vzuttia/kurtky', changed: true },
      { field: 'slug', before: 'kurtky', after: 'kurtky', changed: false },
      { field: 'tags', before: ['a'], after: ['a'], changed: false },
    ]);
  });

  it('counts a field only one side has as changed, and compares nested values whole', () => {
    expect(auditRows({ a: { x: 1 }, gone: 1 }, { a: { x: 2 }, added: null })).toEqual([
      { field: 'a', before: { x: 1 }, after: { x: 2 }, changed: true },
      { field: 'added', before: undefined, after: null, changed: true },
      { field: 'gone', before: 1, after: undefined, changed: true },
    ]);
  });

  it('marks nothing for a creation or a deletion', () => {
    expect(auditRows(null, { id: 1, name: 'S' }).map((r) => r.changed)).toEqual([false, false]);
    expect(auditRows({ id: 1 }, null)).toEqual([{ field: 'id', before: 1, after: undefined, changed: false }]);
    expect(auditRows(null, null)).toEqual([]);
  });
});

describe('formatAuditValue', () => {
  it('shows text as it is, nothing as a dash, an empty text as quotes, the rest as JSON', () => {
    expect(formatAuditValue('kurtky')).toBe('kurtky');
    expect(formatAuditValue(null)).toBe('—');
    expect(formatAuditValue(undefined)).toBe('—');
    expect(formatAuditValue('')).toBe('""');
    expect(formatAuditValue(12.5)).toBe('12.5');
    expect(formatAuditValue(false)).toBe('false');
    expect(formatAuditValue({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}');
  });
});

describe('auditFieldKey', () => {
  it('names a field through its entity’s resource, and nothing for an entity without one', () => {
    expect(auditFieldKey('category', 'parent_id')).toBe('resources.categories.fields.parent_id');
    expect(auditFieldKey('feedback', 'handled_at')).toBe('resources.feedback.fields.handled_at');
    expect(auditFieldKey('site_content', 'hero')).toBeUndefined();
  });
});
