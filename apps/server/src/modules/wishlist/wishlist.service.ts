import type { Wishlist, WishlistEntry } from '@kram/contract/wishlist';
import { noMatch } from '../../lib/domain-errors.ts';
import type { Viewer } from '../accounts/index.ts';
import type { CatalogApi } from '../catalog/index.ts';
import type { WishlistRepository } from './wishlist.repository.ts';

export const productMissing = () => noMatch('Product');

/** The signed-in shopper's saved products (guests keep theirs in the browser). */
export function wishlistService(repo: WishlistRepository, catalog: Pick<CatalogApi, 'productsByIds'>) {
  async function entry(productId: number, viewer: Viewer): Promise<WishlistEntry> {
    const [product] = await catalog.productsByIds([productId], viewer);
    if (!product) throw productMissing();
    return { product };
  }

  return {
    async list(viewer: Viewer): Promise<Wishlist> {
      const products = await catalog.productsByIds(await repo.productIds(viewer.id), viewer);
      return { results: products.map((product) => ({ product })) };
    },

    /** Adding a saved product again changes nothing; `created` tells the two apart. */
    async add(viewer: Viewer, productId: number): Promise<{ created: boolean; entry: WishlistEntry }> {
      const found = await entry(productId, viewer);
      const outcome = await repo.add(viewer.id, productId);
      // Deleted between the look-up and the insert.
      if (outcome === 'no such product') throw productMissing();
      return { created: outcome === 'added', entry: found };
    },

    /** Removing a product that is not saved is not an error: the heart shows the same either way. */
    async remove(viewer: Viewer, productId: number): Promise<void> {
      await repo.remove(viewer.id, productId);
    },
  };
}

export type WishlistService = ReturnType<typeof wishlistService>;
