import { defaultPageSize, type Sort } from '@kram/contract/catalog-rules';
import { createStore } from './create-store';

/**
 * The spec's global UI state (section 3): the search query, page, items per page and sort, plus the
 * catalogue's last filters, which the product page's "similar products" reuse. The URL carries the
 * same values for each listing (so pages render on the server and can be shared); this store
 * remembers them across pages.
 */
export interface ShopState {
  query: string;
  page: number;
  limit: number;
  sort: Sort;
  minPrice: number | undefined;
  maxPrice: number | undefined;
  colors: number[];
}

const initialShopState: ShopState = {
  query: '',
  page: 1,
  limit: defaultPageSize,
  sort: 'default',
  minPrice: undefined,
  maxPrice: undefined,
  colors: [],
};

export const shopState = createStore<ShopState>(initialShopState);

/** Search submit: the query, page 1, 12 per page, default sort (spec "Header"). */
export function startSearch(query: string): void {
  shopState.set((s) => ({ ...s, query, page: 1, limit: defaultPageSize, sort: 'default' }));
}

export function rememberListing(next: Partial<ShopState>): void {
  shopState.set((s) => {
    const merged = { ...s, ...next };
    const same = (Object.keys(merged) as (keyof ShopState)[]).every((k) =>
      Array.isArray(merged[k]) ? String(merged[k]) === String(s[k]) : merged[k] === s[k],
    );
    return same ? s : merged;
  });
}
