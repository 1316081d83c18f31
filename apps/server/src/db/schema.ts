import type { Color, ProductImage, Size } from '@kram/contract/catalog';
import { languages } from '@kram/contract/languages';
import { deliveryTypes, orderStatuses, paymentMethods } from '@kram/contract/orders';
import { cardProviders, invoiceStatuses } from '@kram/contract/payments';
import { pageTypes, vitalMetrics } from '@kram/contract/vitals-rules';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
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

/** An order line's copy of a product image: the image and its colour, without the variant URLs. */
export type ImageSnapshot = Omit<ProductImage, 'variants'>;

/** A CHECK that a text column holds one of the contract's values: the list is written once, there. */
const oneOf = (name: string, column: SQL | AnyPgColumn, values: readonly string[]) =>
  check(name, sql`${column} in (${sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', '))})`);

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    nameRu: text('name_ru').notNull().default(''),
    position: integer('position').notNull().default(0),
    // 1 for top level; the catalogue is at most three levels deep.
    depth: smallint('depth').notNull(),
    // Slugs from the top joined by '/', the category_full_path of its products.
    path: text('path').notNull(),
  },
  (t) => [
    uniqueIndex('categories_slug_key').on(t.slug),
    uniqueIndex('categories_path_key').on(t.path),
    index('categories_parent_idx').on(t.parentId, t.position),
    check('categories_depth_check', sql`${t.depth} between 1 and 3`),
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
    isOnPromo: boolean('is_on_promo').notNull().default(false),
    // True means in stock, as the spec names it.
    isOnSale: boolean('is_on_sale').notNull().default(true),
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

// Accounts. E-mails are kept as typed and unique whatever their case; telephones as +380XXXXXXXXX.
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email').notNull(),
    // Null only for staff made with `create-admin`, who may have no telephone.
    telephone: text('telephone'),
    passwordHash: text('password_hash').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    isStaff: boolean('is_staff').notNull().default(false),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Set when the account was deleted on request: the row stays (orders point at it), emptied.
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_telephone_key').on(t.telephone),
  ],
);

/** One sign-in's chain of refresh tokens; reusing a rotated token revokes the whole chain. */
export const refreshTokenFamilies = pgTable(
  'refresh_token_families',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('refresh_token_families_user_idx').on(t.userId)],
);

/** Every refresh token issued, by its JWT id; `used_at` is set when it is exchanged. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    jti: uuid('jti').primaryKey(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => refreshTokenFamilies.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId)],
);

/** Only the SHA-256 of a reset token is stored: a leaked table resets no password. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index('wishlist_items_product_idx').on(t.productId)],
);

export const ratings = pgTable(
  'ratings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    // Covers the average: an index-only scan per product.
    index('ratings_product_idx').on(t.productId, t.rating),
    check('ratings_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);

export const feedbackMessages = pgTable(
  'feedback_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    phoneNumber: text('phone_number').notNull().default(''),
    email: text('email').notNull(),
    message: text('message').notNull(),
    language: text('language', { enum: languages }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Marked by staff in the back office's inbox.
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    oneOf('feedback_messages_language_check', t.language, languages),
    index('feedback_messages_created_idx').on(t.createdAt.desc()),
  ],
);

/** Solved captcha challenges, kept until they expire so each is accepted once. */
export const usedCaptchaChallenges = pgTable(
  'used_captcha_challenges',
  {
    challenge: text('challenge').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('used_captcha_challenges_expires_idx').on(t.expiresAt)],
);

// Orders. Lines keep copies of what was ordered (name, price, slug, images, size, colour), and no
// foreign key to the catalogue: `seed --reset` truncates products with CASCADE, which would take
// lines with it whatever their ON DELETE says, and history must survive catalogue changes.
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: orderStatuses }).notNull(),
    paymentMethod: text('payment_method', { enum: paymentMethods }).notNull(),
    deliveryType: text('delivery_type', { enum: deliveryTypes }).notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number').notNull(),
    city: text('city').notNull(),
    branch: text('branch').notNull(),
    cityRef: text('city_ref'),
    branchRef: text('branch_ref'),
    needCallBack: boolean('need_call_back').notNull().default(false),
    comment: text('comment').notNull().default(''),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    language: text('language', { enum: languages }).notNull(),
    // Why a manager cancelled the order; the customer's mail says it.
    cancelReason: text('cancel_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt.desc()),
    index('orders_created_idx').on(t.createdAt.desc()),
    oneOf('orders_status_check', t.status, orderStatuses),
    oneOf('orders_payment_method_check', t.paymentMethod, paymentMethods),
    oneOf('orders_delivery_type_check', t.deliveryType, deliveryTypes),
    oneOf('orders_language_check', t.language, languages),
    check('orders_amount_check', sql`${t.amount} >= 0`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    // The product's id when ordered; deliberately no foreign key (see above).
    productId: integer('product_id'),
    quantity: integer('quantity').notNull(),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    sku: text('sku').notNull().default(''),
    name: text('name').notNull(),
    nameRu: text('name_ru').notNull().default(''),
    slug: text('slug').notNull(),
    categoryPath: text('category_path').notNull(),
    // [{image, color}], [{id, name}], [{id, name, name_ru, color_rgb}] as the catalogue had them.
    images: jsonb('images').$type<ImageSnapshot[]>().notNull().default(sql`'[]'::jsonb`),
    sizes: jsonb('sizes').$type<Size[]>().notNull().default(sql`'[]'::jsonb`),
    colors: jsonb('colors').$type<Color[]>().notNull().default(sql`'[]'::jsonb`),
    // The chosen size {id, name} and colour {id, name, name_ru, color_rgb}, or null.
    size: jsonb('size').$type<Size | null>(),
    color: jsonb('color').$type<Color | null>(),
  },
  (t) => [
    uniqueIndex('order_items_order_position_key').on(t.orderId, t.position),
    check('order_items_quantity_check', sql`${t.quantity} > 0`),
    check('order_items_price_check', sql`${t.price} >= 0`),
  ],
);

/** `Idempotency-Key`s seen per call (`scope`), with the order each one placed. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    // SHA-256 of the request (body and who sent it): the same key with another request is refused.
    fingerprint: text('fingerprint').notNull(),
    // Set in the transaction that wrote the key, so it is never seen without it.
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/** Card invoices (Monobank's or the sandbox's), one per order. */
export const payments = pgTable(
  'payments',
  {
    invoiceId: text('invoice_id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: cardProviders }).notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    ccy: integer('ccy').notNull().default(980),
    status: text('status', { enum: invoiceStatuses }).notNull().default('created'),
    pageUrl: text('page_url').notNull(),
    failureReason: text('failure_reason'),
    // The provider's modifiedDate of the last update applied: older ones are stale.
    modifiedAt: timestamp('modified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_order_key').on(t.orderId),
    oneOf('payments_provider_check', t.provider, cardProviders),
    oneOf('payments_status_check', t.status, invoiceStatuses),
  ],
);

/** Every verified webhook, applied or not, as it came. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => payments.invoiceId, { onDelete: 'cascade' }),
    status: text('status', { enum: invoiceStatuses }).notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull(),
    // False for stale updates and replays, which are kept but change nothing.
    applied: boolean('applied').notNull(),
    body: text('body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_events_invoice_idx').on(t.invoiceId, t.receivedAt),
    oneOf('payment_events_status_check', t.status, invoiceStatuses),
  ],
);

/** The kinds of mail the outbox carries. */
export const outboxMailKinds = [
  'order_placed',
  'order_placed_shop',
  'payment_received',
  'payment_received_shop',
  'order_status_changed',
  'email_changed',
] as const;

/**
 * Mail waiting to be sent, written in the transaction of what it reports (an order, a payment, an
 * account's new e-mail), so a
 * crash loses none; a worker sends it and marks it sent. One row per `dedupe_key`: the same mail for
 * the same order is written once however many requests try.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: outboxMailKinds }).notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    recipient: text('recipient').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mail_outbox_dedupe_key').on(t.dedupeKey),
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null`),
    index('mail_outbox_order_idx').on(t.orderId),
    oneOf('mail_outbox_kind_check', t.kind, outboxMailKinds),
  ],
);

// The carrier's directory (Nova Poshta), synced from its API or loaded from the bundled file.
// `search_uk`/`search_ru` are the names folded by the application (lower case, one apostrophe),
// since lower() depends on the database's locale.
export const carrierCities = pgTable(
  'carrier_cities',
  {
    ref: text('ref').primaryKey(),
    description: text('description').notNull(),
    descriptionRu: text('description_ru').notNull().default(''),
    area: text('area').notNull().default(''),
    areaRu: text('area_ru').notNull().default(''),
    searchUk: text('search_uk').notNull(),
    searchRu: text('search_ru').notNull(),
    // Busier cities come first among equal matches.
    warehouseCount: integer('warehouse_count').notNull().default(0),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('carrier_cities_search_uk_trgm').using('gin', sql`${t.searchUk} gin_trgm_ops`),
    index('carrier_cities_search_ru_trgm').using('gin', sql`${t.searchRu} gin_trgm_ops`),
    index('carrier_cities_synced_idx').on(t.syncedAt),
    // Finds namesakes, whose answers name the region too.
    index('carrier_cities_description_idx').on(t.description),
  ],
);

export const carrierWarehouses = pgTable(
  'carrier_warehouses',
  {
    ref: text('ref').primaryKey(),
    // No foreign key: the carrier's pages may list a branch before (or without) its city.
    cityRef: text('city_ref').notNull(),
    description: text('description').notNull(),
    descriptionRu: text('description_ru').notNull().default(''),
    number: integer('number'),
    // Nova Poshta's CategoryOfWarehouse: Branch, Postomat, Store…
    category: text('category').notNull().default(''),
    searchUk: text('search_uk').notNull(),
    searchRu: text('search_ru').notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('carrier_warehouses_city_idx').on(t.cityRef, t.number),
    index('carrier_warehouses_synced_idx').on(t.syncedAt),
  ],
);

/** Staff's notes on an order, for each other; the customer never sees them. */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId, t.createdAt)],
);

/**
 * Every change made in the back office: who, what, when, and the record before and after (null for a
 * creation or a deletion). Written in the transaction of the change, so one is never without the other.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    // As the actor was then: the log still says who when the account is gone.
    actorEmail: text('actor_email').notNull(),
    // `<entity>.<verb>`, e.g. `product.update`, `order.status`, `customer.block`.
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc()),
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.createdAt.desc()),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt.desc()),
  ],
);

/** Texts and images the shop's staff edit (the home page's banner, tiles and promo), one row per block. */
export const siteContent = pgTable('site_content', {
  key: text('key').primaryKey(),
  content: jsonb('content').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Each run of the carrier directory's sync: when, from where, what it brought, or why it failed. */
export const carrierSyncRuns = pgTable(
  'carrier_sync_runs',
  {
    id: serial('id').primaryKey(),
    // `schedule` (the daily job), `staff` (the back office's button) or `cli`.
    trigger: text('trigger').notNull(),
    // `api` (Nova Poshta) or `bundled` (the file shipped with the shop).
    source: text('source').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    cities: integer('cities'),
    warehouses: integer('warehouses'),
    error: text('error'),
  },
  (t) => [index('carrier_sync_runs_started_idx').on(t.startedAt.desc())],
);

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

/**
 * How often each listing search was made per Kyiv day, and how often it found nothing: the query
 * text only, nothing about who searched.
 */
export const searchQueriesDaily = pgTable(
  'search_queries_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    query: text('query').notNull(),
    searches: integer('searches').notNull().default(0),
    zeroResults: integer('zero_results').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.query] })],
);

/**
 * The storefront's Core Web Vitals per Kyiv day, kind of page and metric: how many reports fell in
 * each bucket of a fixed histogram (modules/vitals/vitals-histogram.ts), and nothing about who sent
 * them. At most days kept × kinds of page × metrics rows.
 */
export const webVitalsDaily = pgTable(
  'web_vitals_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    pageType: text('page_type').notNull(),
    metric: text('metric').notNull(),
    counts: integer('counts').array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.pageType, t.metric] }),
    oneOf('web_vitals_daily_page_type_check', t.pageType, pageTypes),
    oneOf('web_vitals_daily_metric_check', t.metric, vitalMetrics),
  ],
);
