import { z } from 'zod';
import { listQuery, maxPageSize, queryFlag, queryInt, queryText } from './admin.ts';
import { adminCatalogMessages, derivableSlug } from './admin-catalog.ts';
import { uploadedFile } from './admin-uploads.ts';
import { optionalQuery } from './common.ts';
import { productSlugMaxLength } from './slug.ts';

/**
 * The back office's products and colours (`/api/admin/products/`, `/api/admin/colors/`): every field
 * of a product in both languages, its photos, and the colours products come in. Messages stay in
 * English; the back office translates them by the message itself or by the error's `code`.
 */

export const adminProductMessages = {
  slugTaken: 'A product with this slug already exists.',
  skuTaken: 'A product with this SKU already exists.',
  priceFormat: 'Enter an amount such as 1250 or 1250.50.',
  priceZero: 'The price must be above zero.',
  oldPriceNotAbove: 'The old price must be higher than the price.',
  noSuchCategory: 'There is no such category.',
  /** Followed by the ids, e.g. "There is no such size: 12, 13." */
  noSuchSize: 'There is no such size',
  noSuchColor: 'There is no such colour',
  colorNotOfProduct: 'The colour is not one of the product’s colours.',
  imagesNotWhole: 'List every photo of the product once, and nothing else.',
  nothingToChange: 'Choose at least one thing to change.',
  colorTaken: 'A colour with this name already exists.',
  colorRgbFormat: 'Use a colour such as #5A5D37.',
} as const;

/** Codes a client acts on when a change is refused. */
export const adminProductCodes = { colorInUse: 'color_in_use' } as const;

const maxId = 2 ** 31 - 1;
export const recordId = z
  .number({ error: 'A valid integer is required.' })
  .int('A valid integer is required.')
  .min(1)
  .max(maxId);
const ids = (max = 200) => z.array(recordId).max(max, `Ensure this field has no more than ${max} elements.`);
const requiredText = (max: number) =>
  z
    .string({ error: (issue) => (issue.input == null ? adminCatalogMessages.required : 'Not a valid string.') })
    .trim()
    .min(1, adminCatalogMessages.blank)
    .max(max, `Ensure this field has no more than ${max} characters.`);
const optionalText = (max: number) =>
  z.string({ error: 'Not a valid string.' }).trim().max(max, `Ensure this field has no more than ${max} characters.`);
const flag = z.boolean({ error: 'Must be a valid boolean.' });

/** Money as typed: "1250", "1250.5" or "1250.50", kept with two places ("1250.50"). */
const amount = z
  .string({ error: adminProductMessages.priceFormat })
  .trim()
  .regex(/^\d{1,10}(\.\d{1,2})?$/, adminProductMessages.priceFormat)
  .transform((v) => {
    const [whole = '0', cents = ''] = v.split('.');
    return `${BigInt(whole)}.${cents.padEnd(2, '0')}`;
  });
const price = amount.refine((v) => v !== '0.00', adminProductMessages.priceZero);

export const adminComposition = z
  .object({
    title: requiredText(200),
    title_ru: requiredText(200),
    description: optionalText(5000).default(''),
    description_ru: optionalText(5000).default(''),
  })
  .meta({ id: 'AdminComposition' });

export const adminProductImage = z
  .object({
    id: z.number().int(),
    /** The large photo (1200x1800). */
    image: z.string(),
    /** WebP variants by width, for srcset. */
    variants: z.record(z.string(), z.string()),
    /** The colour it shows (one of the product's), or null. */
    color_id: z.number().int().nullable(),
    position: z.number().int(),
  })
  .meta({ id: 'AdminProductImage' });
export type AdminProductImage = z.infer<typeof adminProductImage>;

export const adminProduct = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    sku: z.string(),
    name: z.string(),
    name_ru: z.string(),
    description: z.string(),
    description_ru: z.string(),
    price: z.string(),
    /** The crossed-out price, above `price`, or null. */
    old_price: z.string().nullable(),
    /** The product's weight in a parcel, kg; null: the shop's default weight (shipping settings). */
    weight_kg: z.number().nullable(),
    is_new: z.boolean(),
    is_on_promo: z.boolean(),
    /** The staff's on-sale switch: false takes the product off sale whatever its stock. */
    is_on_sale: z.boolean(),
    category_id: z.number().int(),
    /** The category's slugs from the top, joined by '/': the storefront's category_full_path. */
    category_path: z.string(),
    /** Whether shoppers can buy it now: on sale and some variant in stock (the storefront's is_on_sale). */
    in_stock: z.boolean(),
    size_ids: z.array(z.number().int()),
    color_ids: z.array(z.number().int()),
    compositions: z.array(
      z.object({ title: z.string(), title_ru: z.string(), description: z.string(), description_ru: z.string() }),
    ),
    /** In the storefront's order; uploaded, recoloured, reordered and removed through their own calls. */
    images: z.array(adminProductImage),
    popularity: z.number().int(),
    created_at: z.string(),
  })
  .meta({ id: 'AdminProduct' });
export type AdminProduct = z.infer<typeof adminProduct>;

export const productSorts = ['id', 'name', 'price', 'created_at', 'popularity'] as const;

/** `category` takes in its subcategories; `q` looks in both names, the SKU and the slug. */
export const adminProductListQuery = listQuery(productSorts, {
  q: queryText(),
  category: queryInt,
  is_new: queryFlag,
  is_on_promo: queryFlag,
  is_on_sale: queryFlag,
});
export type AdminProductListQuery = z.infer<typeof adminProductListQuery>;

const productFields = {
  /** '' (or, on creation, absent): derived from `name`, unique (admin-catalog.ts `derivableSlug`). */
  slug: derivableSlug(productSlugMaxLength),
  sku: requiredText(64),
  name: requiredText(200),
  name_ru: requiredText(200),
  description: optionalText(20_000),
  description_ru: optionalText(20_000),
  price,
  old_price: price.nullable(),
  weight_kg: z
    .number({ error: 'A valid number is required.' })
    .min(0.001, 'Ensure this value is greater than or equal to 0.001.')
    .max(1000, 'Ensure this value is less than or equal to 1000.')
    .nullable(),
  is_new: flag,
  is_on_promo: flag,
  is_on_sale: flag,
  category_id: recordId,
  size_ids: ids(),
  color_ids: ids(),
  compositions: z.array(adminComposition).max(20, 'Ensure this field has no more than 20 elements.'),
};

export const adminProductCreate = z
  .strictObject({
    ...productFields,
    slug: productFields.slug.default(''),
    description: productFields.description.default(''),
    description_ru: productFields.description_ru.default(''),
    old_price: productFields.old_price.default(null),
    weight_kg: productFields.weight_kg.default(null),
    is_new: flag.default(false),
    is_on_promo: flag.default(false),
    is_on_sale: flag.default(true),
    size_ids: productFields.size_ids.default([]),
    color_ids: productFields.color_ids.default([]),
    compositions: productFields.compositions.default([]),
  })
  .meta({ id: 'AdminProductCreate' });
export type AdminProductCreate = z.infer<typeof adminProductCreate>;

/** Only the fields sent change; sizes, colours and compositions are replaced whole when sent. */
export const adminProductUpdate = z
  .strictObject(
    Object.fromEntries(Object.entries(productFields).map(([key, schema]) => [key, schema.optional()])) as {
      [K in keyof typeof productFields]: z.ZodOptional<(typeof productFields)[K]>;
    },
  )
  .meta({ id: 'AdminProductUpdate' });
export type AdminProductUpdate = z.infer<typeof adminProductUpdate>;

/** Many products at once: in stock or not, on promotion or not, new or not. */
export const adminProductBulk = z
  .strictObject({
    ids: z.array(recordId).min(1).max(maxPageSize),
    data: z
      .strictObject({ is_on_sale: flag.optional(), is_on_promo: flag.optional(), is_new: flag.optional() })
      .refine((data) => Object.keys(data).length > 0, adminProductMessages.nothingToChange),
  })
  .meta({ id: 'AdminProductBulk' });
export type AdminProductBulk = z.infer<typeof adminProductBulk>;

/** A photo's path: the product and the image. */
export const productImageParams = z.strictObject({
  id: z.coerce.number({ error: 'A valid integer is required.' }).int('A valid integer is required.').min(1).max(maxId),
  image_id: z.coerce
    .number({ error: 'A valid integer is required.' })
    .int('A valid integer is required.')
    .min(1)
    .max(maxId),
});

/** A photo as a multipart form: the file, and the colour it shows (absent: none). */
export const adminProductImageUpload = z
  .strictObject({
    file: uploadedFile,
    color_id: optionalQuery(z.coerce.number({ error: 'A valid integer is required.' }).int().min(1).max(maxId)),
  })
  .meta({ id: 'AdminProductImageUpload' });

export const adminProductImageUpdate = z
  .strictObject({ color_id: recordId.nullable() })
  .meta({ id: 'AdminProductImageUpdate' });

/** Every photo of the product, in the order the storefront shows them. */
export const adminProductImageOrder = z
  .strictObject({ ids: z.array(recordId).min(1).max(100) })
  .meta({ id: 'AdminProductImageOrder' });

export const adminColor = z
  .object({
    id: z.number().int(),
    name: z.string(),
    name_ru: z.string(),
    /** `#RRGGBB`, or null for a pattern (camouflage) that a swatch image shows instead. */
    color_rgb: z.string().nullable(),
    /** A small square tile under /media/, or null. */
    swatch_image: z.string().nullable(),
    position: z.number().int(),
    /** Products offered in this colour. */
    product_count: z.number().int(),
  })
  .meta({ id: 'AdminColor' });
export type AdminColor = z.infer<typeof adminColor>;

export const colorSorts = ['position', 'name', 'name_ru', 'id', 'product_count'] as const;

export const adminColorListQuery = listQuery(colorSorts, { q: queryText() });
export type AdminColorListQuery = z.infer<typeof adminColorListQuery>;

const colorRgb = z
  .string({ error: adminProductMessages.colorRgbFormat })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, adminProductMessages.colorRgbFormat)
  .transform((v) => v.toUpperCase());
const position = z
  .number({ error: 'A valid integer is required.' })
  .int('A valid integer is required.')
  .min(0)
  .max(1_000_000);

export const adminColorCreate = z
  .strictObject({
    name: requiredText(60),
    name_ru: requiredText(60),
    color_rgb: colorRgb.nullable().default(null),
    /** Absent: after the last colour. */
    position: position.optional(),
  })
  .meta({ id: 'AdminColorCreate' });
export type AdminColorCreate = z.infer<typeof adminColorCreate>;

export const adminColorUpdate = z
  .strictObject({
    name: requiredText(60).optional(),
    name_ru: requiredText(60).optional(),
    color_rgb: colorRgb.nullable().optional(),
    position: position.optional(),
  })
  .meta({ id: 'AdminColorUpdate' });
export type AdminColorUpdate = z.infer<typeof adminColorUpdate>;

/** A swatch as a multipart form: the image, cropped to a square. */
export const adminColorSwatchUpload = z.strictObject({ file: uploadedFile }).meta({ id: 'AdminColorSwatchUpload' });
