import type {
  AdminFeedback,
  AdminFeedbackListQuery,
  AdminRating,
  AdminRatingListQuery,
} from '@kram/contract/admin-inbox';
import { NotFound, noMatch } from '../../lib/domain-errors.ts';
import type { StaffMember } from '../accounts/index.ts';
import type { AuditLog } from '../audit/index.ts';
import type { AdminInboxRepository, FeedbackRecord, RatingRecord } from './admin-inbox.repository.ts';

const notFound = () => noMatch('Feedback');

const toFeedback = (row: FeedbackRecord): AdminFeedback => ({
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
  handled_by_email: row.handledByEmail,
});

/**
 * What the audit log keeps of a message: whether and by whom it was handled. The sender's details
 * and words stay in the inbox, not copied into the log.
 */
const audited = (row: FeedbackRecord) => ({
  id: row.id,
  handled_at: row.handledAt?.toISOString() ?? null,
  handled_by: row.handledBy,
});

const toRating = (row: RatingRecord): AdminRating => ({
  id: `${row.productId}-${row.userId}`,
  product_id: row.productId,
  product_name: row.productName,
  product_name_ru: row.productNameRu,
  product_slug: row.productSlug,
  user_id: row.userId,
  user_email: row.userEmail,
  rating: row.rating,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** The contact form's inbox (read, mark handled) and the shoppers' ratings (read only). */
export function adminInboxService(repo: AdminInboxRepository, audit: AuditLog) {
  /** Marks the messages among `ids` that exist, each one whose state changes logged on its own. */
  function mark(actor: StaffMember, ids: readonly number[], handled: boolean): Promise<AdminFeedback[]> {
    return repo.transaction(async (tx) => {
      await repo.lockFeedback(tx, ids);
      const before = await repo.feedbackByIds(ids, tx);
      const changing = before.filter((row) => (row.handledAt !== null) !== handled);
      await repo.setHandled(
        tx,
        changing.map((row) => row.id),
        handled ? actor.id : null,
      );
      const after = await repo.feedbackByIds(ids, tx);
      for (const row of changing) {
        const now = after.find((a) => a.id === row.id);
        if (!now) throw new Error(`feedback ${row.id} vanished inside its own transaction`);
        await audit.record(tx, actor, {
          action: handled ? 'feedback.handle' : 'feedback.reopen',
          entity: 'feedback',
          entityId: row.id,
          before: audited(row),
          after: audited(now),
        });
      }
      return after.map(toFeedback);
    });
  }

  return {
    async feedbackList(query: AdminFeedbackListQuery): Promise<{ count: number; results: AdminFeedback[] }> {
      const { count, rows } = await repo.feedback(query);
      return { count, results: rows.map(toFeedback) };
    },

    async feedback(id: number): Promise<AdminFeedback> {
      const row = await repo.feedbackById(id);
      if (!row) throw notFound();
      return toFeedback(row);
    },

    /**
     * Marks a message handled by `actor` now, or not handled. Marking it as it already is changes
     * nothing: the first member of staff to handle it stays its handler.
     */
    async setHandled(actor: StaffMember, id: number, handled: boolean): Promise<AdminFeedback> {
      const [marked] = await mark(actor, [id], handled);
      if (!marked) throw notFound();
      return marked;
    },

    /** The same for several messages at once; answers the ids of those that exist. */
    async setHandledMany(actor: StaffMember, ids: readonly number[], handled: boolean): Promise<{ ids: number[] }> {
      return { ids: (await mark(actor, ids, handled)).map((m) => m.id) };
    },

    async ratings(query: AdminRatingListQuery): Promise<{ count: number; results: AdminRating[] }> {
      const { count, rows } = await repo.ratings(query);
      return { count, results: rows.map(toRating) };
    },
  };
}

export type AdminInboxService = ReturnType<typeof adminInboxService>;
