import type { Product } from '@kram/contract/catalog';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { SearchDocument } from './search-index.ts';

export type SortKey = 'default' | 'cheap' | 'expensive' | 'new' | 'popular' | 'sale';

export interface CategoryRow {
  id: number;
  parent_id: number | null;
  slug: string;
  name: string;
  name_ru: string;
  position: number;
  depth: number;
  path: string;
}

export interface ProductFilter {
  categoryIds?: number[];
  sizeIds?: number[];
  inStock?: boolean;
  colorIds?: number[];
  minPrice?: number;
  maxPrice?: number;
}

export interface ProductPageRows {
  count: number;
  ids: number[];
  colorIds: number[];
  minPrice: string | null;
  maxPrice: string | null;
}

/** A product as stored: prices always present, images without their variant URLs. */
export type ProductRow = Omit<Product, 'price' | 'product_images'> & {
  price: string;
  product_images: { image: string; color: number | null }[];
};

export interface ColorRow {
  id: number;
  name: string;
  name_ru: string;
  color_rgb: string | null;
}

const intArray = (ids: readonly number[]) => sql`${`{${ids.map((n) => Math.trunc(n)).join(',')}}`}::int[]`;

function baseConditions(f: ProductFilter): SQL[] {
  const conditions: SQL[] = [];
  if (f.categoryIds) conditions.push(sql`p.category_id = any(${intArray(f.categoryIds)})`);
  if (f.sizeIds?.length) conditions.push(sql`p.size_ids && ${intArray(f.sizeIds)}`);
  if (f.inStock) conditions.push(sql`p.is_on_sale`);
  return conditions;
}

const colorCondition = (f: ProductFilter): SQL =>
  f.colorIds?.length ? sql`b.color_ids && ${intArray(f.colorIds)}` : sql`true`;

function priceCondition(f: ProductFilter): SQL {
  const parts: SQL[] = [];
  if (f.minPrice !== undefined) parts.push(sql`b.price >= ${f.minPrice}`);
  if (f.maxPrice !== undefined) parts.push(sql`b.price <= ${f.maxPrice}`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

const orderBy: Record<SortKey, SQL> = {
  default: sql`is_on_sale desc, id desc`,
  cheap: sql`price asc, id asc`,
  expensive: sql`price desc, id desc`,
  new: sql`is_on_sale desc, is_new desc, created_at desc, id desc`,
  popular: sql`is_on_sale desc, popularity desc, id desc`,
  sale: sql`is_on_sale desc, is_on_promo desc, id desc`,
};

const where = (conditions: SQL[]) => (conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``);

export function catalogRepository(database: Database) {
  const { rows } = database;
  return {
    async version(): Promise<number> {
      const [row] = await rows<{ version: string | number }>(sql`select version from catalog_state where id = 1`);
      return Number(row?.version ?? 0);
    },

    categories: () =>
      rows<CategoryRow>(
        sql`select id, parent_id, slug, name, name_ru, position, depth, path from categories order by depth, position, id`,
      ),

    colors: () => rows<ColorRow>(sql`select id, name, name_ru, color_rgb from colors order by position, id`),

    /** The page's product ids in order, the count, and the facets, in one round trip. */
    async page(f: ProductFilter, sort: SortKey, limit: number, offset: number): Promise<ProductPageRows> {
      const order = orderBy[sort];
      const [row] = await rows<{
        count: number;
        ids: number[] | null;
        color_ids: number[] | null;
        min_price: string | null;
        max_price: string | null;
      }>(sql`
        with base as materialized (
          select p.id, p.price, p.is_on_sale, p.is_new, p.is_on_promo, p.popularity, p.created_at, p.color_ids
          from products p ${where(baseConditions(f))}
        ),
        filtered as materialized (
          select * from base b where ${colorCondition(f)} and ${priceCondition(f)}
        )
        select
          (select count(*)::int from filtered) as count,
          (select array_agg(id order by n) from (
             select id, row_number() over (order by ${order}) as n from filtered order by ${order}
             limit ${limit} offset ${offset}) pg) as ids,
          (select array_agg(distinct c) from base b cross join unnest(b.color_ids) c
             where ${priceCondition(f)}) as color_ids,
          (select min(b.price)::text from base b where ${colorCondition(f)}) as min_price,
          (select max(b.price)::text from base b where ${colorCondition(f)}) as max_price
      `);
      return {
        count: row?.count ?? 0,
        ids: row?.ids ?? [],
        colorIds: row?.color_ids ?? [],
        minPrice: row?.min_price ?? null,
        maxPrice: row?.max_price ?? null,
      };
    },

    /** Full products for the given ids, in no particular order. */
    products(ids: readonly number[]): Promise<ProductRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return rows<ProductRow>(sql`${productSelect} where p.id = any(${intArray(ids)})`);
    },

    /** Which of the given product ids exist. */
    async existingIds(ids: readonly number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const found = await rows<{ id: number }>(sql`select id from products where id = any(${intArray(ids)})`);
      return found.map((r) => r.id);
    },

    async productBySlug(slug: string): Promise<ProductRow | undefined> {
      const [row] = await rows<ProductRow>(sql`${productSelect} where p.slug = ${slug}`);
      return row;
    },

    /** Every product as the in-memory search index keeps it (search-index.ts). */
    searchDocuments: () =>
      rows<SearchDocument>(sql`
        select p.id, p.category_id, p.price::text as price, p.is_on_sale, p.is_new, p.is_on_promo, p.popularity,
               (extract(epoch from p.created_at) * 1000)::float8 as created_at, p.color_ids, p.size_ids,
               p.search_name, p.search_name || ' ' || p.search_text as words,
               p.slug, p.name, p.name_ru, c.path as category_full_path,
               (select i.image from product_images i where i.product_id = p.id order by i.position, i.id limit 1) as image
        from products p join categories c on c.id = p.category_id
        order by p.id`),
  };
}

export type CatalogRepository = ReturnType<typeof catalogRepository>;

const productSelect = sql`
  select p.id, p.slug, p.sku, p.name, p.name_ru, p.description, p.description_ru,
    p.price::text as price, p.old_price::text as old_price,
    p.is_on_promo, p.is_on_sale, p.is_new, c.path as category_full_path,
    coalesce((select json_agg(json_build_object('id', s.id, 'name', s.name) order by s.position, s.id)
      from product_sizes ps join sizes s on s.id = ps.size_id where ps.product_id = p.id), '[]'::json) as sizes,
    coalesce((select json_agg(json_build_object('id', k.id, 'name', k.name, 'name_ru', k.name_ru, 'color_rgb', k.color_rgb)
        order by k.position, k.id)
      from product_colors pc join colors k on k.id = pc.color_id where pc.product_id = p.id), '[]'::json) as colors,
    coalesce((select json_agg(json_build_object('title', m.title, 'title_ru', m.title_ru,
        'description', m.description, 'description_ru', m.description_ru) order by m.position, m.id)
      from compositions m where m.product_id = p.id), '[]'::json) as compositions,
    coalesce((select json_agg(json_build_object('image', i.image, 'color', i.color_id) order by i.position, i.id)
      from product_images i where i.product_id = p.id), '[]'::json) as product_images
  from products p join categories c on c.id = p.category_id`;
