import { localizedPath, unlocalizedPath } from '@kram/contract/language-paths';
import { type Language, languages } from '@kram/contract/languages';
import type { MetaDescriptor } from 'react-router';
import { ogLocale, shareMeta } from './share-meta';
import { shopInfo } from './shop-info';

export interface PageMeta {
  title: string;
  description: string;
  /**
   * Absolute URL of the page as it should be indexed, in either language's address space: the
   * canonical link is written in `lng`'s, with the other language's as alternates (decision 029).
   */
  canonical: string;
  /** Absolute URL of the page's 1200 × 630 link-preview picture; the shop's own when unset (decision 030). */
  image?: string;
  /** What that picture shows; the page's title by default. */
  imageAlt?: string;
  type?: 'website' | 'product';
  lng: Language;
}

/** Title, description, canonical and language links, and Open Graph tags of a page. */
export function pageMeta(page: PageMeta): MetaDescriptor[] {
  return [
    { title: page.title },
    { name: 'description', content: page.description },
    ...languageLinks(page.canonical, page.lng),
    ...openGraph(page),
  ];
}

export interface PrivatePage {
  title: string;
  description: string;
  /** Absolute URL of the page in either language's address space. */
  url: string;
  lng: Language;
  /** `noindex` (the page is followed, not listed) or `noindex, nofollow` (the account area). */
  robots: 'noindex' | 'noindex, nofollow';
  /** Whether the page has an address of its own in each language (not so for a not-found page). */
  languageLinks?: boolean;
}

/**
 * A page kept out of search (the account area, the password reset, not-found): its title and the
 * `robots` rule, and the same link-preview picture and Open Graph tags as every page (decision 030),
 * since a link to it can be shared all the same.
 */
export function privatePageMeta(page: PrivatePage): MetaDescriptor[] {
  return [
    { title: page.title },
    { name: 'description', content: page.description },
    { name: 'robots', content: page.robots },
    ...(page.languageLinks === false ? [] : languageLinks(page.url, page.lng)),
    ...openGraph({ title: page.title, description: page.description, canonical: page.url, lng: page.lng }),
  ];
}

/** Open Graph and Twitter card tags: the page's own URL in its language, its locales and its picture. */
function openGraph(page: PageMeta): MetaDescriptor[] {
  const url = localizedUrl(page.canonical, page.lng);
  return [
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:title', content: page.title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: url },
    { property: 'og:locale', content: ogLocale(page.lng) },
    { property: 'og:site_name', content: shopInfo.name },
    ...shareMeta({ ...page, url }),
  ];
}

export function absoluteUrl(origin: string, path: string): string {
  return new URL(path, `${origin}/`).href;
}

/** The same absolute URL in `lng`'s address space: `https://shop/product/x` → `https://shop/ru/product/x`. */
export function localizedUrl(url: string, lng: Language): string {
  const { origin, pathname, search } = new URL(url);
  return `${origin}${localizedPath(`${pathname}${search}`, lng)}`;
}

/**
 * A page's canonical link in its own language and its alternates in every language, Ukrainian also
 * as `x-default` (decision 029). `url` is the page's absolute URL in either language.
 */
export function languageLinks(url: string, lng: Language): MetaDescriptor[] {
  const { origin, pathname, search } = new URL(url);
  const page = unlocalizedPath(`${pathname}${search}`);
  const href = (code: Language) => `${origin}${localizedPath(page, code)}`;
  return [
    { tagName: 'link', rel: 'canonical', href: href(lng) },
    ...languages.map((code) => ({ tagName: 'link', rel: 'alternate', hrefLang: code, href: href(code) })),
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: href('uk') },
  ];
}

/** A description fit for a meta tag: one line, at most about 160 characters. */
export function summary(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

/** What the root loader gives every page's `meta`: language, translations, origin. */
export interface RootMetaData {
  lng: Language;
  messages: import('./i18n').Messages;
  origin: string;
  categories: import('@kram/contract/catalog').CategoryNode[];
}

export function rootMetaData(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): RootMetaData {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as RootMetaData | undefined;
  return root ?? { lng: 'uk', messages: {}, origin: '', categories: [] };
}
