/** The wishlist: the products a signed-in shopper saved (guests keep theirs in the browser). */
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { ShopModule } from '../../lib/shop-module.ts';
import type { AccountEraser } from '../accounts/index.ts';
import { wishlistRepository } from './wishlist.repository.ts';
import { wishlistRoutes } from './wishlist.routes.ts';
import { wishlistService } from './wishlist.service.ts';

export interface WishlistModuleDeps {
  database: Database;
  /** The catalogue's reads: whether a product exists, and its card as the shopper sees it. */
  catalog: Parameters<typeof wishlistService>[1];
}

export function wishlistModule(deps: WishlistModuleDeps) {
  const repo = wishlistRepository(deps.database);
  const service = wishlistService(repo, deps.catalog);
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(wishlistRoutes(service), { prefix: '/api' });
  };
  /** The wishlist's part in deleting an account on request (accounts' `onErase`): it goes. */
  const eraseAccount: AccountEraser = async (tx, userId) => {
    await repo.clear(userId, tx);
    return undefined;
  };
  const module = { ...service, eraseAccount, plugin };
  return module satisfies ShopModule;
}

export type WishlistModule = ReturnType<typeof wishlistModule>;
