import { defaultPageSize } from '@kram/contract/catalog-rules';
import type { Language } from '@kram/contract/languages';
import { productShareImagePath } from '@kram/contract/share-images';
import { useRouteError, useRouteLoaderData } from 'react-router';
import {
  defaultListing,
  type Fetcher,
  type ListingParams,
  loadProduct,
  loadProducts,
  loadRating,
} from '../features/catalog/catalog-api';
import { categoriesOnPath } from '../features/catalog/category-tree';
import { productAddress } from '../features/catalog/route-rules';
import { api, serverApi } from '../lib/api';
import { localizedName, pickLocalized, translate, useT } from '../lib/i18n';
import { movedPermanently } from '../lib/moved';
import { isNotFound, notFound, notFoundMeta } from '../lib/not-found';
import { productPath } from '../lib/paths';
import { apiContext, type ProductPrice, productPriceContext, siteContext } from '../lib/request-context';
import { absoluteUrl, localizedUrl, pageMeta, rootMetaData, summary } from '../lib/seo';
import { shopInfo } from '../lib/shop-info';
import { shopState } from '../lib/shop-state';
import { breadcrumbLd, type Crumb, categoryTrail, jsonLdMeta, productLd } from '../lib/structured-data';
import type { loader as rootLoader } from '../root';
import { ProductView } from '../widgets/product/product-view';
import { similarProducts } from '../widgets/product/similar-products';
import { NotFoundView } from '../widgets/shell/not-found-view';
import type { Route } from './+types/product';

/**
 * A product that is not there, or an address that cannot name one, is the shop's not-found page (404);
 * a slug the product held before it was renamed is a 301 to its current address (`url` gives the
 * redirect its language and query). `price` reads the price for the structured data, on the server
 * only and only when the shop shows prices to guests (SHOW_PRICES_TO_GUESTS); the page itself never
 * shows it to guests.
 */
async function load(
  fetcher: Fetcher,
  splat: string,
  url: () => URL,
  filters: Partial<ListingParams>,
  price?: ProductPrice,
) {
  const address = productAddress(splat);
  if (!address) notFound();
  const { categorySlugs, productSlug } = address;
  const [found, similar] = await Promise.all([
    loadProduct(fetcher, productSlug),
    // The API's smallest page is 12; the block shows the first 4 of page 1.
    loadProducts(fetcher, { ...defaultListing, ...filters, page: 1, limit: defaultPageSize } as ListingParams, {
      categorySlug: categorySlugs.at(-1),
    }).catch(() => null),
  ]);
  if (found && 'moved' in found) movedPermanently(productPath(found.moved), url());
  if (!found) notFound();
  const { product } = found;
  const [rating, offerPrice] = await Promise.all([loadRating(fetcher, product.id), price?.(product.id) ?? null]);
  // Null when they could not be loaded: the block says so instead of "no similar products".
  return {
    product,
    rating: rating?.average ?? null,
    ratingCount: rating?.count ?? 0,
    offerPrice,
    similar: similar ? similarProducts(similar.results.products, product.id) : null,
    categorySlugs,
  };
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const price = context.get(siteContext).showPricesToGuests ? context.get(productPriceContext) : undefined;
  return load(serverApi(context.get(apiContext)), params['*'] ?? '', () => new URL(request.url), {}, price);
}

/** Navigations in the browser call the API directly, with the shopper's token when there is one. */
export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  // Similar products follow the catalogue's current sort, price range and colours.
  const s = shopState.get();
  return load(api, params['*'] ?? '', () => new URL(request.url), {
    sort: s.sort,
    color: s.colors,
    minPrice: s.minPrice,
    maxPrice: s.maxPrice,
  });
}

/** The product and the trail to it; no Product block for a product without a photo (structured-data.ts). */
function jsonLd(
  { product, ratingCount, rating, offerPrice }: Route.ComponentProps['loaderData'],
  lng: Language,
  origin: string,
  crumbs: Crumb[],
) {
  const url = localizedUrl(absoluteUrl(origin, productPath(product)), lng);
  const name = localizedName(lng, product);
  const item = productLd({
    name,
    sku: product.sku,
    description: summary(pickLocalized(lng, product.description, product.description_ru), 500),
    images: product.product_images.map((i) => absoluteUrl(origin, i.image)),
    url,
    brand: shopInfo.name,
    inStock: product.is_on_sale,
    price: offerPrice,
    rating: rating !== null && ratingCount > 0 ? { average: rating, count: ratingCount } : null,
  });
  return [...(item ? [item] : []), breadcrumbLd([...crumbs, { name, url }])];
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const root = rootMetaData(matches);
  const { lng, messages, origin, categories } = root;
  const t = (key: string, values?: Record<string, string | number>) => translate(messages, key, values);
  const product = loaderData?.product;
  if (!product) return notFoundMeta(root, location.pathname);
  const name = localizedName(lng, product);
  const slugs = loaderData.categorySlugs ?? [];
  const path = categoriesOnPath(categories, slugs) ?? [];
  const crumbs = categoryTrail({ origin, lng, homeName: t('breadcrumbs.home'), path, slugs });
  const photo = product.product_images[0] && productShareImagePath(product.product_images[0].image);
  return [
    ...pageMeta({
      title: t('meta.productTitle', { name }),
      description: summary(pickLocalized(lng, product.description, product.description_ru)) || name,
      canonical: absoluteUrl(origin, productPath(product)),
      image: photo ? absoluteUrl(origin, photo) : undefined,
      imageAlt: name,
      type: 'product',
      lng,
    }),
    ...jsonLdMeta(jsonLd(loaderData, lng, origin, crumbs)),
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
