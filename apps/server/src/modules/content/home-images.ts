import { access } from 'node:fs/promises';
import path from 'node:path';
import type { HomeContent, HomeImageSlot } from '@kram/contract/site-content';
import { bannerSizes, tileImageSize } from '@kram/contract/site-content-rules';
import { type ImageShape, type ImageStore, imageStore } from '../../infra/media/image-upload.ts';

/** Uploaded home pictures live in /media/home/, cut to the size the storefront shows them at. */
const shape = (size: { width: number; height: number }): ImageShape => ({
  folder: 'home',
  widths: [size.width],
  aspect: size.height / size.width,
  fit: 'cover',
});

const shapes = {
  banner_wide: shape(bannerSizes.wide),
  banner_narrow: shape(bannerSizes.narrow),
  tile: shape(tileImageSize),
} as const;

/** The name a slot's files begin with (`banner-wide-3f2a…-1200.webp`). */
export const slotPrefix = (slot: HomeImageSlot) => (slot.startsWith('tile_') ? 'tile' : slot.replace('_', '-'));

export interface HomeImages {
  store(slot: HomeImageSlot): ImageStore;
  /** Removes the files of an uploaded home picture; bundled pictures and other folders are left alone. */
  remove(url: string): Promise<void>;
  /** Whether an uploaded picture (`/media/…`) is there; bundled ones (`/images/…`) ship with the shop. */
  exists(url: string): Promise<boolean>;
}

export function homeImages(mediaDir: string): HomeImages {
  const stores = {
    banner_wide: imageStore(mediaDir, shapes.banner_wide),
    banner_narrow: imageStore(mediaDir, shapes.banner_narrow),
    tile: imageStore(mediaDir, shapes.tile),
  };
  return {
    store: (slot) => (slot.startsWith('tile_') ? stores.tile : stores[slot as 'banner_wide' | 'banner_narrow']),
    async remove(url) {
      // Each store removes only the URLs of its own size; the others leave the URL alone.
      await Promise.all(Object.values(stores).map((s) => s.remove(url)));
    },
    async exists(url) {
      if (!url.startsWith('/media/')) return true;
      // The contract's pattern allows no `..`, so the path stays inside the media folder.
      return access(path.join(mediaDir, url.slice('/media/'.length))).then(
        () => true,
        () => false,
      );
    },
  };
}

/** Every picture a home content uses, by the field that holds it. */
export function imageFields(content: HomeContent): [field: string, url: string][] {
  return [
    ['banner.image.wide', content.banner.image.wide],
    ['banner.image.narrow', content.banner.image.narrow],
    ...content.tiles.flatMap((t, i): [string, string][] => (t.image ? [[`tiles.${i}.image`, t.image]] : [])),
  ];
}

export const imagesOf = (content: HomeContent): string[] => imageFields(content).map(([, url]) => url);

/** The content with `url` in `slot`. */
export function withImage(content: HomeContent, slot: HomeImageSlot, url: string): HomeContent {
  const next = structuredClone(content);
  if (slot === 'banner_wide') next.banner.image.wide = url;
  else if (slot === 'banner_narrow') next.banner.image.narrow = url;
  else {
    const tile = next.tiles[Number(slot.slice('tile_'.length)) - 1];
    if (tile) tile.image = url;
  }
  return next;
}
