import { eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { paymentEvents, payments } from '../../db/schema.ts';

export interface PaymentRow {
  invoiceId: string;
  orderId: string;
  provider: string;
  /** Decimal string, UAH. */
  amount: string;
  ccy: number;
  status: string;
  pageUrl: string;
  failureReason: string | null;
  modifiedAt: Date | null;
  createdAt: Date;
}

export interface NewPaymentEvent {
  invoiceId: string;
  status: string;
  amount: string;
  modifiedAt: Date;
  applied: boolean;
  body: string;
}

const columns = {
  invoiceId: payments.invoiceId,
  orderId: payments.orderId,
  provider: payments.provider,
  amount: payments.amount,
  ccy: payments.ccy,
  status: payments.status,
  pageUrl: payments.pageUrl,
  failureReason: payments.failureReason,
  modifiedAt: payments.modifiedAt,
  createdAt: payments.createdAt,
};

export function paymentsRepository(database: Database) {
  const { db } = database;
  return {
    /** Runs `work` in one transaction; repositories called with its executor take part in it. */
    transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(tx));
    },

    /** Saves an invoice; an order has one, so a second one for it answers the first. */
    async create(payment: {
      invoiceId: string;
      orderId: string;
      provider: string;
      amount: string;
      pageUrl: string;
    }): Promise<PaymentRow> {
      const [inserted] = await db.insert(payments).values(payment).onConflictDoNothing().returning(columns);
      if (inserted) return inserted;
      const [existing] = await db.select(columns).from(payments).where(eq(payments.orderId, payment.orderId));
      if (!existing) throw new Error(`invoice ${payment.invoiceId} conflicted with nothing`);
      return existing;
    },

    async byOrder(orderId: string): Promise<PaymentRow | undefined> {
      const [row] = await db.select(columns).from(payments).where(eq(payments.orderId, orderId));
      return row;
    },

    async byInvoice(invoiceId: string): Promise<PaymentRow | undefined> {
      const [row] = await db.select(columns).from(payments).where(eq(payments.invoiceId, invoiceId));
      return row;
    },

    /** The invoice, locked until the transaction ends, so webhooks for it apply one at a time. */
    async lock(invoiceId: string, tx: Executor): Promise<PaymentRow | undefined> {
      const [row] = await tx.select(columns).from(payments).where(eq(payments.invoiceId, invoiceId)).for('update');
      return row;
    },

    async update(
      invoiceId: string,
      change: { status: string; modifiedAt: Date; failureReason: string | null },
      tx: Executor,
    ): Promise<void> {
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
