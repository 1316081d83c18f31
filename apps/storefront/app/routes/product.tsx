import type { Product } from '@kram/contract/catalog';
import { defaultPageSize } from '@kram/contract/catalog-rules';
import type { Language } from '@kram/contract/languages';
import { useRouteError, useRouteLoaderData } from 'react-router';
import {
  defaultListing,
  type Fetcher,
  type ListingParams,
  loadAverageRating,
  loadProduct,
  loadProducts,
} from '../features/catalog/catalog-api';
import { categoriesOnPath } from '../features/catalog/category-tree';
import { productAddress } from '../features/catalog/route-rules';
import { apiFetch } from '../lib/api';
import { localizedName, pickLocalized, translate, useT } from '../lib/i18n';
import { isNotFound, notFound, notFoundMeta } from '../lib/not-found';
import { productPath } from '../lib/paths';
import { apiContext } from '../lib/request-context';
import { absoluteUrl, pageMeta, rootMetaData, summary } from '../lib/seo';
import { shopState } from '../lib/shop-state';
import type { loader as rootLoader } from '../root';
import { ProductView } from '../widgets/product/product-view';
import { similarProducts } from '../widgets/product/similar-products';
import { NotFoundView } from '../widgets/shell/not-found-view';
import type { Route } from './+types/product';

/** A product that is not there, or an address that cannot name one, is the shop's not-found page (404). */
async function load(fetcher: Fetcher, splat: string, filters: Partial<ListingParams>) {
  const address = productAddress(splat);
  if (!address) notFound();
  const { categorySlugs, productSlug } = address;
  const [product, similar] = await Promise.all([
    loadProduct(fetcher, productSlug),
    // The API's smallest page is 12; the block shows the first 4 of page 1.
    loadProducts(fetcher, { ...defaultListing, ...filters, page: 1, limit: defaultPageSize } as ListingParams, {
      categorySlug: categorySlugs.at(-1),
    }).catch(() => null),
  ]);
  if (!product) notFound();
  const rating = await loadAverageRating(fetcher, product.id);
  // Null when they could not be loaded: the block says so instead of "no similar products".
  return {
    product,
    rating,
    similar: similar ? similarProducts(similar.results.products, product.id) : null,
    categorySlugs,
  };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  return load(context.get(apiContext), params['*'] ?? '', {});
}

/** Navigations in the browser call the API directly, with the shopper's token when there is one. */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  // Similar products follow the catalogue's current sort, price range and colours.
  const s = shopState.get();
  return load(apiFetch, params['*'] ?? '', {
    sort: s.sort,
    color: s.colors,
    minPrice: s.minPrice,
    maxPrice: s.maxPrice,
  });
}

function jsonLd(product: Product, lng: Language, origin: string, crumbs: { name: string; url: string }[]) {
  const url = absoluteUrl(origin, productPath(product));
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: localizedName(lng, product),
      sku: product.sku,
      description: summary(pickLocalized(lng, product.description, product.description_ru), 500),
      image: product.product_images.map((i) => absoluteUrl(origin, i.image)),
      url,
      // The server renders the guest view: no price, so no offer.
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [...crumbs, { name: localizedName(lng, product), url }].map((crumb, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: crumb.name,
        item: crumb.url,
      })),
    },
  ];
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const { lng, messages, origin, categories } = rootMetaData(matches);
  const t = (key: string, values?: Record<string, string | number>) => translate(messages, key, values);
  const product = loaderData?.product;
  if (!product) return notFoundMeta(messages);
  const name = localizedName(lng, product);
  const slugs = loaderData.categorySlugs ?? [];
  const path = categoriesOnPath(categories, slugs) ?? [];
  const crumbs = [
    { name: t('breadcrumbs.home'), url: absoluteUrl(origin, '/') },
    ...path.map((node, i) => ({
      name: localizedName(lng, node),
      url: absoluteUrl(origin, `/category/${slugs.slice(0, i + 1).join('/')}`),
    })),
  ];
  return [
    ...pageMeta({
      title: t('meta.productTitle', { name }),
      description: summary(pickLocalized(lng, product.description, product.description_ru)) || name,
      canonical: absoluteUrl(origin, productPath(product)),
      image: product.product_images[0] ? absoluteUrl(origin, product.product_images[0].image) : undefined,
      type: 'product',
      lng,
    }),
    ...jsonLd(product, lng, origin, crumbs).map((ld) => ({ 'script:ld+json': ld })),
  ];
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  return (
    <ProductView
      key={loaderData.product.id}
      product={loaderData.product}
      rating={loaderData.rating ?? null}
      similar={loaderData.similar ?? null}
      categories={root?.categories ?? []}
    />
  );
}

export function ErrorBoundary() {
  const t = useT();
  if (isNotFound(useRouteError())) return <NotFoundView />;
  return (
    <div className="container page">
      <h1 className="page-title">{t('product.noData')}</h1>
      <p role="alert">{t('product.loadError')}</p>
    </div>
  );
}
