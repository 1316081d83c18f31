import type { CategoryNode } from '@kram/contract/catalog';
import type { CategoryRow } from './catalog.repository.ts';

/** The category table held in memory: it is small and read on every listing. */
export interface CategoryIndex {
  tree: CategoryNode[];
  rows: CategoryRow[];
  bySlug: Map<string, CategoryRow>;
  byId: Map<number, CategoryRow>;
  /** The category's own id and the ids of everything under it. */
  subtreeIds(slug: string): number[] | undefined;
}

export function buildCategoryIndex(rows: CategoryRow[]): CategoryIndex {
  const bySlug = new Map(rows.map((r) => [r.slug, r]));
  const children = new Map<number | null, CategoryRow[]>();
  for (const row of rows) {
    const list = children.get(row.parent_id) ?? [];
    list.push(row);
    children.set(row.parent_id, list);
  }
  for (const list of children.values()) list.sort((a, b) => a.position - b.position || a.id - b.id);

  const toNode = (row: CategoryRow): CategoryNode => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    name_ru: row.name_ru,
    subcategories: (children.get(row.id) ?? []).map(toNode),
  });

  const subtrees = new Map<string, number[]>();
  const collect = (row: CategoryRow): number[] => {
    const ids = [row.id, ...(children.get(row.id) ?? []).flatMap(collect)];
    subtrees.set(row.slug, ids);
    return ids;
  };
  for (const root of children.get(null) ?? []) collect(root);

  return {
    tree: (children.get(null) ?? []).map(toNode),
    rows,
    bySlug,
    byId: new Map(rows.map((r) => [r.id, r])),
    // A full path ("odyag/kurtky") is accepted too: its last segment is the category.
    subtreeIds: (slug) => subtrees.get(slug.split('/').filter(Boolean).at(-1) ?? ''),
  };
}
