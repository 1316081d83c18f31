import { type AnyColumn, asc, desc, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';

/** The page a back-office list asks for: 1-based, `page_size` rows each. */
export interface PageQuery {
  page: number;
  page_size: number;
}

/** `column` in the order a list asks for. */
export const ordered = (column: AnyColumn | SQL | SQL.Aliased, order: 'asc' | 'desc'): SQL =>
  order === 'desc' ? desc(column) : asc(column);

/**
 * One page of a list: `select` (made `$dynamic()`) ordered by `orderBy`, whose last term should be a
 * unique column so that pages neither repeat nor skip a row.
 */
export const onePage = <T extends PgSelect>(select: T, orderBy: SQL[], query: PageQuery) =>
  select
    .orderBy(...orderBy)
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
