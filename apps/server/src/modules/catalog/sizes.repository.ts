import type { AdminSizeListQuery } from '@kram/contract/admin-catalog';
import { and, asc, count, desc, eq, ilike, inArray, max, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { likePattern } from '../../lib/like-pattern.ts';
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
    async list(query: AdminSizeListQuery): Promise<{ count: number; rows: SizeRecord[] }> {
      const where = and(
        ...([
          query.q ? ilike(sizes.name, likePattern(query.q)) : undefined,
          query.id ? inArray(sizes.id, query.id) : undefined,
        ] satisfies (SQL | undefined)[]),
      );
      const column = sortColumns[query.sort ?? 'position'];
      const [total] = await db.select({ n: count() }).from(sizes).where(where);
      const rows = await db
        .select(columns)
        .from(sizes)
        .where(where)
        .orderBy(query.order === 'desc' ? desc(column) : asc(column), asc(sizes.id))
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size);
      return { count: total?.n ?? 0, rows };
    },

    async byId(id: number, executor: Executor = db): Promise<SizeRecord | undefined> {
      const [row] = await executor.select(columns).from(sizes).where(eq(sizes.id, id));
      return row;
    },

    /** The size called `name` whatever its case ("xl" is "XL"), if any. */
    async byName(name: string, executor: Executor = db): Promise<{ id: number; name: string } | undefined> {
      const [row] = await executor
        .select({ id: sizes.id, name: sizes.name })
        .from(sizes)
        .where(sql`lower(${sizes.name}) = lower(${name})`)
        .limit(1);
      return row;
    },

    async nextPosition(executor: Executor = db): Promise<number> {
      const [row] = await executor.select({ last: max(sizes.position) }).from(sizes);
      return row?.last == null ? 0 : row.last + 1;
    },
  };
}

export type SizesRepository = ReturnType<typeof sizesRepository>;
