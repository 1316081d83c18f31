import type { AdminProductListQuery } from '@kram/contract/admin-products';
import { and, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { likePattern } from '../../lib/like-pattern.ts';
import { onePage, ordered } from '../../lib/list-page.ts';
import { categories, productImages, products } from './schema.ts';

/** A product as the back office reads it: its own fields and everything that hangs off it. */
export interface ProductRecord {
  id: number;
  slug: string;
  sku: string;
  name: string;
  nameRu: string;
  description: string;
  descriptionRu: string;
  price: string;
  oldPrice: string | null;
  weightKg: string | null;
  isNew: boolean;
  isOnPromo: boolean;
  /** Whether something can be bought now (the API's is_on_sale for shoppers). */
  inStock: boolean;
  /** The staff's on-sale switch. */
  offered: boolean;
  categoryId: number;
  categoryPath: string;
  popularity: number;
  createdAt: Date;
  sizeIds: number[];
  colorIds: number[];
  compositions: { title: string; titleRu: string; description: string; descriptionRu: string }[];
  images: ImageRecord[];
}

export interface ImageRecord {
  id: number;
  image: string;
  colorId: number | null;
  position: number;
}

const intArray = (ids: readonly number[]) => sql`${`{${ids.map((n) => Math.trunc(n)).join(',')}}`}::int[]`;

const sortColumns = {
  id: products.id,
  name: products.name,
  price: products.price,
  created_at: products.createdAt,
  popularity: products.popularity,
} as const;

// Sizes and colours in the order the storefront shows them; photos by position.
const recordSelect = sql`
  select p.id, p.slug, p.sku, p.name, p.name_ru as "nameRu", p.description, p.description_ru as "descriptionRu",
    p.price::text as price, p.old_price::text as "oldPrice", p.weight_kg::text as "weightKg", p.is_new as "isNew", p.is_on_promo as "isOnPromo",
    p.is_on_sale as "inStock", p.offered, p.category_id as "categoryId", c.path as "categoryPath", p.popularity,
    p.created_at as "createdAt",
    coalesce((select json_agg(s.id order by s.position, s.id)
      from product_sizes ps join sizes s on s.id = ps.size_id where ps.product_id = p.id), '[]'::json) as "sizeIds",
    coalesce((select json_agg(k.id order by k.position, k.id)
      from product_colors pc join colors k on k.id = pc.color_id where pc.product_id = p.id), '[]'::json) as "colorIds",
    coalesce((select json_agg(json_build_object('title', m.title, 'titleRu', m.title_ru,
        'description', m.description, 'descriptionRu', m.description_ru) order by m.position, m.id)
      from compositions m where m.product_id = p.id), '[]'::json) as compositions,
    coalesce((select json_agg(json_build_object('id', i.id, 'image', i.image, 'colorId', i.color_id,
        'position', i.position) order by i.position, i.id)
      from product_images i where i.product_id = p.id), '[]'::json) as images
  from products p join categories c on c.id = p.category_id`;

const rowsOf = async <T>(executor: Executor, query: SQL) =>
  ((await executor.execute(query)) as unknown as { rows: T[] }).rows;

/** Drivers differ on timestamps in raw queries (a Date, or its text). */
const withDate = (row: ProductRecord): ProductRecord => ({ ...row, createdAt: new Date(row.createdAt) });

/** Products read whole, as the back office shows and edits them, and their photos. */
export function productsRepository(database: Database) {
  const { db } = database;

  async function records(ids: readonly number[], executor: Executor = db): Promise<ProductRecord[]> {
    if (ids.length === 0) return [];
    const rows = await rowsOf<ProductRecord>(executor, sql`${recordSelect} where p.id = any(${intArray(ids)})`);
    const byId = new Map(rows.map((r) => [r.id, withDate(r)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  return {
    async list(query: AdminProductListQuery): Promise<{ count: number; rows: ProductRecord[] }> {
      const where = and(
        ...([
          query.q
            ? or(
                ilike(products.name, likePattern(query.q)),
                ilike(products.nameRu, likePattern(query.q)),
                ilike(products.sku, likePattern(query.q)),
                ilike(products.slug, likePattern(query.q)),
              )
            : undefined,
          // The category and every category under it: paths are slugs (no wildcards) joined by '/'.
          query.category
            ? inArray(
                products.categoryId,
                db
                  .select({ id: categories.id })
                  .from(categories)
                  .where(
                    sql`${categories.id} = ${query.category} or ${categories.path} like (
                      select path || '/%' from categories where id = ${query.category})`,
                  ),
              )
            : undefined,
          query.is_new === undefined ? undefined : eq(products.isNew, query.is_new),
          query.is_on_promo === undefined ? undefined : eq(products.isOnPromo, query.is_on_promo),
          query.is_on_sale === undefined ? undefined : eq(products.offered, query.is_on_sale),
          query.id ? inArray(products.id, query.id) : undefined,
        ] satisfies (SQL | undefined)[]),
      );
      // Newest first unless sorted.
      const column = sortColumns[query.sort ?? 'id'];
      const direction = query.sort ? query.order : 'desc';
      const [total] = await db.select({ n: count() }).from(products).where(where);
      const page = await onePage(
        db.select({ id: products.id }).from(products).where(where).$dynamic(),
        [ordered(column, direction), ordered(products.id, direction)],
        query,
      );
      return { count: total?.n ?? 0, rows: await records(page.map((r) => r.id)) };
    },

    async byId(id: number, executor: Executor = db): Promise<ProductRecord | undefined> {
      const [row] = await records([id], executor);
      return row;
    },

    byIds: (ids: readonly number[], executor: Executor = db) => records(ids, executor),

    /** How many photo rows show the file at `image` (demo photos are shared by many products). */
    async imageUses(image: string, executor: Executor = db): Promise<number> {
      const [row] = await executor.select({ n: count() }).from(productImages).where(eq(productImages.image, image));
      return row?.n ?? 0;
    },
  };
}

export type ProductsRepository = ReturnType<typeof productsRepository>;
