import type { InvoiceStatus } from '@kram/contract/payments';
import { and, count, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { type Database, type Executor, transactionOf } from '../../db/client.ts';
import { paymentEvents, payments } from './schema.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = Pick<
  typeof payments.$inferInsert,
  'invoiceId' | 'orderId' | 'provider' | 'amount' | 'pageUrl'
>;
export type PaymentChange = Pick<PaymentRow, 'status' | 'failureReason'> & { modifiedAt: Date };
export type NewPaymentEvent = typeof paymentEvents.$inferInsert;

export function paymentsRepository(database: Database) {
  const { db } = database;
  return {
    transaction: transactionOf(database),

    /**
     * Saves an invoice (in `tx`); an order has one, so a second one for it answers the first, with
     * `created: false`.
     */
    async create(payment: NewPayment, tx: Executor = db): Promise<{ payment: PaymentRow; created: boolean }> {
      const [inserted] = await tx.insert(payments).values(payment).onConflictDoNothing().returning();
      if (inserted) return { payment: inserted, created: true };
      const [existing] = await tx.select().from(payments).where(eq(payments.orderId, payment.orderId));
      if (!existing) throw new Error(`invoice ${payment.invoiceId} conflicted with nothing`);
      return { payment: existing, created: false };
    },

    async byOrder(orderId: string, executor: Executor = db): Promise<PaymentRow | undefined> {
      const [row] = await executor.select().from(payments).where(eq(payments.orderId, orderId));
      return row;
    },

    async byInvoice(invoiceId: string): Promise<PaymentRow | undefined> {
      const [row] = await db.select().from(payments).where(eq(payments.invoiceId, invoiceId));
      return row;
    },

    /** The invoice, locked until the transaction ends, so webhooks for it apply one at a time. */
    async lock(invoiceId: string, tx: Executor): Promise<PaymentRow | undefined> {
      const [row] = await tx.select().from(payments).where(eq(payments.invoiceId, invoiceId)).for('update');
      return row;
    },

    /**
     * Applies a status update if the invoice is in one of `from` and the update is newer than the last
     * one applied; false when it was not applied. The rule is checked by the update itself, so it
     * holds whatever the caller read before.
     */
    async transition(invoiceId: string, from: readonly InvoiceStatus[], change: PaymentChange, tx: Executor) {
      if (from.length === 0) return false;
      const rows = await tx
        .update(payments)
        .set({ ...change, updatedAt: sql`now()` })
        .where(
          and(
            eq(payments.invoiceId, invoiceId),
            inArray(payments.status, [...from]),
            or(isNull(payments.modifiedAt), lt(payments.modifiedAt, change.modifiedAt)),
          ),
        )
        .returning({ invoiceId: payments.invoiceId });
      return rows.length === 1;
    },

    async addEvent(event: NewPaymentEvent, tx: Executor): Promise<void> {
      await tx.insert(paymentEvents).values(event);
    },

    /** How many invoices are in each status (statuses without invoices are absent), in one grouped read. */
    async countByStatus(): Promise<{ status: InvoiceStatus; count: number }[]> {
      return db.select({ status: payments.status, count: count() }).from(payments).groupBy(payments.status);
    },

    async events(invoiceId: string) {
      return db
        .select({
          status: paymentEvents.status,
          amount: paymentEvents.amount,
          applied: paymentEvents.applied,
          modifiedAt: paymentEvents.modifiedAt,
        })
        .from(paymentEvents)
        .where(eq(paymentEvents.invoiceId, invoiceId))
        .orderBy(paymentEvents.id);
    },
  };
}

export type PaymentsRepository = ReturnType<typeof paymentsRepository>;
