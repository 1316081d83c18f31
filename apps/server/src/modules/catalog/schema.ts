import { maxCategoryDepth } from '@kram/contract/catalog-rules';
import { stockMovementKinds, stockReservationStates } from '@kram/contract/stock';
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
  uuid,
} from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/checks.ts';
import { users } from '../accounts/schema.ts';

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
    // Whether the product can be bought now, the API's is_on_sale: offered and some variant available
    // (stock_levels). The stock module keeps it; nothing else writes it.
    inStock: boolean('is_on_sale').notNull().default(true),
    // The staff's switch: false takes the product off sale whatever its stock.
    offered: boolean('offered').notNull().default(true),
    // Below this many units a variant is low on stock; null: the shop's default (stock_settings).
    lowStockThreshold: integer('low_stock_threshold'),
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

// Stock. A variant is a product in one size and one colour; a product without sizes or colours has
// the variants its other dimension gives, or one. Each has a row here, kept in step with the
// product's sizes and colours by the stock module.
export const stockLevels = pgTable(
  'stock_levels',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sizeId: integer('size_id').references(() => sizes.id, { onDelete: 'cascade' }),
    colorId: integer('color_id').references(() => colors.id, { onDelete: 'cascade' }),
    // Units that can still be sold: on the shelf and promised to no order. Null: not counted, always
    // available (a product the shop has not started counting).
    available: integer('available'),
    // Units promised to orders that have not left yet.
    reserved: integer('reserved').notNull().default(0),
    // When the manager was told this variant runs low; cleared when it is above its threshold again.
    lowAlertedAt: timestamp('low_alerted_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stock_levels_variant_key').on(
      t.productId,
      sql`coalesce(${t.sizeId}, 0)`,
      sql`coalesce(${t.colorId}, 0)`,
    ),
    check('stock_levels_available_check', sql`${t.available} >= 0`),
    check('stock_levels_reserved_check', sql`${t.reserved} >= 0`),
  ],
);

/** What each order took from stock, line by line, and where it stands (reserved, sold, released, returned). */
export const stockReservations = pgTable(
  'stock_reservations',
  {
    id: serial('id').primaryKey(),
    // The order's id; no foreign key: the orders module owns orders, and history outlives erasure.
    orderId: uuid('order_id').notNull(),
    productId: integer('product_id').notNull(),
    sizeId: integer('size_id'),
    colorId: integer('color_id'),
    quantity: integer('quantity').notNull(),
    state: text('state', { enum: stockReservationStates }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_reservations_order_idx').on(t.orderId),
    oneOf('stock_reservations_state_check', t.state, stockReservationStates),
    check('stock_reservations_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/** Every change of a variant's stock: received, reserved, sold, released, returned, corrected. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sizeId: integer('size_id'),
    colorId: integer('color_id'),
    // The size's and colour's names then, so the history reads after they change.
    sizeName: text('size_name'),
    colorName: text('color_name'),
    kind: text('kind', { enum: stockMovementKinds }).notNull(),
    // Units moved (a correction: the new count less the old; may be negative).
    quantity: integer('quantity').notNull(),
    availableAfter: integer('available_after'),
    reservedAfter: integer('reserved_after').notNull(),
    orderId: uuid('order_id'),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    // Who: the staff member's e-mail, or what moved it ("checkout", "csv").
    actor: text('actor').notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_movements_product_idx').on(t.productId, t.createdAt.desc()),
    oneOf('stock_movements_kind_check', t.kind, stockMovementKinds),
  ],
);

/** "Tell me when it is back": one e-mail per sold-out variant, mailed once and then done. */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sizeId: integer('size_id').references(() => sizes.id, { onDelete: 'cascade' }),
    colorId: integer('color_id').references(() => colors.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    language: text('language').notNull(),
    // Unsubscribes by the mail's link.
    token: text('token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('stock_alerts_token_key').on(t.token),
    uniqueIndex('stock_alerts_waiting_key')
      .on(t.productId, sql`coalesce(${t.sizeId}, 0)`, sql`coalesce(${t.colorId}, 0)`, sql`lower(${t.email})`)
      .where(sql`${t.notifiedAt} is null`),
  ],
);

/** The shop's stock settings: one row. */
export const stockSettings = pgTable('stock_settings', {
  id: smallint('id').primaryKey().default(1),
  // A variant with fewer units than this is low (products may set their own threshold).
  lowStockThreshold: integer('low_stock_threshold').notNull().default(3),
  // Whether the manager's Telegram chat is told when a variant falls low.
  telegramAlerts: boolean('telegram_alerts').notNull().default(false),
});
