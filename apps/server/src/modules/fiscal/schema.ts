import { receiptKinds, receiptPaymentTypes, receiptSources, receiptStatuses } from '@kram/contract/fiscal';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/checks.ts';
import { orders } from '../orders/schema.ts';

/** One goods line of a receipt as it is sent to the register: kopiyky, and thousandths of a unit. */
export interface ReceiptGood {
  code: string;
  name: string;
  /** The unit price in kopiyky. */
  price: number;
  /** Units × 1000, as the register counts them. */
  quantity: number;
  /** The register's tax codes of the good; empty for a seller who is not a VAT payer. */
  taxes: number[];
}

/** What a receipt says, fixed when it is written: the register gets exactly this on every attempt. */
export interface ReceiptBody {
  goods: ReceiptGood[];
  /** A promo code's discount on the whole receipt, in kopiyky, with its name. */
  discount: { value: number; name: string } | null;
  /** The buyer's e-mail: the register mails the receipt. */
  email: string | null;
}

/**
 * The shop's fiscal settings (one row, id 1): receipts on or off, the default tax code (null: not a VAT
 * payer), the daily shift close, and what the register said of its cashier.
 */
export const fiscalSettings = pgTable(
  'fiscal_settings',
  {
    id: integer('id').primaryKey().default(1),
    enabled: boolean('enabled').notNull().default(true),
    defaultTaxCode: integer('default_tax_code'),
    // HH:MM, Kyiv time; null: shifts are closed by the register itself (24 hours) or by hand.
    shiftCloseTime: text('shift_close_time').default('23:50'),
    cashierName: text('cashier_name'),
    // When the last scheduled close ran: the next one is due at the close time after it.
    lastCloseAt: timestamp('last_close_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('fiscal_settings_single_row', sql`${t.id} = 1`)],
);

/** Products taxed otherwise than the shop's default. No foreign key: the catalogue's reset may drop products. */
export const fiscalProductTaxes = pgTable('fiscal_product_taxes', {
  productId: integer('product_id').primaryKey(),
  taxCode: integer('tax_code').notNull(),
});

/**
 * Receipts, and the outbox they are issued from: a row is written in the transaction of the payment (or
 * refund) it records, and a worker sends it to the register, trying again with backoff. `id` is the
 * receipt's id at the register too, so an attempt whose answer was lost is found there, never issued twice.
 */
export const fiscalReceipts = pgTable(
  'fiscal_receipts',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: receiptKinds }).notNull(),
    source: text('source', { enum: receiptSources }).notNull(),
    paymentType: text('payment_type', { enum: receiptPaymentTypes }).notNull(),
    status: text('status', { enum: receiptStatuses }).notNull().default('pending'),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    body: jsonb('body').$type<ReceiptBody>().notNull(),
    // The sell receipt a return receipt refers to, and the return request it refunds.
    relatedReceiptId: uuid('related_receipt_id'),
    returnId: uuid('return_id'),
    // What one payment, refund or counter sale may have once: `payment:<order id>`, `refund:<return id>`.
    dedupeKey: text('dedupe_key').notNull(),
    fiscalCode: text('fiscal_code'),
    serial: integer('serial'),
    shiftId: uuid('shift_id'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    // When the dashboard and the manager's chat were told it is not issued an hour after it was due.
    alertedAt: timestamp('alerted_at', { withTimezone: true }),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fiscal_receipts_dedupe_key').on(t.dedupeKey),
    index('fiscal_receipts_order_idx').on(t.orderId, t.createdAt),
    index('fiscal_receipts_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('pending', 'issuing')`),
    oneOf('fiscal_receipts_kind_check', t.kind, receiptKinds),
    oneOf('fiscal_receipts_source_check', t.source, receiptSources),
    oneOf('fiscal_receipts_payment_type_check', t.paymentType, receiptPaymentTypes),
    oneOf('fiscal_receipts_status_check', t.status, receiptStatuses),
    check('fiscal_receipts_amount_check', sql`${t.amount} >= 0`),
  ],
);

export const shiftStatuses = ['opening', 'opened', 'closing', 'closed'] as const;

/** The register's shifts as the shop saw them open and close, with the Z-report the close gave. */
export const fiscalShifts = pgTable(
  'fiscal_shifts',
  {
    id: uuid('id').primaryKey(),
    serial: integer('serial'),
    status: text('status', { enum: shiftStatuses }).notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    zReport: jsonb('z_report').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('fiscal_shifts_created_idx').on(t.createdAt.desc()),
    oneOf('fiscal_shifts_status_check', t.status, shiftStatuses),
  ],
);

/**
 * The shop's own stand-in for Checkbox (no licence key): the receipts and shifts it "fiscalised", so
 * that a restart answers as the register would.
 */
export const fiscalSandboxReceipts = pgTable('fiscal_sandbox_receipts', {
  id: uuid('id').primaryKey(),
  serial: integer('serial').notNull(),
  fiscalCode: text('fiscal_code').notNull(),
  body: jsonb('body').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
