import { localizedPath, unlocalizedPath } from '@kram/contract/language-paths';
import { type Language, languages } from '@kram/contract/languages';
import type { MetaDescriptor } from 'react-router';
import { shareMeta } from './share-meta';

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
  const canonical = localizedUrl(page.canonical, page.lng);
  const tags: MetaDescriptor[] = [
    { title: page.title },
    { name: 'description', content: page.description },
    ...languageLinks(page.canonical, page.lng),
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:title', content: page.title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: canonical },
    { property: 'og:locale', content: page.lng === 'ru' ? 'ru_UA' : 'uk_UA' },
    { property: 'og:site_name', content: 'kram' },
  ];
  tags.push(...shareMeta({ ...page, url: canonical }));
  return tags;
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
