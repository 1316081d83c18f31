import type { CategoryNode } from '@kram/contract/catalog';
import type { Language } from '@kram/contract/languages';
import { logoImagePath } from '@kram/contract/share-images';
import type { MetaDescriptor } from 'react-router';
import type {
  BreadcrumbList,
  ItemList,
  Offer,
  Organization,
  Product,
  AggregateRating as Rating,
  SearchActionLeaf,
  WebSite,
  WithActionConstraints,
  WithContext,
} from 'schema-dts';
import { localizedName } from './i18n';
import { categoryPath } from './paths';
import { absoluteUrl, localizedUrl } from './seo';
import { shopInfo } from './shop-info';

/**
 * The pages' JSON-LD (decision 030): schema.org types checked by schema-dts when the storefront is
 * built, and checked against what search engines require by e2e/specs/structured-data.spec.ts on the
 * rendered pages. Every URL passed in is absolute and in the page's language.
 */

/** A page's JSON-LD blocks as meta descriptors: React Router writes each as a data block, escaped. */
export function jsonLdMeta(blocks: readonly object[]): MetaDescriptor[] {
  return blocks.map((block) => ({ 'script:ld+json': block }));
}

export interface ShopIdentity {
  name: string;
  /** The home page's absolute URL. */
  url: string;
  logo: string;
  email: string;
  /** In international form, +380…. */
  phones: readonly string[];
  /** The shop's profiles elsewhere, as the header links them. */
  profiles: readonly string[];
}

const organizationId = (home: string) => `${home}#organization`;

export function organizationLd(shop: ShopIdentity): WithContext<Organization> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': organizationId(shop.url),
    name: shop.name,
    url: shop.url,
    logo: shop.logo,
    email: shop.email,
    contactPoint: shop.phones.map((telephone) => ({
      '@type': 'ContactPoint',
      telephone,
      contactType: 'customer service',
      areaServed: 'UA',
      availableLanguage: ['uk', 'ru'],
    })),
    sameAs: [...shop.profiles],
  };
}

/** The placeholder a search engine replaces with what a visitor typed. */
const searchTerm = 'search_term_string';

/**
 * The site and its search box: `searchUrl` is the search page's absolute URL, which reads the words
 * from `query` (routes/search.tsx).
 */
export function webSiteLd(site: {
  name: string;
  url: string;
  searchUrl: string;
  lng: Language;
  /** The home URL the shop's Organization block was given: the site's publisher. */
  publisher: string;
}): WithContext<WebSite> {
  const search: WithActionConstraints<SearchActionLeaf> = {
    '@type': 'SearchAction',
    target: { '@type': 'EntryPoint', urlTemplate: `${site.searchUrl}?query={${searchTerm}}` },
    'query-input': `required name=${searchTerm}`,
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    '@id': `${site.url}#website`,
    name: site.name,
    url: site.url,
    inLanguage: site.lng,
    publisher: { '@id': organizationId(site.publisher) },
    potentialAction: search,
  };
}

/**
 * The home page's blocks: the shop (one Organization, at the Ukrainian home, whatever the page's
 * language) and the site with its search box in the page's language.
 */
export function shopLd({
  origin,
  lng,
}: {
  origin: string;
  lng: Language;
}): [WithContext<Organization>, WithContext<WebSite>] {
  const home = absoluteUrl(origin, '/');
  return [
    organizationLd({
      name: shopInfo.name,
      url: home,
      logo: absoluteUrl(origin, logoImagePath),
      email: shopInfo.email,
      phones: shopInfo.phones,
      profiles: Object.values(shopInfo.social),
    }),
    webSiteLd({
      name: shopInfo.name,
      url: localizedUrl(home, lng),
      searchUrl: localizedUrl(absoluteUrl(origin, '/search'), lng),
      lng,
      publisher: home,
    }),
  ];
}

export interface Crumb {
  name: string;
  url: string;
}

export function breadcrumbLd(crumbs: readonly Crumb[]): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  };
}

/**
 * The trail from the home page down a category path: what the breadcrumbs show, as absolute URLs in
 * the page's language. `path` holds the categories of `slugs`, top first.
 */
export function categoryTrail(page: {
  origin: string;
  lng: Language;
  homeName: string;
  path: readonly CategoryNode[];
  slugs: readonly string[];
}): Crumb[] {
  const url = (path: string) => localizedUrl(absoluteUrl(page.origin, path), page.lng);
  return [
    { name: page.homeName, url: url('/') },
    ...page.path.map((node, i) => ({
      name: localizedName(page.lng, node),
      url: url(categoryPath(page.slugs.slice(0, i + 1))),
    })),
  ];
}

/**
 * The products a listing page shows, numbered from `firstPosition` (the page's place in the whole
 * listing, so page 2 of 12 a page starts at 13).
 */
export function itemListLd(items: readonly Crumb[], firstPosition = 1): WithContext<ItemList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: firstPosition + index,
      url: item.url,
      name: item.name,
    })),
  };
}

export interface ProductFacts {
  name: string;
  sku: string;
  description: string;
  url: string;
  /** Absolute URLs of its photos; a product without one gets no Product block (see productLd). */
  images: readonly string[];
  /** The catalogue has no brand field: the shop's own name stands for it (decision 030). */
  brand: string;
  inStock: boolean;
  /** Only when the shop shows prices to guests (SHOW_PRICES_TO_GUESTS); a decimal string such as "1250.00". */
  price?: string | null;
  /** Only once shoppers have rated it. */
  rating?: { average: number; count: number } | null;
}

/**
 * A product, or undefined for one without a photo: search engines want an image for every product,
 * and the shop's own picture is no photo of it.
 */
export function productLd(product: ProductFacts): WithContext<Product> | undefined {
  if (product.images.length === 0) return undefined;
  const offer: Offer = {
    '@type': 'Offer',
    url: product.url,
    availability: product.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    priceCurrency: 'UAH',
    ...(product.price ? { price: product.price } : {}),
  };
  const rating: Rating | undefined =
    product.rating && product.rating.count > 0
      ? {
          '@type': 'AggregateRating',
          ratingValue: product.rating.average,
          ratingCount: product.rating.count,
          bestRating: 5,
          worstRating: 1,
        }
      : undefined;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: product.sku,
    ...(product.description ? { description: product.description } : {}),
    image: [...product.images],
    url: product.url,
    brand: { '@type': 'Brand', name: product.brand },
    offers: offer,
    ...(rating ? { aggregateRating: rating } : {}),
  };
}
