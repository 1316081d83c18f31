import type { Database } from '../../db/client.ts';
import { feedbackMessages } from '../../db/schema.ts';

export type NewFeedback = typeof feedbackMessages.$inferInsert;

export function feedbackRepository(database: Database) {
  const { db } = database;
  return {
    async create(feedback: NewFeedback): Promise<number> {
      const [row] = await db.insert(feedbackMessages).values(feedback).returning({ id: feedbackMessages.id });
      if (!row) throw new Error('insert into feedback_messages returned no row');
      return row.id;
    },
  };
}

export type FeedbackRepository = ReturnType<typeof feedbackRepository>;
