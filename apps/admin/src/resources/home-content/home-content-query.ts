import * as admin from '@kram/contract/endpoints/admin';
import type { HomeContent } from '@kram/contract/site-content';
import { api } from '../../api.ts';

export const homeContentKey = ['admin', 'content', 'home'] as const;

export const readHomeContent = (signal?: AbortSignal) => api.call(admin.homeContent, { signal });

export const saveHomeContent = (content: HomeContent) => api.call(admin.homeContentSave, { body: content });

/** What the texts form edits: everything but the pictures, which are saved by their own uploads. */
export interface HomeTexts {
  banner: Pick<HomeContent['banner'], 'title' | 'description'>;
  tiles: Omit<HomeContent['tiles'][number], 'image'>[];
  promo: HomeContent['promo'];
}

export const textsOf = (content: HomeContent): HomeTexts => ({
  banner: { title: content.banner.title, description: content.banner.description },
  tiles: content.tiles.map(({ title, text, link }) => ({ title, text, link })),
  promo: content.promo,
});

/** The texts as edited, with the pictures as last saved. */
export const withTexts = (content: HomeContent, texts: HomeTexts): HomeContent => ({
  banner: { ...texts.banner, image: content.banner.image },
  tiles: texts.tiles.map((tile, i) => ({ ...tile, image: content.tiles[i]?.image ?? null })),
  promo: texts.promo,
});
