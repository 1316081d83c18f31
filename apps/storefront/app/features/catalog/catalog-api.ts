import type { CategoryNode, CategoryNotFound, Product, ProductList, ProductNotFound } from '@kram/contract/catalog';
import { defaultPageSize, pageSizes, type Sort, sortValues } from '@kram/contract/catalog-rules';
import * as shop from '@kram/contract/endpoints/shop';
import { type ApiClient, ApiError } from '../../lib/api';
import { isMissing } from '../../lib/not-found';

/** The server passes a client of the in-process API; the browser the shopper's (bearer, refresh). */
export type Fetcher = ApiClient;

/** What a listing asks the API for; the same names as the API's query (spec section 7). */
export interface ListingParams {
  page: number;
  limit: number;
  sort: Sort;
  color: number[];
  size: number[];
  inStock: boolean;
  minPrice: number | undefined;
  maxPrice: number | undefined;
}

export const defaultListing: ListingParams = {
  page: 1,
  limit: defaultPageSize,
  sort: 'default',
  color: [],
  size: [],
  inStock: false,
  minPrice: undefined,
  maxPrice: undefined,
};

/**
 * What the API takes in a listing's query (spec section 5): ids of at most nine digits in a list of
 * at most 1,000 characters, prices up to 10^10. A page address may hold anything; what the API would
 * refuse is dropped here, so a hand-edited filter shows the listing without it, never an error.
 */
const largestId = 999_999_999;
const mostIds = 100;
const largestPrice = 1e10;

const idList = (value: string | null): number[] =>
  [
    ...new Set(
      (value ?? '')
        .replace(/\s+/g, '')
        .split(',')
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0 && n <= largestId),
    ),
  ].slice(0, mostIds);

const positive = (value: string | null): number | undefined => {
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 && n <= largestPrice ? n : undefined;
};

/** Reads a listing from a page URL; anything unusable, or that the API would refuse, falls back to its default. */
export function parseListing(search: URLSearchParams): ListingParams {
  const page = Number(search.get('page'));
  const limit = Number(search.get('limit'));
  const sort = search.get('sort');
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 100000 ? page : 1,
    limit: (pageSizes as readonly number[]).includes(limit) ? limit : defaultPageSize,
    sort: sortValues.includes(sort as Sort) ? (sort as Sort) : 'default',
    color: idList(search.get('color')),
    size: idList(search.get('size')),
    inStock: search.get('in_stock') === 'true',
    minPrice: positive(search.get('min_price')),
    maxPrice: positive(search.get('max_price')),
  };
}

/** The page URL's query for a listing: only what differs from the defaults. */
export function listingSearch(params: ListingParams, extra: Record<string, string> = {}): string {
  const search = new URLSearchParams(extra);
  if (params.page !== 1) search.set('page', String(params.page));
  if (params.limit !== defaultPageSize) search.set('limit', String(params.limit));
  if (params.sort !== 'default') search.set('sort', params.sort);
  if (params.color.length) search.set('color', params.color.join(','));
  if (params.size.length) search.set('size', params.size.join(','));
  if (params.inStock) search.set('in_stock', 'true');
  if (params.minPrice !== undefined) search.set('min_price', String(params.minPrice));
  if (params.maxPrice !== undefined) search.set('max_price', String(params.maxPrice));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The API's query for a listing: only what the listing sets (empty values are left out). */
export function productsQuery(
  params: ListingParams,
  scope: { categorySlug?: string; search?: string; exact?: boolean },
) {
  return {
    page: params.page,
    limit: params.limit,
    sort: params.sort,
    category_slug: scope.categorySlug,
    search: scope.search,
    exact: scope.search && scope.exact ? 'true' : undefined,
    // Colours go as a comma list without whitespace (spec section 5).
    color: params.color.join(','),
    size: params.size.join(','),
    in_stock: params.inStock ? 'true' : undefined,
    min_price: params.minPrice,
    max_price: params.maxPrice,
  };
}

export async function loadProducts(
  fetcher: Fetcher,
  params: ListingParams,
  scope: { categorySlug?: string; search?: string; exact?: boolean } = {},
): Promise<ProductList> {
  const list = await fetcher.call(shop.products, { query: productsQuery(params, scope) });
  return { ...list, results: { ...list.results, products: list.results.products.map(cardProduct) } };
}

/** A listing that found nothing. */
export function emptyProductList(): ProductList {
  return { count: 0, results: { products: [], available_colors: [], min_price: null, max_price: null } };
}

/**
 * A listing's products as cards need them: without the long texts, with only the first image and
 * the first of each colour (all that cardImage can pick), and without the images' variant URLs,
 * which ProductImage works out from the image's own. Every page carries its data twice (HTML and
 * hydration data), so the page is lighter without the rest.
 */
export function cardProduct(product: Product): Product {
  const colors = new Set<number | null>();
  const product_images = product.product_images
    .filter((image, index) => {
      if (index > 0 && colors.has(image.color)) return false;
      colors.add(image.color);
      return true;
    })
    .map(({ image, color }) => ({ image, color, variants: {} }));
  return { ...product, description: '', description_ru: '', compositions: [], product_images };
}

export type MovedProduct = NonNullable<ProductNotFound['moved_to']>;

/**
 * The product; `moved` when the slug is one it held before it was renamed (where it is now); null
 * when there is no such product, or the slug is one the API refuses to look up (400).
 */
export async function loadProduct(
  fetcher: Fetcher,
  slug: string,
): Promise<{ product: Product } | { moved: MovedProduct } | null> {
  try {
    return { product: await fetcher.call(shop.product, { params: { slug } }) };
  } catch (error) {
    const moved = movedTo<ProductNotFound>(error);
    if (moved) return { moved };
    if (isMissing(error)) return null;
    throw error;
  }
}

/**
 * Where the category of a path that is not in the tree is now (its full path), when the path is one
 * it had before a rename; null when the path names no category.
 */
export async function loadCategoryMove(fetcher: Fetcher, slugs: readonly string[]): Promise<string | null> {
  try {
    await fetcher.call(shop.categoryAtPath, { query: { path: slugs.join('/') } });
    return null;
  } catch (error) {
    const moved = movedTo<CategoryNotFound>(error);
    if (moved) return moved.path;
    if (isMissing(error)) return null;
    throw error;
  }
}

/** The `moved_to` of the API's 404 for an old slug. */
function movedTo<T extends { moved_to?: unknown }>(error: unknown): NonNullable<T['moved_to']> | undefined {
  if (!(error instanceof ApiError) || error.status !== 404) return undefined;
  const body = error.body as T | null;
  return (body && typeof body === 'object' && body.moved_to) || undefined;
}

export async function loadCategories(fetcher: Fetcher): Promise<CategoryNode[]> {
  const list = await fetcher.call(shop.categories);
  return list.results;
}

/**
 * The mean rating and how many shoppers rated (0 and 0 while unrated). Null when it could not be read:
 * the page says so instead of showing 0.
 */
export async function loadRating(
  fetcher: Fetcher,
  productId: number,
): Promise<{ average: number; count: number } | null> {
  try {
    const answer = await fetcher.call(shop.productRating, { query: { product_id: productId } });
    return { average: answer.average_rating, count: answer.rating_count };
  } catch {
    return null;
  }
}
