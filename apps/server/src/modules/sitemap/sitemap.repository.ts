import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

export interface SitemapFileRow {
  file: number;
  count: number;
  updatedAt: Date;
}

export interface SitemapProductRow {
  id: number;
  slug: string;
  categoryPath: string;
  updatedAt: Date;
  images: string[];
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/**
 * The catalogue as the sitemaps read it, read-only: ids, addresses, update times and photos, never
 * whole products (decision 029). Its own reader of the catalogue's tables, so that a sitemap of
 * 100,000 products neither loads them into the listing index's caches nor holds them in memory.
 */
export function sitemapRepository(database: Database) {
  const { rows } = database;
  return {
    /** The files that hold products, with how many and their latest change: one pass over the ids. */
    async files(perFile: number): Promise<SitemapFileRow[]> {
      const found = await rows<{ file: number | string; count: number | string; updated_at: Date | string }>(sql`
        select (id - 1) / ${perFile} + 1 as file, count(*) as count, max(updated_at) as updated_at
        from products group by 1 order by 1`);
      return found.map((r) => ({ file: Number(r.file), count: Number(r.count), updatedAt: asDate(r.updated_at) }));
    },

    /** One page of a file's products in id order, after the id `after`. */
    async products(file: number, perFile: number, after: number, limit: number): Promise<SitemapProductRow[]> {
      const from = Math.max(after, (file - 1) * perFile);
      const through = file * perFile;
      const found = await rows<{
        id: number;
        slug: string;
        path: string;
        updated_at: Date | string;
        images: string[] | null;
      }>(sql`
        select p.id, p.slug, c.path, p.updated_at,
          array(select i.image from product_images i where i.product_id = p.id order by i.position, i.id) as images
        from products p join categories c on c.id = p.category_id
        where p.id > ${from} and p.id <= ${through}
        order by p.id
        limit ${limit}`);
      return found.map((r) => ({
        id: Number(r.id),
        slug: r.slug,
        categoryPath: r.path,
        updatedAt: asDate(r.updated_at),
        images: r.images ?? [],
      }));
    },
  };
}

export type SitemapRepository = ReturnType<typeof sitemapRepository>;
