import type { CategoryNode, Product, ProductList } from '@kram/contract/catalog';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { Breadcrumbs } from '../../features/catalog/breadcrumbs';
import type { ListingParams } from '../../features/catalog/catalog-api';
import { categoriesOnPath } from '../../features/catalog/category-tree';
import { CategoryTreeNav } from '../../features/catalog/category-tree-nav';
import { ColorFilter } from '../../features/catalog/color-filter';
import { PriceFilter } from '../../features/catalog/price-filter';
import { SizeFilter } from '../../features/catalog/size-filter';
import { StockFilter } from '../../features/catalog/stock-filter';
import { localizedName, useLanguage, useT } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { rememberListing } from '../../lib/shop-state';
import { mobileQuery, useMediaQuery } from '../../lib/use-media-query';
import { useScrollToTitle } from '../../lib/use-scroll-to-title';
import { FilterDrawer } from './filter-drawer';
import { ListingResults } from './listing-results';
import { ListingToolbar } from './listing-toolbar';
import { useListingNavigation } from './use-listing-navigation';
import './listing.css';

interface Props {
  list: ProductList;
  listing: ListingParams;
  slugs: string[];
  categories: CategoryNode[];
}

/** Sizes to filter by: those on the page, plus any already chosen. */
function sizesOf(products: readonly Product[], chosen: readonly number[]) {
  const byId = new Map<number, Product['sizes'][number]>();
  for (const product of products) for (const size of product.sizes) byId.set(size.id, size);
  for (const id of chosen) if (!byId.has(id)) byId.set(id, { id, name: String(id) });
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The catalogue listing (spec "Catalogue"). */
export function CatalogView({ list, listing, slugs, categories }: Props) {
  const t = useT();
  const lng = useLanguage();
  const { signedIn } = useSession();
  const title = useRef<HTMLHeadingElement>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const { hrefFor, change } = useListingNavigation(listing);
  const hrefForPage = useCallback((page: number) => hrefFor({ page }), [hrefFor]);
  const { pathname } = useLocation();
  const navigation = useNavigation();
  // The server renders the side column; on a phone, CSS hides it until the drawer takes it over.
  const phone = useMediaQuery(mobileQuery);
  // The drawer takes the column over when a shopper on a phone first opens it, not as the page wakes
  // up: moving the column (the category tree, the filters) into the drawer right after hydration
  // built it all again in one long task, before the shopper could tap anything.
  const [drawerUsed, setDrawerUsed] = useState(false);
  useScrollToTitle(title);

  // biome-ignore lint/correctness/useExhaustiveDependencies: another category closes the drawer.
  useEffect(() => setFiltersOpen(false), [pathname]);
  // A screen grown past the phone layout shows the column again; the drawer is not left to reopen.
  useEffect(() => {
    if (!phone) setFiltersOpen(false);
  }, [phone]);

  useEffect(() => {
    rememberListing({
      page: listing.page,
      limit: listing.limit,
      sort: listing.sort,
      minPrice: listing.minPrice,
      maxPrice: listing.maxPrice,
      colors: listing.color,
    });
  }, [listing]);

  const current = categoriesOnPath(categories, slugs)?.at(-1);
  const heading = current ? localizedName(lng, current) : t('catalog.title');
  const colors = list.results.available_colors;
  const sizes = useMemo(() => sizesOf(list.results.products, listing.size), [list, listing.size]);
  const { min_price, max_price } = list.results;
  const bounds =
    min_price !== null && max_price !== null
      ? { min: Math.floor(Number(min_price)), max: Math.ceil(Number(max_price)) }
      : null;

  const side = (
    <>
      <CategoryTreeNav tree={categories} activeSlugs={slugs} />
      {(signedIn || colors.length > 0) && (
        <div className="filters">
          {signedIn && bounds && (
            <PriceFilter
              bounds={bounds}
              min={listing.minPrice}
              max={listing.maxPrice}
              onApply={({ min, max }) => change({ minPrice: min, maxPrice: max })}
            />
          )}
          <ColorFilter colors={colors} selected={listing.color} onChange={(color) => change({ color })} />
          <SizeFilter sizes={sizes} selected={listing.size} onChange={(size) => change({ size })} />
          <StockFilter checked={listing.inStock} onChange={(inStock) => change({ inStock })} />
        </div>
      )}
    </>
  );

  return (
    <div className="container page">
      <Breadcrumbs categories={categories} />
      <div className="catalog">
        <aside className="catalog__side">
          <button
            type="button"
            className="button button--secondary catalog__filters-toggle"
            aria-haspopup="dialog"
            onClick={() => {
              setDrawerUsed(true);
              setFiltersOpen(true);
            }}
            data-testid="filters-open"
          >
            {t('catalog.filters')}
          </button>
          {phone && drawerUsed ? (
            <FilterDrawer
              open={filtersOpen}
              onClose={() => setFiltersOpen(false)}
              count={list.count}
              busy={navigation.state !== 'idle'}
            >
              {side}
            </FilterDrawer>
          ) : (
            <div className="catalog__side-body">{side}</div>
          )}
        </aside>
        <section className="catalog__main" aria-labelledby="catalog-title">
          <h1 id="catalog-title" ref={title} className="page-title" tabIndex={-1}>
            {heading}
          </h1>
          <ListingToolbar
            sort={listing.sort}
            limit={listing.limit}
            signedIn={signedIn}
            onSort={(sort) => change({ sort })}
            onLimit={(limit) => change({ limit })}
            count={<p className="listing-count">{t('catalog.found', { count: list.count })}</p>}
          />
          <ListingResults list={list} params={listing} hrefForPage={hrefForPage} emptyText={t('catalog.empty')} />
        </section>
      </div>
    </div>
  );
}
