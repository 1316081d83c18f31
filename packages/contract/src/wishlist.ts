import { z } from 'zod';
import { product } from './catalog.ts';
import { badRequestError, detailError } from './common.ts';

export const productId = z
  .number({ error: 'A valid integer is required.' })
  .int('A valid integer is required.')
  .min(1, 'A valid integer is required.')
  .max(2_147_483_647, 'A valid integer is required.');

export const wishlistBody = z.strictObject({ product_id: productId }).meta({ id: 'WishlistRequest' });

/** One saved product, as the catalogue answers it (with prices: the wishlist is for signed-in shoppers). */
export const wishlistEntry = z.object({ product }).meta({ id: 'WishlistEntry' });
export type WishlistEntry = z.infer<typeof wishlistEntry>;

/** Most recently added first. */
export const wishlist = z.object({ results: z.array(wishlistEntry) }).meta({ id: 'Wishlist' });
export type Wishlist = z.infer<typeof wishlist>;

export const wishlistErrors = { 400: badRequestError, 401: detailError, 404: detailError };
