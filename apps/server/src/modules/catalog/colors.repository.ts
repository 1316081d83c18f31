import type { AdminColorListQuery } from '@kram/contract/admin-products';
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { likePattern } from '../../lib/like-pattern.ts';
import { onePage, ordered } from '../../lib/list-page.ts';
import { namedValues } from './named-values.ts';
import { colors, productColors } from './schema.ts';

export interface ColorRecord {
  id: number;
  name: string;
  nameRu: string;
  colorRgb: string | null;
  swatchImage: string | null;
  position: number;
  productCount: number;
}

const productCount = sql<number>`(select count(*)::int from ${productColors} where ${productColors.colorId} = ${colors.id})`;
const columns = {
  id: colors.id,
  name: colors.name,
  nameRu: colors.nameRu,
  colorRgb: colors.colorRgb,
  swatchImage: colors.swatchImage,
  position: colors.position,
  productCount,
};
const sortColumns = {
  position: colors.position,
  name: colors.name,
  name_ru: colors.nameRu,
  id: colors.id,
  product_count: productCount,
} as const;

/** The colours read for their rules and the back office; writes are in catalog-writes.repository.ts. */
export function colorsRepository(database: Database) {
  const { db } = database;
  return {
    ...namedValues(db, colors),
    async list(query: AdminColorListQuery): Promise<{ count: number; rows: ColorRecord[] }> {
      const where = and(
        ...([
          query.q
            ? or(ilike(colors.name, likePattern(query.q)), ilike(colors.nameRu, likePattern(query.q)))
            : undefined,
          query.id ? inArray(colors.id, query.id) : undefined,
        ] satisfies (SQL | undefined)[]),
      );
      const column = sortColumns[query.sort ?? 'position'];
      const [total] = await db.select({ n: count() }).from(colors).where(where);
      const rows = await onePage(
        db.select(columns).from(colors).where(where).$dynamic(),
        [ordered(column, query.order), asc(colors.id)],
        query,
      );
      return { count: total?.n ?? 0, rows };
    },

    async byId(id: number, executor: Executor = db): Promise<ColorRecord | undefined> {
      const [row] = await executor.select(columns).from(colors).where(eq(colors.id, id));
      return row;
    },

    /** How many colours show the swatch file at `image`. */
    async swatchUses(image: string, executor: Executor = db): Promise<number> {
      const [row] = await executor.select({ n: count() }).from(colors).where(eq(colors.swatchImage, image));
      return row?.n ?? 0;
    },
  };
}

export type ColorsRepository = ReturnType<typeof colorsRepository>;
