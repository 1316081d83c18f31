import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { type Database, type Executor, transactionOf } from '../../db/client.ts';
import type { MailMessage } from './mailer.ts';
import { mailOutbox, type outboxMailKinds } from './schema.ts';

export type OutboxMailKind = (typeof outboxMailKinds)[number];
export type OutboxRow = typeof mailOutbox.$inferSelect;

/** A mail to write to the outbox, in the transaction of what it reports. */
export interface OutboxMail {
  orderId: string | null;
  kind: OutboxMailKind;
  /** One mail per key, ever: `order:<id>:placed`. A second enqueue of the key is dropped. */
  dedupeKey: string;
  message: Omit<MailMessage, 'key'>;
}

export function outboxRepository(database: Database) {
  const { db } = database;
  return {
    transaction: transactionOf(database),

    /** Writes the mails (in `executor`'s transaction); returns how many were new. */
    async enqueue(mails: readonly OutboxMail[], executor: Executor = db): Promise<number> {
      if (mails.length === 0) return 0;
      const inserted = await executor
        .insert(mailOutbox)
        .values(
          mails.map((mail) => ({
            orderId: mail.orderId,
            kind: mail.kind,
            dedupeKey: mail.dedupeKey,
            recipient: mail.message.to,
            replyTo: mail.message.replyTo ?? null,
            subject: mail.message.subject,
            html: mail.message.html,
            text: mail.message.text,
          })),
        )
        .onConflictDoNothing({ target: mailOutbox.dedupeKey })
        .returning({ id: mailOutbox.id });
      return inserted.length;
    },

    /**
     * The mails not sent yet, and how many of them have failed at least once and wait for their
     * next attempt: one read over the outbox's unsent part (its index).
     */
    async depth(): Promise<{ unsent: number; failing: number }> {
      const [row] = await db
        .select({
          unsent: sql<number>`count(*)::int`,
          failing: sql<number>`(count(*) filter (where ${mailOutbox.attempts} > 0))::int`,
        })
        .from(mailOutbox)
        .where(isNull(mailOutbox.sentAt));
      return { unsent: row?.unsent ?? 0, failing: row?.failing ?? 0 };
    },

    /** Drops every mail of these orders, sent or not: they hold the buyer's name and address. */
    async forgetOrders(orderIds: readonly string[], executor: Executor = db): Promise<void> {
      if (orderIds.length === 0) return;
      await executor.delete(mailOutbox).where(inArray(mailOutbox.orderId, [...orderIds]));
    },

    /**
     * The oldest mail due, locked until `tx` ends. `skipLocked`: a mail another worker holds is passed
     * over (PostgreSQL, several processes); PGlite has one connection and one worker, so it reads plainly.
     */
    async nextDue(tx: Executor, skipLocked: boolean): Promise<OutboxRow | undefined> {
      const query = tx
        .select()
        .from(mailOutbox)
        .where(and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, sql`now()`)))
        .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
        .limit(1);
      const [row] = await (skipLocked ? query.for('update', { skipLocked: true }) : query);
      return row;
    },

    /** Marks the mail sent, as its `attempts + 1`th attempt. */
    async markSent(mail: Pick<OutboxRow, 'id' | 'attempts'>, tx: Executor): Promise<void> {
      await tx
        .update(mailOutbox)
        .set({ sentAt: sql`now()`, attempts: mail.attempts + 1, lastError: null })
        .where(eq(mailOutbox.id, mail.id));
    },

    /** Marks the `attempts + 1`th attempt failed (and the mail unsent), to be tried again later. */
    async markFailed(
      mail: Pick<OutboxRow, 'id' | 'attempts'>,
      error: string,
      retryInMs: number,
      tx: Executor,
    ): Promise<void> {
      await tx
        .update(mailOutbox)
        .set({
          sentAt: null,
          attempts: mail.attempts + 1,
          lastError: error.slice(0, 2000),
          nextAttemptAt: sql`now() + make_interval(secs => ${retryInMs / 1000})`,
        })
        .where(eq(mailOutbox.id, mail.id));
    },
  };
}

export type OutboxRepository = ReturnType<typeof outboxRepository>;
