import type { CategoryNode } from '@kram/contract/catalog';

/** The categories a path of slugs walks through, or null when a slug is not where the path says. */
export function categoriesOnPath(tree: readonly CategoryNode[], slugs: readonly string[]): CategoryNode[] | null {
  const found: CategoryNode[] = [];
  let level = tree;
  for (const slug of slugs) {
    const node = level.find((c) => c.slug === slug);
    if (!node) return null;
    found.push(node);
    level = node.subcategories;
  }
  return found;
}

/** Every category with the slugs leading to it, depth first. */
export function* walkCategories(
  tree: readonly CategoryNode[],
  parents: string[] = [],
): Generator<{ node: CategoryNode; slugs: string[] }> {
  for (const node of tree) {
    const slugs = [...parents, node.slug];
    yield { node, slugs };
    yield* walkCategories(node.subcategories, slugs);
  }
}
