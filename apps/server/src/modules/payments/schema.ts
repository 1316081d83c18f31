import { cardProviders, invoiceStatuses } from '@kram/contract/payments';
import {
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/checks.ts';
import { orders } from '../orders/schema.ts';

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
