import { eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { paymentEvents, payments } from '../../db/schema.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = Pick<
  typeof payments.$inferInsert,
  'invoiceId' | 'orderId' | 'provider' | 'amount' | 'pageUrl'
>;
export type PaymentChange = Pick<PaymentRow, 'status' | 'modifiedAt' | 'failureReason'>;
export type NewPaymentEvent = typeof paymentEvents.$inferInsert;

export function paymentsRepository(database: Database) {
  const { db } = database;
  return {
    /** Runs `work` in one transaction; repositories called with its executor take part in it. */
    transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(tx));
    },

    /** Saves an invoice; an order has one, so a second one for it answers the first. */
    async create(payment: NewPayment): Promise<PaymentRow> {
      const [inserted] = await db.insert(payments).values(payment).onConflictDoNothing().returning();
      if (inserted) return inserted;
      const [existing] = await db.select().from(payments).where(eq(payments.orderId, payment.orderId));
      if (!existing) throw new Error(`invoice ${payment.invoiceId} conflicted with nothing`);
      return existing;
    },

    async byOrder(orderId: string): Promise<PaymentRow | undefined> {
      const [row] = await db.select().from(payments).where(eq(payments.orderId, orderId));
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

    async update(invoiceId: string, change: PaymentChange, tx: Executor): Promise<void> {
      await tx
        .update(payments)
        .set({ ...change, updatedAt: sql`now()` })
        .where(eq(payments.invoiceId, invoiceId));
    },

    async addEvent(event: NewPaymentEvent, tx: Executor): Promise<void> {
      await tx.insert(paymentEvents).values(event);
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
