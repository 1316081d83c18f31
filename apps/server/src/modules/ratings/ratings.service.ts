import { noMatch } from '../../lib/domain-errors.ts';
import type { Viewer } from '../accounts/index.ts';
import type { CatalogApi } from '../catalog/index.ts';
import type { RatingsRepository } from './ratings.repository.ts';

const productMissing = () => noMatch('Product');

export function ratingsService(repo: RatingsRepository, catalog: Pick<CatalogApi, 'productExists'>) {
  /** Unrated reads 0: real ratings start at 1, and a star widget wants a number. */
  const average = async (productId: number) => (await repo.average(productId)) ?? 0;

  return {
    async average(productId: number): Promise<{ average_rating: number; rating_count: number }> {
      if (!(await catalog.productExists(productId))) throw productMissing();
      const summary = await repo.summary(productId);
      return { average_rating: summary.average ?? 0, rating_count: summary.count };
    },

    async rate(viewer: Viewer, productId: number, rating: number) {
      if ((await repo.save(viewer.id, productId, rating)) === 'no such product') throw productMissing();
      return { product_id: productId, rating, average_rating: await average(productId) };
    },
  };
}

export type RatingsService = ReturnType<typeof ratingsService>;
