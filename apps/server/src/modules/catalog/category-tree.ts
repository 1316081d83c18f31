import type { AdminCategory, AdminCategoryNode } from '@kram/contract/admin-catalog';
import type { CategoryRecord } from './categories.repository.ts';

/** The category table read whole, with what the back office asks of it: order, subtrees, counts. */
export interface CategoryTree {
  get(id: number): CategoryRecord | undefined;
  /** Subcategories of `parentId` (null: the top level) by position. */
  children(parentId: number | null): CategoryRecord[];
  /** Everything under `id`, not `id` itself. */
  descendants(id: number): CategoryRecord[];
  /** Each category followed by its subcategories, by position: how the tree reads top to bottom. */
  inTreeOrder(): CategoryRecord[];
  toAdmin(record: CategoryRecord): AdminCategory;
  nodes(): AdminCategoryNode[];
  bySlug(slug: string): CategoryRecord | undefined;
}

const byPosition = (a: CategoryRecord, b: CategoryRecord) => a.position - b.position || a.id - b.id;

export function categoryTree(records: readonly CategoryRecord[]): CategoryTree {
  const byId = new Map(records.map((r) => [r.id, r]));
  const slugs = new Map(records.map((r) => [r.slug, r]));
  const childrenOf = new Map<number | null, CategoryRecord[]>();
  for (const record of records) {
    const list = childrenOf.get(record.parentId) ?? [];
    list.push(record);
    childrenOf.set(record.parentId, list);
  }
  for (const list of childrenOf.values()) list.sort(byPosition);
  const children = (parentId: number | null) => childrenOf.get(parentId) ?? [];

  // The table's rows form a tree (the writer keeps them so); `seen` guards the walk all the same.
  const descendants = (id: number, seen = new Set<number>([id])): CategoryRecord[] =>
    children(id).flatMap((child) => {
      if (seen.has(child.id)) return [];
      seen.add(child.id);
      return [child, ...descendants(child.id, seen)];
    });

  const totals = new Map<number, number>();
  const total = (record: CategoryRecord): number => {
    let sum = totals.get(record.id);
    if (sum === undefined) {
      sum = record.productCount + descendants(record.id).reduce((n, d) => n + d.productCount, 0);
      totals.set(record.id, sum);
    }
    return sum;
  };

  const toAdmin = (record: CategoryRecord): AdminCategory => ({
    ...auditedCategory(record),
    product_count: record.productCount,
    total_product_count: total(record),
    subcategory_count: children(record.id).length,
  });

  const node = (record: CategoryRecord): AdminCategoryNode => ({
    ...toAdmin(record),
    subcategories: children(record.id).map(node),
  });

  return {
    get: (id) => byId.get(id),
    children,
    descendants: (id) => descendants(id),
    inTreeOrder: () => children(null).flatMap((root) => [root, ...descendants(root.id)]),
    toAdmin,
    nodes: () => children(null).map(node),
    bySlug: (slug) => slugs.get(slug),
  };
}

/** What the audit log keeps of a category: its own fields, not the counts that change with products. */
export const auditedCategory = (record: CategoryRecord) => ({
  id: record.id,
  parent_id: record.parentId,
  slug: record.slug,
  name: record.name,
  name_ru: record.nameRu,
  position: record.position,
  depth: record.depth,
  path: record.path,
});
