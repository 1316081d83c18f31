import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import { pollingLoop } from '../jobs/polling-loop.ts';
import type { Mailer } from './mailer.ts';
import type { OutboxRepository, OutboxRow } from './outbox.repository.ts';

export interface OutboxWorkerOptions {
  /** How often due mails are looked for without a wake-up (retries, mails left by a crash), in ms. */
  intervalMs?: number;
}

export interface OutboxWorker {
  /** Sends what is due now, then every `intervalMs`. */
  start(): void;
  /** A mail was just committed: send it now rather than at the next tick. */
  wake(): void;
  /** No more sending; waits for a mail being sent. */
  stop(): Promise<void>;
}

/** 30 s after the first failure, doubling, at most an hour apart: SMTP outages end, mail keeps. */
export const retryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

/**
 * Sends the outbox's mails and marks them sent. On PostgreSQL each mail is sent inside the
 * transaction that locked its row (`for update skip locked`), so processes never send the same mail
 * at once, and a process that dies mid-send leaves the row unlocked and unsent for the next one. On
 * PGlite (one process, one connection) a transaction held during a send would stall every request,
 * so the row is read, sent and marked without one; this worker is the only sender. Mails go one at a
 * time: a mail in flight when the process dies is sent again, and one at a time keeps that to one.
 * A crash after the SMTP server accepted a mail and before its mark is committed sends that mail
 * again on restart (SMTP gives no way to ask whether a mail arrived): the window is one round trip
 * to the database, and the mail's Message-ID is the same, so it is recognisably the same mail.
 */
export function outboxWorker(
  database: Database,
  repo: OutboxRepository,
  mailer: Mailer,
  log: FastifyBaseLogger,
  options: OutboxWorkerOptions = {},
): OutboxWorker {
  const loop = pollingLoop({
    pass: () => sendDue(),
    intervalMs: options.intervalMs ?? 5_000,
    onError: (error) => log.error({ err: error }, 'mail outbox worker failed; retrying at the next tick'),
  });

  /**
   * Sends the mail and records the outcome in `tx`. `markedFirst`: the mail is marked sent before the
   * SMTP conversation, inside a transaction that commits right after it (PostgreSQL), so the only
   * moment a crash can lose track of a sent mail is the commit's own round trip.
   */
  async function deliver(mail: OutboxRow, tx: Executor, markedFirst: boolean): Promise<void> {
    if (markedFirst) await repo.markSent(mail, tx);
    try {
      await mailer.send({
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        key: { dedupeKey: mail.dedupeKey, createdAt: mail.createdAt },
      });
    } catch (error) {
      const retryIn = retryDelayMs(mail.attempts + 1);
      log.error({ err: error, mailId: mail.id, kind: mail.kind, retryInMs: retryIn }, 'mail not sent; will retry');
      await repo.markFailed(mail, error instanceof Error ? error.message : String(error), retryIn, tx);
      return;
    }
    if (!markedFirst) await repo.markSent(mail, tx);
  }

  /** Sends one due mail; false when none was due. */
  async function sendOne(): Promise<boolean> {
    if (database.kind === 'postgres') {
      return repo.transaction(async (tx) => {
        const mail = await repo.nextDue(tx, true);
        if (!mail) return false;
        await deliver(mail, tx, true);
        return true;
      });
    }
    const mail = await repo.nextDue(database.db, false);
    if (!mail) return false;
    // No transaction to undo a mark made first: marked after the send, or a crash could lose the mail.
    await deliver(mail, database.db, false);
    return true;
  }

  async function sendDue(): Promise<void> {
    while (!loop.stopped && (await sendOne())) {}
  }

  return { start: loop.start, wake: loop.wake, stop: loop.stop };
}
