import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/checks.ts';

/** The kinds of mail the outbox carries. */
export const outboxMailKinds = [
  'order_placed',
  'order_placed_shop',
  'payment_received',
  'payment_received_shop',
  'order_status_changed',
  'email_changed',
  'parcel_news',
  'back_in_stock',
  'return_news',
  'return_news_shop',
] as const;

/**
 * Mail waiting to be sent, written in the transaction of what it reports (an order, a payment, an
 * account's new e-mail), so a crash
 * loses none; a worker sends it and marks it sent. One row per `dedupe_key`: the same mail for
 * the same order is written once however many requests try.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    /** The order a mail reports, when it reports one; mail knows no module's tables, so no foreign key. */
    orderId: uuid('order_id'),
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
