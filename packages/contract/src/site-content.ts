import { z } from 'zod';
import { uploadedFile } from './admin-uploads.ts';

export { bannerSizes, tileImageSize } from './site-content-rules.ts';

/**
 * The home page's content that the shop's staff edit: the banner's title, description and pictures,
 * the three tiles under it and the promo block, in both of the shop's languages. The storefront reads
 * it from `GET /api/home-content/`; the back office saves it whole with `PUT /api/admin/content/home/`.
 */

export const homeContentLimits = {
  bannerTitle: 120,
  bannerDescription: 300,
  tileTitle: 60,
  tileText: 160,
  promoTitle: 120,
  promoText: 1000,
  link: 300,
  image: 300,
} as const;

export const homeContentMessages = {
  required: 'This field may not be blank.',
  tooLong: (max: number) => `Ensure this field has no more than ${max} characters.`,
  link: 'Enter a path of the shop, beginning with a single “/”.',
  image: 'Enter the address of an image uploaded to the shop.',
  missingImage: 'There is no such image in the shop: upload it again.',
  tiles: 'The home page has exactly three tiles.',
} as const;

const text = (max: number) =>
  z
    .string({ error: homeContentMessages.required })
    .trim()
    .min(1, homeContentMessages.required)
    .max(max, homeContentMessages.tooLong(max));

/** The same text in Ukrainian and in Russian; both are required. */
const localized = (max: number) => z.strictObject({ uk: text(max), ru: text(max) });

/**
 * A page of the storefront (`/category/odyag`, `/delivery`): one leading slash, so never another
 * site's address (`//example.com`), and nothing a link does not need.
 */
export const storefrontPath = z
  .string({ error: homeContentMessages.link })
  .trim()
  .max(homeContentLimits.link, homeContentMessages.tooLong(homeContentLimits.link))
  .regex(/^\/(?![/\\])[^\s\\<>"']*$/, homeContentMessages.link)
  .refine((path) => !/^\/(api|media)(\/|$)/.test(path), homeContentMessages.link);

/** An image the shop serves itself: one uploaded in the back office (`/media/…`) or bundled (`/images/…`). */
export const siteImage = z
  .string({ error: homeContentMessages.image })
  .trim()
  .max(homeContentLimits.image, homeContentMessages.tooLong(homeContentLimits.image))
  .regex(/^\/(media|images)\/[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\.(webp|avif|png|jpe?g|svg)$/, homeContentMessages.image);

export const homeTile = z
  .strictObject({
    title: localized(homeContentLimits.tileTitle),
    text: localized(homeContentLimits.tileText),
    link: storefrontPath,
    /** Null: the tile shows the icon of its place (delivery, quality, returns). */
    image: siteImage.nullable(),
  })
  .meta({ id: 'HomeTile' });

export const homeContent = z
  .strictObject({
    banner: z.strictObject({
      title: localized(homeContentLimits.bannerTitle),
      description: localized(homeContentLimits.bannerDescription),
      image: z.strictObject({ wide: siteImage, narrow: siteImage }),
    }),
    tiles: z
      .array(homeTile)
      .min(3, homeContentMessages.tiles)
      .max(3, homeContentMessages.tiles)
      .meta({ description: 'Exactly three.' }),
    promo: z.strictObject({
      title: localized(homeContentLimits.promoTitle),
      text: localized(homeContentLimits.promoText),
    }),
  })
  .meta({ id: 'HomeContent' });
export type HomeContent = z.infer<typeof homeContent>;
export type HomeTile = z.infer<typeof homeTile>;

/** The home content as the back office sees it: with when it was last saved (null: never, the defaults). */
export const adminHomeContent = z
  .object({ content: homeContent, updated_at: z.string().nullable() })
  .meta({ id: 'AdminHomeContent' });
export type AdminHomeContent = z.infer<typeof adminHomeContent>;

/** The home content's pictures an upload can replace: the banner's two, and each tile's. */
export const homeImageSlots = ['banner_wide', 'banner_narrow', 'tile_1', 'tile_2', 'tile_3'] as const;
export type HomeImageSlot = (typeof homeImageSlots)[number];

/** One picture for one slot, as a multipart form; the server cuts it to the slot's size. */
export const homeImageUpload = z
  .strictObject({
    slot: z.enum(homeImageSlots, { error: `Must be one of ${homeImageSlots.join(', ')}.` }),
    file: uploadedFile,
  })
  .meta({ id: 'AdminHomeImageUpload' });
