import type { AdminSizeListQuery } from '@kram/contract/admin-catalog';
import { and, asc, count, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { likePattern } from '../../lib/like-pattern.ts';
import { onePage, ordered } from '../../lib/list-page.ts';
import { namedValues } from './named-values.ts';
import { productSizes, sizes } from './schema.ts';

export interface SizeRecord {
  id: number;
  name: string;
  position: number;
  productCount: number;
}

const productCount = sql<number>`(select count(*)::int from ${productSizes} where ${productSizes.sizeId} = ${sizes.id})`;
const columns = { id: sizes.id, name: sizes.name, position: sizes.position, productCount };
const sortColumns = { position: sizes.position, name: sizes.name, id: sizes.id, product_count: productCount } as const;

/** The sizes read for their rules and the back office; writes are in catalog-writes.repository.ts. */
export function sizesRepository(database: Database) {
  const { db } = database;
  return {
    ...namedValues(db, sizes),
    async list(query: AdminSizeListQuery): Promise<{ count: number; rows: SizeRecord[] }> {
      const where = and(
        ...([
          query.q ? ilike(sizes.name, likePattern(query.q)) : undefined,
          query.id ? inArray(sizes.id, query.id) : undefined,
        ] satisfies (SQL | undefined)[]),
      );
      const column = sortColumns[query.sort ?? 'position'];
      const [total] = await db.select({ n: count() }).from(sizes).where(where);
      const rows = await onePage(
        db.select(columns).from(sizes).where(where).$dynamic(),
        [ordered(column, query.order), asc(sizes.id)],
        query,
      );
      return { count: total?.n ?? 0, rows };
    },

    async byId(id: number, executor: Executor = db): Promise<SizeRecord | undefined> {
      const [row] = await executor.select(columns).from(sizes).where(eq(sizes.id, id));
      return row;
    },
  };
}

export type SizesRepository = ReturnType<typeof sizesRepository>;
