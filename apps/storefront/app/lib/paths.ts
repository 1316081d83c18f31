import type { Language } from '@kram/contract/languages';
/** Cards link with the product's category path and slug (spec section 2). */
export function productPath(product: { slug: string; category_full_path: string }): string {
  const category = product.category_full_path.replace(/^\/+|\/+$/g, '');
  return category ? `/product/${category}/${product.slug}` : `/product/${product.slug}`;
}

export function categoryPath(slugs: readonly string[]): string {
  return `/category/${slugs.join('/')}`;
}

/** The admin panel's address follows the language (spec "Header"). */
export function adminPath(lng: Language): string {
  return lng === 'ru' ? '/ru/admin/' : '/uk/admin/';
}
