import { saleStates } from '@kram/contract/admin-promotions';
import { promoKinds } from '@kram/contract/promotions';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/checks.ts';
import { categories, products } from '../catalog/schema.ts';
import { orders } from '../orders/schema.ts';

// Promo codes. `used` counts the orders placed with a code; it is raised only by a conditional update
// in the order's transaction (used < max_uses), so a limit holds however many orders race for it.
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    // Kept in upper case; shoppers type it in any.
    code: text('code').notNull(),
    kind: text('kind', { enum: promoKinds }).notNull(),
    // Percent (0–100] or hryvnias, as `kind` says.
    value: numeric('value', { precision: 12, scale: 2 }).notNull(),
    minTotal: numeric('min_total', { precision: 12, scale: 2 }),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    maxUses: integer('max_uses'),
    used: integer('used').notNull().default(0),
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    excludePromo: boolean('exclude_promo').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promo_codes_code_key').on(t.code),
    oneOf('promo_codes_kind_check', t.kind, promoKinds),
    check('promo_codes_value_check', sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100)`),
    check('promo_codes_used_check', sql`${t.used} >= 0 and (${t.maxUses} is null or ${t.used} <= ${t.maxUses})`),
    check('promo_codes_period_check', sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
  ],
);

/** The categories a code is limited to (with the categories under them). */
export const promoCodeCategories = pgTable(
  'promo_code_categories',
  {
    codeId: integer('code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.codeId, t.categoryId] })],
);

/** The products a code is limited to. */
export const promoCodeProducts = pgTable(
  'promo_code_products',
  {
    codeId: integer('code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.codeId, t.productId] })],
);

/**
 * One row per customer of a code, counting their uses: raised in the order's transaction by an upsert
 * that only succeeds below the code's per-customer limit, so two orders of one customer racing for the
 * last use cannot both have it (the second waits for the first's row lock, then sees its count).
 * A customer is `user:<id>`, `email:<address>` and `phone:<number>`: a guest cannot go round the limit
 * by signing in or by changing one of the two.
 */
export const promoCustomerUses = pgTable(
  'promo_customer_uses',
  {
    codeId: integer('code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    customerKey: text('customer_key').notNull(),
    uses: integer('uses').notNull(),
  },
  (t) => [primaryKey({ columns: [t.codeId, t.customerKey] }), check('promo_customer_uses_check', sql`${t.uses} > 0`)],
);

/** The order a code was used on, and what it took off: the back office's uses and revenue. */
export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    codeId: integer('code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'restrict' }),
    customerKey: text('customer_key').notNull(),
    discount: numeric('discount', { precision: 12, scale: 2 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('promo_redemptions_code_idx').on(t.codeId)],
);

/**
 * Scheduled sales: a share off the price of a category's goods (with those under it) or of chosen
 * products, from `starts_at` to `ends_at`. The scheduler applies it at its start and reverts it at its
 * end; `state` records which it has done, so each happens once.
 */
export const scheduledSales = pgTable(
  'scheduled_sales',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    percent: integer('percent').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    state: text('state', { enum: saleStates }).notNull().default('scheduled'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    oneOf('scheduled_sales_state_check', t.state, saleStates),
    check('scheduled_sales_percent_check', sql`${t.percent} between 1 and 90`),
    check('scheduled_sales_period_check', sql`${t.endsAt} > ${t.startsAt}`),
    index('scheduled_sales_state_idx').on(t.state, t.startsAt),
  ],
);

export const scheduledSaleCategories = pgTable(
  'scheduled_sale_categories',
  {
    saleId: integer('sale_id')
      .notNull()
      .references(() => scheduledSales.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.saleId, t.categoryId] })],
);

export const scheduledSaleProducts = pgTable(
  'scheduled_sale_products',
  {
    saleId: integer('sale_id')
      .notNull()
      .references(() => scheduledSales.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.saleId, t.productId] })],
);

/**
 * The prices a running sale replaced, per product, so its end restores them. A product is in one
 * running sale at a time (the key); a later sale leaves it to the one that holds it.
 */
export const saleReplacedPrices = pgTable(
  'sale_replaced_prices',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    saleId: integer('sale_id')
      .notNull()
      .references(() => scheduledSales.id, { onDelete: 'cascade' }),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    oldPrice: numeric('old_price', { precision: 12, scale: 2 }),
    isOnPromo: boolean('is_on_promo').notNull(),
    // The price the sale set: at the end, a product whose price staff changed since keeps their price.
    salePrice: numeric('sale_price', { precision: 12, scale: 2 }).notNull(),
  },
  (t) => [index('sale_replaced_prices_sale_idx').on(t.saleId)],
);
