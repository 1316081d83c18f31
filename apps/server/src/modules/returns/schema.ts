import { languages } from '@kram/contract/languages';
import { refundMethods, refusalReasons, returnShippings, returnStatuses } from '@kram/contract/returns';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/checks.ts';
import { orders } from '../orders/schema.ts';

/**
 * A buyer's request to return goods, and each step the shop takes with it. The refund is the goods'
 * price only; a card order's goes back through the bank (its answer kept), a cash order's by transfer
 * to the IBAN the buyer gave (the manager's reference kept).
 */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: returnStatuses }).notNull().default('requested'),
    reason: text('reason').notNull(),
    shipping: text('shipping', { enum: returnShippings }).notNull(),
    language: text('language', { enum: languages }).notNull(),
    iban: text('iban'),
    accountHolder: text('account_holder'),
    refundAmount: numeric('refund_amount', { precision: 12, scale: 2 }).notNull(),
    refundMethod: text('refund_method', { enum: refundMethods }).notNull(),
    refusalReason: text('refusal_reason', { enum: refusalReasons }),
    refusalNote: text('refusal_note'),
    // The refund: the bank's status and last answer (card), or the transfer's reference (cash).
    bankStatus: text('bank_status'),
    bankAnswer: text('bank_answer'),
    refundReference: text('refund_reference'),
    // [{status, at}]: every step, oldest first.
    steps: jsonb('steps').$type<{ status: string; at: string }[]>().notNull().default(sql`'[]'::jsonb`),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    refundDueAt: timestamp('refund_due_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('return_requests_order_idx').on(t.orderId, t.createdAt),
    index('return_requests_status_idx').on(t.status, t.createdAt.desc()),
    oneOf('return_requests_status_check', t.status, returnStatuses),
    oneOf('return_requests_shipping_check', t.shipping, returnShippings),
    oneOf('return_requests_refund_method_check', t.refundMethod, refundMethods),
    oneOf('return_requests_language_check', t.language, languages),
    check('return_requests_refund_amount_check', sql`${t.refundAmount} >= 0`),
  ],
);

/** The order lines a return takes back, by their position in the order, with what each unit refunds. */
export const returnLines = pgTable(
  'return_lines',
  {
    returnId: uuid('return_id')
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    quantity: integer('quantity').notNull(),
    unitRefund: numeric('unit_refund', { precision: 12, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.returnId, t.position] }),
    check('return_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
);
