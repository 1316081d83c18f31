import type { CategoryNode } from '@kram/contract/catalog';
import { searchMaxLength } from '@kram/contract/catalog-rules';
import { categoriesOnPath } from './category-tree';

/**
 * The catalogue's and the product page's address rules (spec section 2), apart from their loaders
 * so they are tested on their own.
 */

/** `/category/:parent/:child?/:subchild?`: the path's category slugs, top first. */
export function listingSlugs(params: { parent?: string; child?: string; subchild?: string }): string[] {
  return [params.parent, params.child, params.subchild].filter((s): s is string => Boolean(s));
}

/**
 * One to three slugs, each a subcategory of the one before: a listing. Anything else is a 404
 * ("Catalog" with nothing in it for shoppers, not found for crawlers).
 */
export function listingStatus(tree: readonly CategoryNode[], slugs: readonly string[]): 200 | 404 {
  if (slugs.length < 1 || slugs.length > 3) return 404;
  return categoriesOnPath(tree, slugs) ? 200 : 404;
}

export interface ProductAddress {
  /** One to three category slugs, top first. */
  categorySlugs: string[];
  productSlug: string;
}

/**
 * `/product/*`: two to four segments, the category path and then the product's slug (cards link with
 * category_full_path and slug). Null for anything else, which is a product that is not there.
 */
export function productAddress(splat: string): ProductAddress | null {
  const segments = splat.split('/').filter(Boolean);
  if (segments.length < 2 || segments.length > 4) return null;
  return { categorySlugs: segments.slice(0, -1), productSlug: segments[segments.length - 1] as string };
}

/** `/search?query=…`: the query as the API gets it, blank when there is none (every product). */
export function searchQuery(search: URLSearchParams): string {
  return (search.get('query') ?? '').trim().slice(0, searchMaxLength);
}
