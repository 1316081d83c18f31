import type { AdminRating, AdminRatingListQuery } from '@kram/contract/admin-inbox';
import type { RatingsRepository } from './ratings.repository.ts';

/** What the ratings list shows of a product beside a rating. */
export interface RatedProduct {
  name: string;
  nameRu: string;
  slug: string;
}

/** Where the ratings list reads what it shows beside each rating: the catalogue's and the accounts' public reads. */
export interface RatingNames {
  /** The names and slugs of the products among `ids`, by id (the catalogue's). */
  products(ids: readonly number[]): Promise<Map<number, RatedProduct>>;
  /** The ids of the products whose name (either language) or slug contains `text`, in any case. */
  productIdsNamed(text: string): Promise<number[]>;
  /** The e-mails of the accounts among `ids`, by id (the accounts'). */
  emails(ids: readonly number[]): Promise<Map<number, string>>;
  /** The ids of the accounts whose e-mail contains `text`, in any case. */
  userIdsWithEmail(text: string): Promise<number[]>;
}

const unique = (ids: readonly number[]) => [...new Set(ids)];

/** The shoppers' ratings in the back office (read only): each with its product's names and its shopper's e-mail. */
export function ratingsModeration(repo: RatingsRepository, names: RatingNames) {
  return {
    /** `q` finds the ratings of the products it names and by the shoppers whose e-mail holds it. */
    async list(query: AdminRatingListQuery): Promise<{ count: number; results: AdminRating[] }> {
      const subjects = query.q
        ? { productIds: await names.productIdsNamed(query.q), userIds: await names.userIdsWithEmail(query.q) }
        : undefined;
      const { count, rows } = await repo.list(query, subjects);
      const [products, emails] = await Promise.all([
        names.products(unique(rows.map((row) => row.productId))),
        names.emails(unique(rows.map((row) => row.userId))),
      ]);
      const results = rows.flatMap((row): AdminRating[] => {
        const product = products.get(row.productId);
        const email = emails.get(row.userId);
        // Both are held by foreign keys; one gone between the two reads is left out, as a join would.
        if (!product || email === undefined) return [];
        return [
          {
            id: `${row.productId}-${row.userId}`,
            product_id: row.productId,
            product_name: product.name,
            product_name_ru: product.nameRu,
            product_slug: product.slug,
            user_id: row.userId,
            user_email: email,
            rating: row.rating,
            created_at: row.createdAt.toISOString(),
            updated_at: row.updatedAt.toISOString(),
          },
        ];
      });
      return { count, results };
    },
  };
}

export type RatingsModeration = ReturnType<typeof ratingsModeration>;
