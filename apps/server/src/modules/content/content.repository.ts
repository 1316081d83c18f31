import { eq, sql } from 'drizzle-orm';
import { type Database, type Executor, transactionOf } from '../../db/client.ts';
import { siteContent } from './schema.ts';

export interface ContentBlock {
  content: unknown;
  updatedAt: Date;
}

/** The blocks of `site_content`, one row per key (`home`). */
export function contentRepository(database: Database) {
  const { db } = database;
  return {
    transaction: transactionOf(database),

    /** With `forUpdate`, the row stays locked until the transaction ends, so two saves queue up. */
    async byKey(key: string, executor: Executor = db, forUpdate = false): Promise<ContentBlock | undefined> {
      const query = executor
        .select({ content: siteContent.content, updatedAt: siteContent.updatedAt })
        .from(siteContent)
        .where(eq(siteContent.key, key));
      const [row] = forUpdate ? await query.for('update') : await query;
      return row;
    },

    async save(key: string, content: unknown, executor: Executor = db): Promise<ContentBlock> {
      const [row] = await executor
        .insert(siteContent)
        .values({ key, content })
        .onConflictDoUpdate({ target: siteContent.key, set: { content, updatedAt: sql`now()` } })
        .returning({ content: siteContent.content, updatedAt: siteContent.updatedAt });
      if (!row) throw new Error('upsert into site_content returned no row');
      return row;
    },
  };
}

export type ContentRepository = ReturnType<typeof contentRepository>;
