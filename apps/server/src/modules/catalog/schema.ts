import { maxCategoryDepth } from '@kram/contract/catalog-rules';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    nameRu: text('name_ru').notNull().default(''),
    position: integer('position').notNull().default(0),
    // 1 for top level, at most maxCategoryDepth (@kram/contract/catalog-rules).
    depth: smallint('depth').notNull(),
    // Slugs from the top joined by '/', the category_full_path of its products.
    path: text('path').notNull(),
  },
  (t) => [
    uniqueIndex('categories_slug_key').on(t.slug),
    uniqueIndex('categories_path_key').on(t.path),
    index('categories_parent_idx').on(t.parentId, t.position),
    // The last line of defence behind the catalogue's tree rules: the same maxCategoryDepth, which
    // migration 0001 wrote out as 3 (a new depth needs a migration that changes this check).
    check('categories_depth_check', sql`${t.depth} between 1 and ${sql.raw(String(maxCategoryDepth))}`),
  ],
);

export const sizes = pgTable(
  'sizes',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('sizes_name_key').on(t.name)],
);

export const colors = pgTable(
  'colors',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    nameRu: text('name_ru').notNull().default(''),
    // Null for patterns (camouflage) that no single swatch can show.
    colorRgb: text('color_rgb'),
    // A small tile of the pattern under /media/ for such colours; null when there is none.
    swatchImage: text('swatch_image'),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('colors_name_key').on(t.name)],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    nameRu: text('name_ru').notNull().default(''),
    description: text('description').notNull().default(''),
    descriptionRu: text('description_ru').notNull().default(''),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    oldPrice: numeric('old_price', { precision: 12, scale: 2 }),
    // The product's weight in a parcel, kg; unset: the shop's default weight (shipping settings).
    weightKg: numeric('weight_kg', { precision: 8, scale: 3 }),
    isOnPromo: boolean('is_on_promo').notNull().default(false),
    // Whether the product is in stock; the API calls it is_on_sale.
    inStock: boolean('is_on_sale').notNull().default(true),
    isNew: boolean('is_new').notNull().default(false),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    popularity: integer('popularity').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // When what the product's page shows last changed (a trigger keeps it, migration 0017): the
    // sitemap's lastmod. Popularity and the search columns do not count.
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Canonical Latin forms of names+SKU and of descriptions, for trigram search.
    searchName: text('search_name').notNull().default(''),
    searchText: text('search_text').notNull().default(''),
    // Copies of the product's colour and size ids (kept by triggers on the join tables), so the
    // listing index (decision 008) loads every product without joining per product.
    colorIds: integer('color_ids').array().notNull().default(sql`'{}'::int[]`),
    sizeIds: integer('size_ids').array().notNull().default(sql`'{}'::int[]`),
  },
  (t) => [
    uniqueIndex('products_slug_key').on(t.slug),
    uniqueIndex('products_sku_key').on(t.sku),
    index('products_category_idx').on(t.categoryId),
    check('products_price_check', sql`${t.price} >= 0`),
  ],
);

export const productSizes = pgTable(
  'product_sizes',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sizeId: integer('size_id')
      .notNull()
      .references(() => sizes.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.sizeId] }), index('product_sizes_size_idx').on(t.sizeId, t.productId)],
);

export const productColors = pgTable(
  'product_colors',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    colorId: integer('color_id')
      .notNull()
      .references(() => colors.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.colorId] }),
    index('product_colors_color_idx').on(t.colorId, t.productId),
  ],
);

export const compositions = pgTable(
  'compositions',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    titleRu: text('title_ru').notNull().default(''),
    description: text('description').notNull().default(''),
    descriptionRu: text('description_ru').notNull().default(''),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('compositions_product_idx').on(t.productId, t.position)],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    // Path under /media of the large image; smaller variants sit beside it.
    image: text('image').notNull(),
    colorId: integer('color_id').references(() => colors.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
);

// Slugs a product or category held before it was renamed: the storefront's old addresses answer
// 301 to the current one. Written in the transaction of the rename; a slug held now by any product
// (or category) is not kept here, so a slug taken again leads to its new holder.
export const productOldSlugs = pgTable(
  'product_old_slugs',
  {
    slug: text('slug').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_old_slugs_product_idx').on(t.productId)],
);

export const categoryOldSlugs = pgTable(
  'category_old_slugs',
  {
    slug: text('slug').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('category_old_slugs_category_idx').on(t.categoryId)],
);

/** One row whose version rises with every catalogue write (triggers); caches compare against it. */
export const catalogState = pgTable('catalog_state', {
  id: smallint('id').primaryKey().default(1),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

// The catalogue's change log, written by triggers (migration 0016): which products, categories or
// names each write touched, so every process updates its search index for those alone.
export const catalogChanges = pgTable('catalog_changes', {
  seq: bigserial('seq', { mode: 'number' }).primaryKey(),
  kind: text('kind').notNull(),
  productId: integer('product_id'),
  categoryId: integer('category_id'),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Words the shop declares to mean the same in search (худі, толстовка, hoodie): a query word matching
 * one term also finds the others. Edits bump the catalogue version (a trigger), so every process's
 * search follows.
 */
export const searchSynonyms = pgTable('search_synonyms', {
  id: serial('id').primaryKey(),
  terms: text('terms').array().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
