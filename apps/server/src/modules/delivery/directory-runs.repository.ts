import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { type Database, type Executor, transactionOf } from '../../db/client.ts';
import { carrierSyncRuns } from './schema.ts';

export type SyncTrigger = 'schedule' | 'staff' | 'cli';
export type SyncSource = 'api' | 'bundled';
export type SyncRunRow = typeof carrierSyncRuns.$inferSelect;

/** The rows of `carrier_sync_runs`: one per sync of the carrier directory, however it was started. */
export function directoryRunsRepository(database: Database) {
  const { db } = database;
  return {
    transaction: transactionOf(database),

    async begin(trigger: SyncTrigger, source: SyncSource, executor: Executor = db): Promise<SyncRunRow> {
      const [row] = await executor.insert(carrierSyncRuns).values({ trigger, source }).returning();
      if (!row) throw new Error('insert into carrier_sync_runs returned no row');
      return row;
    },

    async finish(id: number, outcome: { cities: number; warehouses: number } | { error: string }): Promise<void> {
      await db
        .update(carrierSyncRuns)
        .set({ finishedAt: new Date(), ...outcome })
        .where(eq(carrierSyncRuns.id, id));
    },

    async byId(id: number): Promise<SyncRunRow | undefined> {
      const [row] = await db.select().from(carrierSyncRuns).where(eq(carrierSyncRuns.id, id));
      return row;
    },

    /** The newest run that ended, well or not. */
    async lastFinished(): Promise<SyncRunRow | undefined> {
      const [row] = await db
        .select()
        .from(carrierSyncRuns)
        .where(isNotNull(carrierSyncRuns.finishedAt))
        .orderBy(desc(carrierSyncRuns.startedAt), desc(carrierSyncRuns.id))
        .limit(1);
      return row;
    },

    /** The newest run from `source` that ended without an error. */
    async lastSuccess(source: SyncSource): Promise<SyncRunRow | undefined> {
      const [row] = await db
        .select()
        .from(carrierSyncRuns)
        .where(
          and(eq(carrierSyncRuns.source, source), isNotNull(carrierSyncRuns.finishedAt), isNull(carrierSyncRuns.error)),
        )
        .orderBy(desc(carrierSyncRuns.finishedAt), desc(carrierSyncRuns.id))
        .limit(1);
      return row;
    },

    /** The newest run that has not ended: one under way in another process (or one a crash cut short). */
    async lastUnfinished(): Promise<SyncRunRow | undefined> {
      const [row] = await db
        .select()
        .from(carrierSyncRuns)
        .where(isNull(carrierSyncRuns.finishedAt))
        .orderBy(desc(carrierSyncRuns.startedAt), desc(carrierSyncRuns.id))
        .limit(1);
      return row;
    },
  };
}

export type DirectoryRunsRepository = ReturnType<typeof directoryRunsRepository>;
