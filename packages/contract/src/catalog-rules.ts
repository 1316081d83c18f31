/**
 * The catalogue's constants, without zod, so the storefront's browser bundle can use them without
 * carrying the schema library. catalog.ts re-exports them.
 */
export const sortValues = ['default', 'cheap', 'expensive', 'new', 'popular', 'sale'] as const;
export type Sort = (typeof sortValues)[number];
/** Sorts that reveal prices, so only signed-in shoppers may use them. */
export const priceSorts: readonly Sort[] = ['cheap', 'expensive'];
export const pageSizes = [12, 25, 50, 75, 100] as const;
export const defaultPageSize = 12;
export const searchMaxLength = 200;
export const suggestLimits = { products: 8, categories: 3 } as const;
/**
 * How deep the category tree goes: a top-level category is at depth 1, and nothing sits below depth 3.
 * The server's tree rules, its store's check and the back office's tree pickers all read this one value.
 */
export const maxCategoryDepth = 3;
