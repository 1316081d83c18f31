import type { AdminFeedback, AdminFeedbackListQuery } from '@kram/contract/admin-inbox';
import { noMatch } from '../../lib/domain-errors.ts';
import type { AuditActor, AuditLog } from '../audit/index.ts';
import type { FeedbackRepository, FeedbackRow } from './feedback.repository.ts';

const notFound = () => noMatch('Feedback');

/**
 * What the audit log keeps of a message: whether and by whom it was handled. The sender's details
 * and words stay in the inbox, not copied into the log.
 */
const audited = (row: FeedbackRow) => ({
  id: row.id,
  handled_at: row.handledAt?.toISOString() ?? null,
  handled_by: row.handledBy,
});

export interface FeedbackInboxDeps {
  repo: FeedbackRepository;
  audit: AuditLog;
  /** The e-mails of the accounts among `ids` (the accounts module's), to name who handled a message. */
  emailsOf(ids: readonly number[]): Promise<Map<number, string>>;
}

/** The contact form's inbox in the back office: read the messages, mark them handled or not. */
export function feedbackInbox({ repo, audit, emailsOf }: FeedbackInboxDeps) {
  async function answers(rows: readonly FeedbackRow[]): Promise<AdminFeedback[]> {
    const handlers = [...new Set(rows.flatMap((row) => (row.handledBy === null ? [] : [row.handledBy])))];
    const emails = await emailsOf(handlers);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      phone_number: row.phoneNumber,
      email: row.email,
      message: row.message,
      language: row.language,
      created_at: row.createdAt.toISOString(),
      handled: row.handledAt !== null,
      handled_at: row.handledAt?.toISOString() ?? null,
      handled_by: row.handledBy,
      handled_by_email: row.handledBy === null ? null : (emails.get(row.handledBy) ?? null),
    }));
  }

  /** Marks the messages among `ids` that exist, each one whose state changes logged on its own. */
  async function mark(actor: AuditActor, ids: readonly number[], handled: boolean): Promise<AdminFeedback[]> {
    const after = await repo.transaction(async (tx) => {
      await repo.lock(tx, ids);
      const before = await repo.byIds(ids, tx);
      const changing = before.filter((row) => (row.handledAt !== null) !== handled);
      await repo.setHandled(
        tx,
        changing.map((row) => row.id),
        handled ? actor.id : null,
      );
      const now = await repo.byIds(ids, tx);
      for (const row of changing) {
        const changed = now.find((a) => a.id === row.id);
        if (!changed) throw new Error(`feedback ${row.id} vanished inside its own transaction`);
        await audit.record(tx, actor, {
          action: handled ? 'feedback.handle' : 'feedback.reopen',
          entity: 'feedback',
          entityId: row.id,
          before: audited(row),
          after: audited(changed),
        });
      }
      return now;
    });
    return answers(after);
  }

  return {
    async list(query: AdminFeedbackListQuery): Promise<{ count: number; results: AdminFeedback[] }> {
      const { count, rows } = await repo.list(query);
      return { count, results: await answers(rows) };
    },

    async get(id: number): Promise<AdminFeedback> {
      const row = await repo.byId(id);
      if (!row) throw notFound();
      const [answer] = await answers([row]);
      if (!answer) throw notFound();
      return answer;
    },

    /**
     * Marks a message handled by `actor` now, or not handled. Marking it as it already is changes
     * nothing: the first member of staff to handle it stays its handler.
     */
    async setHandled(actor: AuditActor, id: number, handled: boolean): Promise<AdminFeedback> {
      const [marked] = await mark(actor, [id], handled);
      if (!marked) throw notFound();
      return marked;
    },

    /** The same for several messages at once; answers the ids of those that exist. */
    async setHandledMany(actor: AuditActor, ids: readonly number[], handled: boolean): Promise<{ ids: number[] }> {
      return { ids: (await mark(actor, ids, handled)).map((m) => m.id) };
    },

    /** How many messages nobody has handled yet. */
    unhandledCount: repo.unhandledCount,
  };
}

export type FeedbackInbox = ReturnType<typeof feedbackInbox>;
