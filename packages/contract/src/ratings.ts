import { z } from 'zod';
import { badRequestError, detailError } from './common.ts';
import { productId } from './wishlist.ts';

export const ratingScale = { min: 1, max: 5 } as const;

export const ratingQuery = z.object({
  product_id: z.coerce.number({ error: 'A valid integer is required.' }).pipe(productId),
});

export const ratingBody = z
  .strictObject({
    product_id: productId,
    rating: z
      .number({ error: 'A valid integer is required.' })
      .int('A valid integer is required.')
      .min(ratingScale.min, `Ensure this value is between ${ratingScale.min} and ${ratingScale.max}.`)
      .max(ratingScale.max, `Ensure this value is between ${ratingScale.min} and ${ratingScale.max}.`),
  })
  .meta({ id: 'RatingRequest' });
export type RatingBody = z.infer<typeof ratingBody>;

/**
 * The mean of every shopper's rating, to two places; 0 while nobody has rated (ratings start at 1).
 * rating_count: how many shoppers rated it (search engines want the count beside the mean).
 */
export const averageRating = z
  .object({ average_rating: z.number(), rating_count: z.number().int() })
  .meta({ id: 'AverageRating' });

export const ratingSaved = z
  .object({ product_id: z.number().int(), rating: z.number().int(), average_rating: z.number() })
  .meta({ id: 'RatingSaved' });

export const ratingErrors = { 400: badRequestError, 401: detailError, 404: detailError };
