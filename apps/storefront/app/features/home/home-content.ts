import { homeContent } from '@kram/contract/endpoints/shop';
import type { Language } from '@kram/contract/languages';
import type { HomeContent } from '@kram/contract/site-content';
import type { ApiClient } from '../../lib/api';

/** The home page's banner, tiles and promo in one language: what the page renders, and all its data carries. */
export interface HomePageContent {
  banner: { title: string; description: string; image: HomeContent['banner']['image'] };
  tiles: { title: string; text: string; link: string; image: string | null }[];
  promo: { title: string; text: string };
}

/** The staff's home content (the shop's own texts until they save theirs), in the visitor's language. */
export function inLanguage(content: HomeContent, lng: Language): HomePageContent {
  return {
    banner: {
      title: content.banner.title[lng],
      description: content.banner.description[lng],
      image: content.banner.image,
    },
    tiles: content.tiles.map((tile) => ({
      title: tile.title[lng],
      text: tile.text[lng],
      link: tile.link,
      image: tile.image,
    })),
    promo: { title: content.promo.title[lng], text: content.promo.text[lng] },
  };
}

export async function loadHomeContent(api: ApiClient, lng: Language): Promise<HomePageContent> {
  return inLanguage(await api.call(homeContent), lng);
}
