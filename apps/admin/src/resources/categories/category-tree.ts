import { type AdminCategory, maxCategoryDepth } from '@kram/contract/admin-catalog';

type Category = Pick<AdminCategory, 'id' | 'parent_id' | 'name' | 'name_ru' | 'position' | 'depth' | 'path'>;

/** A category's name in the back office's language. */
export const categoryName = (category: Pick<AdminCategory, 'name' | 'name_ru'>, locale: string): string =>
  (locale === 'ru' ? category.name_ru : category.name) || category.name;

/** The names from the top down to `category`, joined as a breadcrumb: "Одяг › Верхній одяг". */
export function categoryTrail(category: Category, byId: Map<number, Category>, locale: string): string {
  const names: string[] = [];
  for (let at: Category | undefined = category; at && names.length < maxCategoryDepth; ) {
    names.unshift(categoryName(at, locale));
    at = at.parent_id === null ? undefined : byId.get(at.parent_id);
  }
  return names.join(' › ');
}

/**
 * The categories `moving` may be put under (null: a new category): not itself or anything under it,
 * and none where it, with the levels under it, would go past the third level. The server checks the
 * same; the picker offers only what it would accept.
 */
export function parentChoices(
  categories: readonly Category[],
  moving: Category | undefined,
  locale: string,
): { id: number; name: string }[] {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const inside = (c: Category) => moving !== undefined && (c.id === moving.id || c.path.startsWith(`${moving.path}/`));
  const levelsBelow = moving
    ? Math.max(0, ...categories.filter((c) => c.path.startsWith(`${moving.path}/`)).map((c) => c.depth - moving.depth))
    : 0;
  return categories
    .filter((c) => !inside(c) && c.depth + 1 + levelsBelow <= maxCategoryDepth)
    .map((c) => ({ id: c.id, name: categoryTrail(c, byId, locale) }));
}

/** Subcategories of one parent in their order (position, then id, as the shop shows them). */
export const siblingsOf = (categories: readonly Category[], parentId: number | null): Category[] =>
  categories.filter((c) => c.parent_id === parentId).sort((a, b) => a.position - b.position || a.id - b.id);

/**
 * The new order of `category`'s siblings after moving it one place up or down, or undefined when it
 * is already first or last.
 */
export function orderAfterStep(
  categories: readonly Category[],
  category: Category,
  step: -1 | 1,
): number[] | undefined {
  const ids = siblingsOf(categories, category.parent_id).map((c) => c.id);
  const from = ids.indexOf(category.id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= ids.length) return undefined;
  [ids[from], ids[to]] = [ids[to] as number, ids[from] as number];
  return ids;
}
