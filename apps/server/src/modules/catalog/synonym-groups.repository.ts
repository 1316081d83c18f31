import type { AdminSynonymListQuery } from '@kram/contract/admin-search';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { likePattern } from '../../lib/like-pattern.ts';
import { onePage, ordered } from '../../lib/list-page.ts';
import { searchSynonyms } from './schema.ts';

export type SynonymRecord = typeof searchSynonyms.$inferSelect;

const sortColumns = { id: searchSynonyms.id, updated_at: searchSynonyms.updatedAt } as const;

/** The shop's synonym groups; a trigger bumps the catalogue version on every write. */
export function synonymGroupsRepository(database: Database) {
  const { db } = database;
  return {
    /**
     * Holds off every other change to the groups until the transaction ends: the checks that a term is
     * in one group only and that there are at most so many groups read the whole table, so two writes
     * must not interleave, on any process.
     */
    async lock(tx: Executor): Promise<void> {
      await tx.execute(sql`lock table search_synonyms in share row exclusive mode`);
    },

    async list(query: AdminSynonymListQuery): Promise<{ count: number; rows: SynonymRecord[] }> {
      const where = and(
        ...([
          query.q
            ? sql`exists (select 1 from unnest(${searchSynonyms.terms}) as term where term ilike ${likePattern(query.q)})`
            : undefined,
          query.id ? inArray(searchSynonyms.id, query.id) : undefined,
        ] satisfies (SQL | undefined)[]),
      );
      const column = sortColumns[query.sort ?? 'id'];
      const [total] = await db.select({ n: count() }).from(searchSynonyms).where(where);
      const rows = await onePage(
        db.select().from(searchSynonyms).where(where).$dynamic(),
        [ordered(column, query.order), asc(searchSynonyms.id)],
        query,
      );
      return { count: total?.n ?? 0, rows };
    },

    async byId(id: number, executor: Executor = db): Promise<SynonymRecord | undefined> {
      const [row] = await executor.select().from(searchSynonyms).where(eq(searchSynonyms.id, id));
      return row;
    },

    all: (executor: Executor = db): Promise<SynonymRecord[]> =>
      executor.select().from(searchSynonyms).orderBy(asc(searchSynonyms.id)),

    async insert(tx: Executor, terms: string[]): Promise<SynonymRecord> {
      const [row] = await tx.insert(searchSynonyms).values({ terms }).returning();
      if (!row) throw new Error('the synonym group was not written');
      return row;
    },

    async update(tx: Executor, id: number, terms: string[]): Promise<SynonymRecord> {
      const [row] = await tx
        .update(searchSynonyms)
        .set({ terms, updatedAt: sql`now()` })
        .where(eq(searchSynonyms.id, id))
        .returning();
      if (!row) throw new Error(`synonym group ${id} vanished inside its own transaction`);
      return row;
    },

    async remove(tx: Executor, id: number): Promise<void> {
      await tx.delete(searchSynonyms).where(eq(searchSynonyms.id, id));
    },
  };
}

export type SynonymGroupsRepository = ReturnType<typeof synonymGroupsRepository>;
