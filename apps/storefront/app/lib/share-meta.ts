import { type Language, languages } from '@kram/contract/languages';
import { homeShareImagePath, shareImageSize } from '@kram/contract/share-images';
import type { MetaDescriptor } from 'react-router';
import { shopInfo } from './shop-info';

const locales: Record<Language, string> = { uk: 'uk_UA', ru: 'ru_UA' };

/** The Open Graph locale of a language (`uk_UA`, `ru_UA`). */
export const ogLocale = (lng: Language) => locales[lng];

export interface SharedPage {
  title: string;
  description: string;
  lng: Language;
  /** The page's absolute URL; its origin is where the shop's own picture is. */
  url: string;
  /** Absolute URL of a 1200 × 630 picture (`@kram/contract/share-images`); the shop's own by default. */
  image?: string;
  /** What the picture shows, for people who cannot see it; the page's title by default. */
  imageAlt?: string;
}

/**
 * What link previews read beyond the title (decision 030): a 1200 × 630 picture on every page with
 * its size and description, the other languages' locales, and the Twitter card.
 */
export function shareMeta(page: SharedPage): MetaDescriptor[] {
  const image = page.image ?? new URL(homeShareImagePath, page.url).href;
  const alt = page.image ? (page.imageAlt ?? page.title) : shopInfo.name;
  return [
    ...languages
      .filter((code) => code !== page.lng)
      .map((code) => ({ property: 'og:locale:alternate', content: ogLocale(code) })),
    { property: 'og:image', content: image },
    { property: 'og:image:width', content: String(shareImageSize.width) },
    { property: 'og:image:height', content: String(shareImageSize.height) },
    { property: 'og:image:alt', content: alt },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: page.title },
    { name: 'twitter:description', content: page.description },
    { name: 'twitter:image', content: image },
    { name: 'twitter:image:alt', content: alt },
  ];
}
