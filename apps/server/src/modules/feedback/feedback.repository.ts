import type { Database, Executor } from '../../db/client.ts';
import { feedbackMessages } from './schema.ts';

export type NewFeedback = typeof feedbackMessages.$inferInsert;

export function feedbackRepository(database: Database) {
  const { db } = database;
  return {
    /** Runs `work` in one transaction. */
    transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    async create(feedback: NewFeedback, executor: Executor = db): Promise<number> {
      const [row] = await executor.insert(feedbackMessages).values(feedback).returning({ id: feedbackMessages.id });
      if (!row) throw new Error('insert into feedback_messages returned no row');
      return row.id;
    },
  };
}

export type FeedbackRepository = ReturnType<typeof feedbackRepository>;
