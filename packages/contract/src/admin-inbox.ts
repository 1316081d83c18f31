import { z } from 'zod';
import { listQuery, maxPageSize, queryFlag, queryInt, queryText } from './admin.ts';
import { optionalQuery } from './common.ts';
import { languages } from './languages.ts';
import { ratingScale } from './ratings.ts';

/** The back office's inbox of contact-form messages (`/api/admin/feedback/`) and its list of ratings. */

export const adminFeedback = z
  .object({
    id: z.number().int(),
    name: z.string(),
    phone_number: z.string(),
    email: z.string(),
    message: z.string(),
    /** The language the shopper wrote in, to answer in it. */
    language: z.enum(languages),
    created_at: z.string(),
    handled: z.boolean(),
    handled_at: z.string().nullable(),
    handled_by: z.number().int().nullable(),
    /** As the account reads now; null when nobody handled it or the account is gone. */
    handled_by_email: z.string().nullable(),
  })
  .meta({ id: 'AdminFeedback' });
export type AdminFeedback = z.infer<typeof adminFeedback>;

/** Without `sort`, messages nobody has handled come first, newest first within each group. */
export const adminFeedbackListQuery = listQuery(['created_at', 'handled_at', 'name', 'email'], {
  handled: queryFlag,
  q: queryText(),
});
export type AdminFeedbackListQuery = z.infer<typeof adminFeedbackListQuery>;

export const adminFeedbackHandled = z
  .strictObject({ handled: z.boolean({ error: 'Must be a valid boolean.' }) })
  .meta({ id: 'AdminFeedbackHandled' });
export type AdminFeedbackHandled = z.infer<typeof adminFeedbackHandled>;

/** Several messages marked at once; the answer names those that exist (each marked as asked). */
export const adminFeedbackBulk = z
  .strictObject({
    ids: z
      .array(
        z
          .number({ error: 'A valid integer is required.' })
          .int()
          .min(1)
          .max(2 ** 31 - 1),
      )
      .min(1)
      .max(maxPageSize),
    data: adminFeedbackHandled,
  })
  .meta({ id: 'AdminFeedbackBulk' });
export type AdminFeedbackBulk = z.infer<typeof adminFeedbackBulk>;

export const adminRating = z
  .object({
    /** `<product_id>-<user_id>`: one rating per shopper and product. */
    id: z.string(),
    product_id: z.number().int(),
    product_name: z.string(),
    product_name_ru: z.string(),
    product_slug: z.string(),
    user_id: z.number().int(),
    user_email: z.string(),
    rating: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'AdminRating' });
export type AdminRating = z.infer<typeof adminRating>;

/** Ratings have no id of their own, so the list takes no `id` keys. Without `sort`: last changed first. */
export const adminRatingListQuery = listQuery(['updated_at', 'created_at', 'rating'], {
  product_id: queryInt,
  user_id: queryInt,
  rating: optionalQuery(z.coerce.number().int().min(ratingScale.min).max(ratingScale.max)),
  q: queryText(),
}).omit({ id: true });
export type AdminRatingListQuery = z.infer<typeof adminRatingListQuery>;
