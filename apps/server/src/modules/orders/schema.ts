import type { Color, ProductImage, Size } from '@kram/contract/catalog';
import { languages } from '@kram/contract/languages';
import { deliveryTypes, orderStatuses, paymentMethods } from '@kram/contract/orders';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
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
import { users } from '../accounts/schema.ts';

export type ImageSnapshot = Omit<ProductImage, 'variants'>;

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
    // What the buyer pays: the lines' sum less `discount`.
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    // What the promo code (`promo_code`, upper case) took off the lines' sum.
    discount: numeric('discount', { precision: 12, scale: 2 }).notNull().default('0'),
    promoCode: text('promo_code'),
    language: text('language', { enum: languages }).notNull(),
    // Why a manager cancelled the order; the customer's mail says it.
    cancelReason: text('cancel_reason'),
    // When the buyer received the goods (the order became delivered, or completed without it): the
    // 14 days of the return terms count from it.
    receivedAt: timestamp('received_at', { withTimezone: true }),
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
    check('orders_discount_check', sql`${t.discount} >= 0`),
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
