import type { Language } from '@kram/contract/languages';
/** Cards link with the product's category path and slug (spec section 2). */
export function productPath(product: { slug: string; category_full_path: string }): string {
  const category = product.category_full_path.replace(/^\/+|\/+$/g, '');
  return category ? `/product/${category}/${product.slug}` : `/product/${product.slug}`;
}

/** The shop's information and legal pages (spec section 2), in the order the footer and side menu list them. */
export const infoPages = ['delivery', 'contacts', 'about', 'conf', 'return', 'oferta'] as const;

export function categoryPath(slugs: readonly string[]): string {
  return `/category/${slugs.join('/')}`;
}

/** The admin panel's address follows the language (spec "Header"). */
export function adminPath(lng: Language): string {
  return lng === 'ru' ? '/ru/admin/' : '/uk/admin/';
}
