import { z } from 'zod';
import { listQuery, queryInt, queryText } from './admin.ts';
import { categorySlugMaxLength, slugPattern } from './slug.ts';

/**
 * The back office's category tree and sizes (`/api/admin/categories/`, `/api/admin/sizes/`). Messages
 * stay in English; the back office translates them by the message itself or by the error's `code`.
 */

export { maxCategoryDepth } from './catalog-rules.ts';
export { slugPattern };

export const adminCatalogMessages = {
  required: 'This field is required.',
  blank: 'This field may not be blank.',
  slugFormat: 'Use lower-case Latin letters and digits, words joined by single hyphens.',
  slugTaken: 'A category with this slug already exists.',
  noSuchParent: 'There is no such category.',
  tooDeep: 'Categories are at most three levels deep.',
  underItself: 'A category cannot move under itself or one of its subcategories.',
  orderNotWhole: 'List every subcategory of this parent once, and nothing else.',
  sizeTaken: 'A size with this name already exists.',
} as const;

/** Codes a client acts on when a deletion is refused. */
export const adminCatalogCodes = {
  categoryHoldsProducts: 'category_holds_products',
  categoryHasSubcategories: 'category_has_subcategories',
  sizeInUse: 'size_in_use',
} as const;

const maxId = 2 ** 31 - 1;
const recordId = z
  .number({ error: 'A valid integer is required.' })
  .int('A valid integer is required.')
  .min(1)
  .max(maxId);
const position = z
  .number({ error: 'A valid integer is required.' })
  .int('A valid integer is required.')
  .min(0)
  .max(1_000_000);
const requiredText = (max: number) =>
  z
    .string({
      error: (issue) => (issue.input == null ? adminCatalogMessages.required : 'Not a valid string.'),
    })
    .trim()
    .min(1, adminCatalogMessages.blank)
    .max(max, `Ensure this field has no more than ${max} characters.`);
/**
 * A slug as typed, or '' for none: then the server derives it from the Ukrainian name
 * (slug.ts `slugFromName`) and makes it unique with a number (`-2`, `-3`…). A slug typed that
 * another record holds is refused.
 */
export const derivableSlug = (max: number) =>
  z
    .string({ error: 'Not a valid string.' })
    .trim()
    .max(max, `Ensure this field has no more than ${max} characters.`)
    .refine((value) => value === '' || slugPattern.test(value), adminCatalogMessages.slugFormat);
const slug = derivableSlug(categorySlugMaxLength);

/** A category as the back office sees it: where it sits in the tree, and how many products it holds. */
export const adminCategory = z
  .object({
    id: z.number().int(),
    parent_id: z.number().int().nullable(),
    slug: z.string(),
    name: z.string(),
    name_ru: z.string(),
    position: z.number().int(),
    /** 1 for a top-level category. */
    depth: z.number().int(),
    /** Slugs from the top joined by '/': the category_full_path of its products. */
    path: z.string(),
    /** Products filed in this category itself. */
    product_count: z.number().int(),
    /** Products in this category and every category under it. */
    total_product_count: z.number().int(),
    subcategory_count: z.number().int(),
  })
  .meta({ id: 'AdminCategory' });
export type AdminCategory = z.infer<typeof adminCategory>;

export type AdminCategoryNode = AdminCategory & { subcategories: AdminCategoryNode[] };
export const adminCategoryNode: z.ZodType<AdminCategoryNode> = adminCategory
  .extend({
    get subcategories() {
      return z.array(adminCategoryNode);
    },
  })
  .meta({ id: 'AdminCategoryNode' });

export const categorySorts = [
  'position',
  'name',
  'name_ru',
  'slug',
  'path',
  'depth',
  'id',
  'product_count',
  'total_product_count',
] as const;

/** Without `sort` the list is in tree order: each category followed by its subcategories, by position. */
export const adminCategoryListQuery = listQuery(categorySorts, {
  parent_id: queryInt,
  depth: queryInt,
  q: queryText(),
});
export type AdminCategoryListQuery = z.infer<typeof adminCategoryListQuery>;

export const adminCategoryCreate = z
  .strictObject({
    name: requiredText(100),
    name_ru: requiredText(100),
    /** Absent or '': derived from `name`, unique. */
    slug: slug.default(''),
    /** Null or absent: a top-level category. */
    parent_id: recordId.nullable().optional(),
    /** Absent: after the parent's last subcategory. */
    position: position.optional(),
  })
  .meta({ id: 'AdminCategoryCreate' });
export type AdminCategoryCreate = z.infer<typeof adminCategoryCreate>;

/**
 * Renames (names, slug) and moves (parent_id) a category; only the fields sent change. A slug of ''
 * is derived again from the Ukrainian name. The address under the old slug keeps leading to it.
 */
export const adminCategoryUpdate = z
  .strictObject({
    name: requiredText(100).optional(),
    name_ru: requiredText(100).optional(),
    slug: slug.optional(),
    parent_id: recordId.nullable().optional(),
    position: position.optional(),
  })
  .meta({ id: 'AdminCategoryUpdate' });
export type AdminCategoryUpdate = z.infer<typeof adminCategoryUpdate>;

/** The subcategories of `parent_id` (null: the top level) in their new order, every one of them once. */
export const adminCategoryOrder = z
  .strictObject({
    parent_id: recordId.nullable(),
    ids: z.array(recordId).min(1).max(1000),
  })
  .meta({ id: 'AdminCategoryOrder' });
export type AdminCategoryOrder = z.infer<typeof adminCategoryOrder>;

export const adminSize = z
  .object({
    id: z.number().int(),
    name: z.string(),
    position: z.number().int(),
    /** Products offered in this size. */
    product_count: z.number().int(),
  })
  .meta({ id: 'AdminSize' });
export type AdminSize = z.infer<typeof adminSize>;

export const sizeSorts = ['position', 'name', 'id', 'product_count'] as const;

export const adminSizeListQuery = listQuery(sizeSorts, { q: queryText() });
export type AdminSizeListQuery = z.infer<typeof adminSizeListQuery>;

export const adminSizeCreate = z
  .strictObject({
    name: requiredText(30),
    /** Absent: after the last size. */
    position: position.optional(),
  })
  .meta({ id: 'AdminSizeCreate' });
export type AdminSizeCreate = z.infer<typeof adminSizeCreate>;

export const adminSizeUpdate = z
  .strictObject({ name: requiredText(30).optional(), position: position.optional() })
  .meta({ id: 'AdminSizeUpdate' });
export type AdminSizeUpdate = z.infer<typeof adminSizeUpdate>;
