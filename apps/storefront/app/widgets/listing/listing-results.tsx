import type { ProductList } from '@kram/contract/catalog';
import { defaultPageSize } from '@kram/contract/catalog-rules';
import { memo } from 'react';
import type { ListingParams } from '../../features/catalog/catalog-api';
import { Pagination } from '../../features/catalog/pagination';
import { pageCount } from '../../features/catalog/pagination-window';
import { ProductGrid } from '../product-card/product-grid';
import './listing.css';

/**
 * A listing's cards and pagination, or its empty text. Memoised: the page around it renders again
 * right after hydration (on a phone the filters move into a drawer), and a page of 100 cards would
 * render again with it in one long task. The document holds a default page's worth of cards; a longer
 * page renders the rest in steps once hydrated (docs/decisions/035).
 */
export const ListingResults = memo(function ListingResults({
  list,
  params,
  hrefForPage,
  emptyText,
}: {
  list: ProductList;
  params: ListingParams;
  hrefForPage: (page: number) => string;
  emptyText: string;
}) {
  if (list.results.products.length === 0) {
    return (
      <p className="listing-empty" data-testid="listing-empty">
        {emptyText}
      </p>
    );
  }
  return (
    <>
      <ProductGrid products={list.results.products} colorIds={params.color} inDocument={defaultPageSize} />
      <Pagination page={params.page} total={pageCount(list.count, params.limit)} hrefFor={hrefForPage} />
    </>
  );
});
