import { z } from 'zod';
import { defaultPageSize, pageSizes, searchMaxLength, sortValues } from './catalog-rules.ts';
import { badRequestError, detailError, money, optionalQuery } from './common.ts';

export {
  defaultPageSize,
  maxCategoryDepth,
  pageSizes,
  priceSorts,
  type Sort,
  searchMaxLength,
  sortValues,
  suggestLimits,
} from './catalog-rules.ts';

const idList = (field: string) =>
  z
    .string()
    .max(1000)
    .regex(/^\s*\d{1,9}\s*(,\s*\d{1,9}\s*)*,?\s*$/, `${field} must be a comma-separated list of ids.`)
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
        .map(Number),
    );

const price = z.coerce
  .number({ error: 'A valid number is required.' })
  .finite()
  .min(0, 'Must be zero or more.')
  .max(1e10, 'Too large.');

export const productListQuery = z.object({
  search: optionalQuery(
    z.string().trim().max(searchMaxLength, `Ensure this field has no more than ${searchMaxLength} characters.`),
  ),
  page: optionalQuery(
    z.coerce.number({ error: 'A valid integer is required.' }).int('A valid integer is required.').min(1).max(100000),
  ).transform((v) => v ?? 1),
  limit: optionalQuery(
    z.coerce
      .number({ error: 'A valid integer is required.' })
      .refine((v): v is (typeof pageSizes)[number] => (pageSizes as readonly number[]).includes(v), {
        message: `Must be one of ${pageSizes.join(', ')}.`,
      }),
  ).transform((v) => v ?? defaultPageSize),
  sort: optionalQuery(z.enum(sortValues, { error: `Must be one of ${sortValues.join(', ')}.` })).transform(
    (v) => v ?? 'default',
  ),
  min_price: optionalQuery(price),
  max_price: optionalQuery(price),
  color: optionalQuery(idList('color')),
  size: optionalQuery(idList('size')),
  category_slug: optionalQuery(z.string().trim().max(200)),
  in_stock: optionalQuery(z.enum(['true', 'false'], { error: 'Must be true or false.' })).transform(
    (v) => v === 'true',
  ),
  /** true: search for exactly what was typed, without other keyboard layouts, corrections or synonyms. */
  exact: optionalQuery(z.enum(['true', 'false'], { error: 'Must be true or false.' })).transform((v) => v === 'true'),
});
export type ProductListQuery = z.infer<typeof productListQuery>;

export const size = z.object({ id: z.number().int(), name: z.string() }).meta({ id: 'Size' });
export type Size = z.infer<typeof size>;
export const color = z
  .object({
    id: z.number().int(),
    name: z.string(),
    name_ru: z.string(),
    color_rgb: z.string().nullable(),
    /**
     * A small tile of the colour's pattern (a URL path under /media/) for colours no single RGB value
     * can show, such as camouflage; null when there is none. The catalogue always answers it; the colour
     * snapshots kept in order lines may lack it.
     */
    swatch_image: z.string().nullable().optional(),
  })
  .meta({ id: 'Color' });
export type Color = z.infer<typeof color>;
export const composition = z
  .object({ title: z.string(), title_ru: z.string(), description: z.string(), description_ru: z.string() })
  .meta({ id: 'Composition' });
export const productImage = z
  .object({
    /** The large image (1200x1800). */
    image: z.string(),
    /** Id of the colour the image shows, or null. */
    color: z.number().int().nullable(),
    /** WebP variants by width, for srcset. */
    variants: z.record(z.string(), z.string()),
  })
  .meta({ id: 'ProductImage' });
export type ProductImage = z.infer<typeof productImage>;

/**
 * A product's size with whether it can be bought: in some colour (`available`), and in which of the
 * product's colours (`colors_available`, empty for a product without colours). Optional: answers of
 * older servers lack them.
 */
export const productSize = size
  .extend({ available: z.boolean().optional(), colors_available: z.array(z.number().int()).optional() })
  .meta({ id: 'ProductSize' });
export type ProductSize = z.infer<typeof productSize>;
/** A product's colour with whether it can be bought: in some size, and in which of its sizes. */
export const productColor = color
  .extend({ available: z.boolean().optional(), sizes_available: z.array(z.number().int()).optional() })
  .meta({ id: 'ProductColor' });
export type ProductColor = z.infer<typeof productColor>;

export const product = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    sku: z.string(),
    name: z.string(),
    name_ru: z.string(),
    description: z.string(),
    description_ru: z.string(),
    /** Null for guests: prices are for signed-in shoppers only. */
    price: money.nullable(),
    old_price: money.nullable(),
    is_on_promo: z.boolean(),
    /** True when in stock. */
    is_on_sale: z.boolean(),
    is_new: z.boolean(),
    sizes: z.array(productSize),
    colors: z.array(productColor),
    compositions: z.array(composition),
    product_images: z.array(productImage),
    category_full_path: z.string(),
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof product>;

export const productList = z
  .object({
    count: z.number().int(),
    results: z.object({
      products: z.array(product),
      /** Colours present before the colour filter is applied. */
      available_colors: z.array(color),
      /** Price bounds before the price filter is applied; null for guests. */
      min_price: money.nullable(),
      max_price: money.nullable(),
    }),
    /**
     * Present when the search was read otherwise than typed (another keyboard layout, transliteration,
     * a correction): what was searched for, spelt as product names spell it.
     */
    search_reading: z.string().optional(),
  })
  .meta({ id: 'ProductList' });
export type ProductList = z.infer<typeof productList>;

export interface CategoryNode {
  id: number;
  slug: string;
  name: string;
  name_ru: string;
  subcategories: CategoryNode[];
}
export const category: z.ZodType<CategoryNode> = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    name_ru: z.string(),
    get subcategories() {
      return z.array(category);
    },
  })
  .meta({ id: 'Category' });

export const categoryList = z
  .object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(category),
  })
  .meta({ id: 'CategoryList' });

export const productSlugParams = z.object({ slug: z.string().min(1).max(200) });

export const suggestQuery = z.object({
  q: optionalQuery(
    z.string().trim().max(searchMaxLength, `Ensure this field has no more than ${searchMaxLength} characters.`),
  ).transform((v) => v ?? ''),
});
export const suggestion = z
  .object({
    products: z.array(
      z.object({
        id: z.number().int(),
        slug: z.string(),
        name: z.string(),
        name_ru: z.string(),
        category_full_path: z.string(),
        image: z.string().nullable(),
      }),
    ),
    categories: z.array(
      z.object({ id: z.number().int(), slug: z.string(), name: z.string(), name_ru: z.string(), path: z.string() }),
    ),
    /** As in the product list: what was searched for when it is not what was typed. */
    search_reading: z.string().optional(),
  })
  .meta({ id: 'Suggestions' });
export type Suggestions = z.infer<typeof suggestion>;

export const catalogErrors = { 400: badRequestError, 401: detailError, 404: detailError };

/**
 * A product's 404. When the slug is one the product held before it was renamed, `moved_to` says
 * where it is now, and the storefront answers the old address with a 301 to the new one.
 */
export const productNotFound = detailError
  .extend({ moved_to: z.object({ slug: z.string(), category_full_path: z.string() }).optional() })
  .meta({ id: 'ProductNotFound' });
export type ProductNotFound = z.infer<typeof productNotFound>;
export const productErrors = { ...catalogErrors, 404: productNotFound };

/** A category by its full path, as the storefront's address has it (`odyag/verkhnii-odyag/kurtky`). */
export const categoryPathQuery = z.object({
  path: z.string({ error: 'This field is required.' }).trim().min(1).max(400),
});
export const categoryAtPath = z
  .object({ id: z.number().int(), slug: z.string(), name: z.string(), name_ru: z.string(), path: z.string() })
  .meta({ id: 'CategoryAtPath' });
export type CategoryAtPath = z.infer<typeof categoryAtPath>;
/**
 * A category path's 404. When the path is one a category had before a rename of it or of a category
 * above it, `moved_to` says where it is now (the storefront answers 301 to it).
 */
export const categoryNotFound = detailError
  .extend({ moved_to: z.object({ slug: z.string(), path: z.string() }).optional() })
  .meta({ id: 'CategoryNotFound' });
export type CategoryNotFound = z.infer<typeof categoryNotFound>;
