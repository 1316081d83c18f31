import { max, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import type { colors, sizes } from './schema.ts';

/**
 * What sizes and colours share: a name unique whatever its case ("xl" is "XL"), and a place in their
 * list, new ones last.
 */
export function namedValues<T extends typeof sizes | typeof colors>(db: Db, table: T) {
  return {
    /** The value called `name` whatever its case, if any. */
    async byName(name: string, executor: Executor = db): Promise<{ id: number; name: string } | undefined> {
      const rows: { id: number; name: string }[] = await executor
        .select({ id: table.id, name: table.name })
        .from(table as typeof sizes)
        .where(sql`lower(${table.name}) = lower(${name})`)
        .limit(1);
      return rows[0];
    },

    /** The position after the last one. */
    async nextPosition(executor: Executor = db): Promise<number> {
      const [row] = await executor.select({ last: max(table.position) }).from(table as typeof sizes);
      return row?.last == null ? 0 : row.last + 1;
    },
  };
}
