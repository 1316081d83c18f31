/**
 * Link-preview pictures (decision 030): the shop's, a category's and a product's, drawn on first
 * request into the media folder and served at addresses that stay the same (under /media/share/).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ShopModule } from '../../lib/shop-module.ts';
import { type ShareImagesOptions, shareImages } from './share-images.service.ts';
import { shareImagesRoutes } from './sharing.routes.ts';

export function sharingModule(options: ShareImagesOptions) {
  const images = shareImages(options);
  // Outside /api: the pictures live among the media.
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(shareImagesRoutes(images));
  };
  const module = { ...images, plugin };
  return module satisfies ShopModule;
}

export type SharingModule = ReturnType<typeof sharingModule>;
