import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';

/** A category as stored, with the products filed in it directly. */
export interface CategoryRecord {
  id: number;
  parentId: number | null;
  slug: string;
  name: string;
  nameRu: string;
  position: number;
  depth: number;
  path: string;
  productCount: number;
}

/** The category table read whole, for its tree rules and the back office; writes are in catalog-writes.repository.ts. */
export function categoriesRepository(database: Database) {
  const { db } = database;
  return {
    /**
     * Holds off every other change to the tree until the transaction ends, so the checks made on the
     * tree read next (no loop, three levels, unique slugs) still hold at the commit. Reads, and the
     * product writes that only point at a category, go on.
     */
    async lockTree(tx: Executor): Promise<void> {
      await tx.execute(sql`lock table categories in share row exclusive mode`);
    },

    /** The whole tree (a few hundred rows at most), each category with its own product count. */
    async all(executor: Executor = db): Promise<CategoryRecord[]> {
      const result = (await executor.execute(sql`
        select c.id, c.parent_id as "parentId", c.slug, c.name, c.name_ru as "nameRu", c.position, c.depth, c.path,
          coalesce(n.products, 0)::int as "productCount"
        from categories c
        left join (select category_id, count(*) as products from products group by category_id) n
          on n.category_id = c.id
        order by c.depth, c.position, c.id`)) as unknown as { rows: CategoryRecord[] };
      return result.rows;
    },
  };
}

export type CategoriesRepository = ReturnType<typeof categoriesRepository>;
