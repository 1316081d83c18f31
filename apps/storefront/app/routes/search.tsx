import { useCallback, useEffect, useRef } from 'react';
import { data, useRouteError } from 'react-router';
import { emptyProductList, type Fetcher, loadProducts, parseListing } from '../features/catalog/catalog-api';
import { searchQuery } from '../features/catalog/route-rules';
import { ApiError, api, serverApi } from '../lib/api';
import { translate, useT } from '../lib/i18n';
import { Link } from '../lib/localized-links';
import { apiContext } from '../lib/request-context';
import { absoluteUrl, pageMeta, rootMetaData } from '../lib/seo';
import { useSession } from '../lib/session';
import { rememberListing, shopState } from '../lib/shop-state';
import { useScrollToTitle } from '../lib/use-scroll-to-title';
import { ListingResults } from '../widgets/listing/listing-results';
import { ListingToolbar } from '../widgets/listing/listing-toolbar';
import { useListingNavigation } from '../widgets/listing/use-listing-navigation';
import type { Route } from './+types/search';
import '../widgets/listing/listing.css';

async function load(fetcher: Fetcher, url: URL) {
  const query = searchQuery(url.searchParams);
  const listing = parseListing(url.searchParams);
  // exact=1: the shopper asked for what they typed, not for the shop's reading of it.
  const exact = url.searchParams.get('exact') === '1';
  try {
    const list = await loadProducts(fetcher, listing, { search: query || undefined, exact });
    return { query, exact, listing, list, refused: false };
  } catch (error) {
    // A query the API refuses to search for (it holds a NUL) finds nothing: the shopper gets the
    // search page saying so, not an error page. What cannot be shown is shown as U+FFFD.
    if (error instanceof ApiError && error.status === 400) {
      const shown = query.replaceAll('\u0000', '\uFFFD');
      return { query: shown, exact, listing, list: emptyProductList(), refused: true };
    }
    throw error;
  }
}

/** A refused query is answered with the search page finding nothing, with status 400. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = await load(serverApi(context.get(apiContext)), new URL(request.url));
  return data(page, { status: page.refused ? 400 : 200 });
}

/** Navigations in the browser call the API directly, with the shopper's token when there is one. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return load(api, new URL(request.url));
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const { lng, messages, origin } = rootMetaData(matches);
  const t = (key: string, values?: Record<string, string | number>) => translate(messages, key, values);
  const query = loaderData?.query ?? '';
  return [
    ...pageMeta({
      title: query ? t('meta.searchTitleQuery', { query }) : t('meta.searchTitle'),
      description: t('meta.searchDescription'),
      canonical: absoluteUrl(origin, '/search'),
      lng,
    }),
    // Result pages are endless variations of the catalogue: followed, not indexed.
    { name: 'robots', content: 'noindex, follow' },
  ];
}

/** Search results (spec "Search page"). */
export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { query, exact, listing, list } = loaderData;
  const { signedIn } = useSession();
  const title = useRef<HTMLHeadingElement>(null);
  const { hrefFor, change } = useListingNavigation(listing, {
    ...(query ? { query } : {}),
    ...(exact ? { exact: '1' } : {}),
  });
  const hrefForPage = useCallback((page: number) => hrefFor({ page }), [hrefFor]);
  useScrollToTitle(title);
  useEffect(() => {
    if (shopState.get().query !== query) shopState.set((s) => ({ ...s, query }));
    rememberListing({ page: listing.page, limit: listing.limit, sort: listing.sort });
  }, [query, listing]);

  const found = list.results.products.length > 0;
  return (
    <div className="container page">
      <h1 ref={title} className="page-title" tabIndex={-1} data-testid="search-title">
        {found && query ? t('search.titleWithQuery', { query }) : t('search.title')}
      </h1>
      {found && list.search_reading ? (
        <p className="search-reading" data-testid="search-reading">
          {t('search.readingShown', { reading: list.search_reading })}{' '}
          <Link to={`/search?query=${encodeURIComponent(query)}&exact=1`}>{t('search.searchExactly', { query })}</Link>
        </p>
      ) : null}
      <ListingToolbar
        sort={listing.sort}
        limit={listing.limit}
        signedIn={signedIn}
        onSort={(sort) => change({ sort })}
        onLimit={(limit) => change({ limit })}
      />
      <ListingResults list={list} params={listing} hrefForPage={hrefForPage} emptyText={t('search.empty')} />
    </div>
  );
}

export function ErrorBoundary() {
  const t = useT();
  const error = useRouteError();
  const message = error instanceof Error ? error.message : String((error as { statusText?: string })?.statusText ?? '');
  return (
    <div className="container page">
      <h1 className="page-title">{t('search.title')}</h1>
      <p className="listing-error" role="alert">
        {t('search.error', { message })}
      </p>
    </div>
  );
}
