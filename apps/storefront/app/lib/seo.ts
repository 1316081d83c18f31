import type { Language } from '@kram/contract/languages';
import type { MetaDescriptor } from 'react-router';

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URL of the page as it should be indexed. */
  canonical: string;
  image?: string;
  type?: 'website' | 'product';
  lng: Language;
}

/** Title, description, canonical link and Open Graph tags of a page. */
export function pageMeta(page: PageMeta): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [
    { title: page.title },
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: page.canonical },
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:title', content: page.title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: page.canonical },
    { property: 'og:locale', content: page.lng === 'ru' ? 'ru_UA' : 'uk_UA' },
    { property: 'og:site_name', content: 'kram' },
  ];
  if (page.image) tags.push({ property: 'og:image', content: page.image });
  return tags;
}

export function absoluteUrl(origin: string, path: string): string {
  return new URL(path, `${origin}/`).href;
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
