import type { CategoryNode } from '@kram/contract/catalog';
import type { Language } from '@kram/contract/language';
import { localizedName } from '../../lib/i18n';

export interface Crumb {
  /** Translation key (for fixed names) or null when `label` is already a name. */
  labelKey: string | null;
  label: string;
  href: string;
}

/**
 * Static pages are named by a fixed table (spec section 2). A Map, because the keys come from the
 * address: `/category/valueOf` must not find Object.prototype's function.
 */
const staticCrumbKeys = new Map<string, string>([
  ['search', 'breadcrumbs.search'],
  ['wishlist', 'breadcrumbs.wishlist'],
  ['checkout', 'breadcrumbs.checkout'],
  ['delivery', 'breadcrumbs.delivery'],
  ['contacts', 'breadcrumbs.contacts'],
  ['about', 'breadcrumbs.about'],
  ['conf', 'breadcrumbs.conf'],
  ['return', 'breadcrumbs.return'],
  ['oferta', 'breadcrumbs.oferta'],
  ['profile', 'breadcrumbs.profile'],
]);

/** A path segment as text; a malformed escape (`%E0%A4%A`) stays as it was written. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Home, then the path's segments: category slugs by their categories' names, static pages by the
 * table; an unknown last segment is the product's name, any other unknown segment a generic "Page".
 * The `/category` and `/product` prefixes only say what follows and get no crumb of their own.
 */
export function breadcrumbItems(
  pathname: string,
  categories: readonly CategoryNode[],
  lng: Language,
  productName?: string,
): Crumb[] {
  const segments = pathname.split('/').filter(Boolean).map(decodeSegment);
  const crumbs: Crumb[] = [{ labelKey: 'breadcrumbs.home', label: '', href: '/' }];
  const kind = segments[0];
  const rest = kind === 'category' || kind === 'product' ? segments.slice(1) : segments;
  let level: readonly CategoryNode[] = categories;
  let categoryTrail: string[] = [];
  rest.forEach((segment, index) => {
    const isLast = index === rest.length - 1;
    const category = level.find((c) => c.slug === segment);
    if (category) {
      categoryTrail = [...categoryTrail, segment];
      level = category.subcategories;
      crumbs.push({
        labelKey: null,
        label: localizedName(lng, category),
        href: `/category/${categoryTrail.join('/')}`,
      });
      return;
    }
    level = [];
    const href = `/${segments.slice(0, segments.length - rest.length + index + 1).join('/')}`;
    const staticKey = kind === 'product' ? undefined : staticCrumbKeys.get(segment);
    if (staticKey) {
      crumbs.push({ labelKey: staticKey, label: '', href });
    } else if (isLast && productName) {
      crumbs.push({ labelKey: null, label: productName, href });
    } else {
      crumbs.push({ labelKey: 'breadcrumbs.page', label: '', href });
    }
  });
  return crumbs;
}
