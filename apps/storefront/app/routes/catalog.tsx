import type { CategoryNode } from '@kram/contract/catalog';
import type { Language } from '@kram/contract/languages';
import { categoryShareImagePath } from '@kram/contract/share-images';
import { data, isRouteErrorResponse, useRouteError, useRouteLoaderData } from 'react-router';
import { Breadcrumbs } from '../features/catalog/breadcrumbs';
import {
  type Fetcher,
  loadCategories,
  loadCategoryMove,
  loadProducts,
  parseListing,
} from '../features/catalog/catalog-api';
import { categoriesOnPath } from '../features/catalog/category-tree';
import { listingSlugs, listingStatus } from '../features/catalog/route-rules';
import { api, serverApi } from '../lib/api';
import { localizedName, translate, useLanguage, useT } from '../lib/i18n';
import { movedPermanently } from '../lib/moved';
import { isMissing, isNotFound, notFound, notFoundMeta } from '../lib/not-found';
import { categoryPath, productPath } from '../lib/paths';
import { apiContext } from '../lib/request-context';
import { absoluteUrl, localizedUrl, pageMeta, rootMetaData } from '../lib/seo';
import { breadcrumbLd, categoryTrail, itemListLd, jsonLdMeta } from '../lib/structured-data';
import type { loader as rootLoader } from '../root';
import { CatalogView } from '../widgets/listing/catalog-view';
import { NotFoundView } from '../widgets/shell/not-found-view';
import type { Route } from './+types/catalog';
import '../widgets/listing/listing.css';

async function load(fetcher: Fetcher, params: Route.LoaderArgs['params'], url: URL) {
  const slugs = listingSlugs(params);
  const listing = parseListing(url.searchParams);
  try {
    const list = await loadProducts(fetcher, listing, { categorySlug: slugs.at(-1) });
    return { list, listing, slugs };
  } catch (error) {
    // A slug the API refuses (too long, a NUL) names no category.
    if (isMissing(error)) notFound();
    throw error;
  }
}

/**
 * A path that is not in the category tree is the shop's not-found page, with status 404, unless it
 * is one a category had before it (or one above it) was renamed: then a 301 to where it is now, with
 * the same filters.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const server = serverApi(context.get(apiContext));
  const url = new URL(request.url);
  const [page, categories] = await Promise.all([load(server, params, url), loadCategories(server)]);
  if (listingStatus(categories, page.slugs) === 404) {
    const moved = page.slugs.length > 0 ? await loadCategoryMove(server, page.slugs) : null;
    if (moved) movedPermanently(categoryPath(moved.split('/')), url);
    notFound();
  }
  return data(page, { status: 200 });
}

/** Navigations in the browser call the API directly, with the shopper's token when there is one. */
export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  return load(api, params, new URL(request.url));
}

export function meta({ loaderData, matches, location, error }: Route.MetaArgs) {
  const root = rootMetaData(matches);
  const { lng, messages, origin, categories } = root;
  if (isNotFound(error)) return notFoundMeta(root, location.pathname);
  const t = (key: string, values?: Record<string, string | number>) => translate(messages, key, values);
  const path = loaderData ? categoriesOnPath(categories, loaderData.slugs) : null;
  const node = path?.at(-1);
  const name = node ? localizedName(lng, node) : t('catalog.title');
  const page = loaderData?.listing.page ?? 1;
  const title = page > 1 ? t('meta.catalogTitlePage', { name, page }) : t('meta.catalogTitle', { name });
  return [
    ...pageMeta({
      title,
      description: t('meta.catalogDescription', { name, count: loaderData?.list.count ?? 0 }),
      canonical: absoluteUrl(origin, `${location.pathname}${page > 1 ? `?page=${page}` : ''}`),
      image: node ? absoluteUrl(origin, categoryShareImagePath(lng, node.slug)) : undefined,
      imageAlt: name,
      lng,
    }),
    ...(loaderData && path
      ? jsonLdMeta(catalogLd(loaderData, path, { origin, lng, homeName: t('breadcrumbs.home') }))
      : []),
  ];
}

/** The trail down to the category and the products of this page, numbered from the page's first. */
function catalogLd(
  { list, listing, slugs }: Pick<Route.ComponentProps['loaderData'], 'list' | 'listing' | 'slugs'>,
  path: CategoryNode[],
  page: { origin: string; lng: Language; homeName: string },
) {
  const products = list.results.products.map((product) => ({
    name: localizedName(page.lng, product),
    url: localizedUrl(absoluteUrl(page.origin, productPath(product)), page.lng),
  }));
  return [
    breadcrumbLd(categoryTrail({ ...page, path, slugs })),
    ...(products.length > 0 ? [itemListLd(products, (listing.page - 1) * listing.limit + 1)] : []),
  ];
}

export default function CatalogPage({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  return <CatalogView {...loaderData} categories={root?.categories ?? []} />;
}

/** Load failures: the heading and the error text (spec section 8). */
export function ErrorBoundary() {
  const t = useT();
  const lng = useLanguage();
  const error = useRouteError();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  if (isNotFound(error)) return <NotFoundView />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <div className="container page">
      <Breadcrumbs categories={root?.categories ?? []} />
      <h1 className="page-title">{t('catalog.title')}</h1>
      <p className="listing-error" role="alert" lang={lng}>
        {t('catalog.error')} {status >= 500 ? t('catalog.errorProducts') : ''}
      </p>
    </div>
  );
}
