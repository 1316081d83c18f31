import type { Color, Product } from '@kram/contract/catalog';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { ListingDocument } from './listing-index.ts';

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

/**
 * One entry of the catalogue's change log (written by triggers): a product written or removed, a
 * category renamed or moved (its products' paths changed), a size or colour changed (the names
 * products show), or the whole catalogue emptied.
 */
export type CatalogChange = { seq: number } & (
  | { kind: 'product'; productId: number }
  | { kind: 'category'; categoryId: number }
  | { kind: 'names' | 'reset' }
);

/**
 * A product as stored: prices always present, images without their variant URLs, and its sizes and
 * colours by id (the service names them from the sizes and colours it keeps).
 */
export type ProductRow = Omit<Product, 'price' | 'is_on_sale' | 'product_images' | 'sizes' | 'colors'> & {
  price: string;
  /** The API's is_on_sale. */
  in_stock: boolean;
  size_ids: number[];
  color_ids: number[];
  product_images: { image: string; color: number | null }[];
  /** Each variant (size and colour ids, null where the product has none) and whether it can be bought. */
  stock: { size: number | null; color: number | null; available: boolean }[];
};

export interface SizeRow {
  id: number;
  name: string;
}

/** A file of the sitemap's products: its number, how many products it holds, their latest change. */
export interface ProductAddressFile {
  file: number;
  count: number;
  updatedAt: Date;
}

/** What a sitemap says of a product: its address, when it last changed, its photos. */
export interface ProductAddress {
  id: number;
  slug: string;
  categoryPath: string;
  updatedAt: Date;
  images: string[];
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

const intArray = (ids: readonly number[]) => sql`${`{${ids.map((n) => Math.trunc(n)).join(',')}}`}::int[]`;

export function catalogRepository(database: Database) {
  const { rows } = database;
  return {
    ...productAddressesRepository(database),

    async version(): Promise<number> {
      const [row] = await database.prepared<{ version: string | number }>(
        'catalog_version',
        'select version from catalog_state where id = 1',
        [],
      );
      return Number(row?.version ?? 0);
    },

    categories: () =>
      rows<CategoryRow>(
        sql`select id, parent_id, slug, name, name_ru, position, depth, path from categories order by depth, position, id`,
      ),

    /** The shop's synonym groups, each a list of terms (search-synonyms.ts). */
    synonymGroups: async (): Promise<string[][]> =>
      (await rows<{ terms: string[] }>(sql`select terms from search_synonyms order by id`)).map((r) => r.terms),

    colors: () => rows<Color>(sql`select id, name, name_ru, color_rgb, swatch_image from colors order by position, id`),

    sizes: () => rows<SizeRow>(sql`select id, name from sizes order by position, id`),

    /** Full products for the given ids, in no particular order (a listing page's: kept prepared). */
    products(ids: readonly number[]): Promise<ProductRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return database.prepared<ProductRow>('catalog_products_by_id', productsById, [ids.map((n) => Math.trunc(n))]);
    },

    /** Which of the given product ids exist. */
    async existingIds(ids: readonly number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const found = await rows<{ id: number }>(sql`select id from products where id = any(${intArray(ids)})`);
      return found.map((r) => r.id);
    },

    async productBySlug(slug: string): Promise<ProductRow | undefined> {
      const [row] = await database.prepared<ProductRow>('catalog_product_by_slug', productBySlug, [slug]);
      return row;
    },

    /** Where the product that held `slug` before a rename is now, if one did. */
    async productMovedTo(slug: string): Promise<{ slug: string; category_full_path: string } | undefined> {
      const [row] = await rows<{ slug: string; category_full_path: string }>(sql`
        select p.slug, c.path as category_full_path
        from product_old_slugs o join products p on p.id = o.product_id join categories c on c.id = p.category_id
        where o.slug = ${slug}`);
      return row;
    },

    /** Old slug → the category that held it, for those of `slugs` that are old slugs. */
    async categoryOldSlugs(slugs: readonly string[]): Promise<Map<string, number>> {
      if (slugs.length === 0) return new Map();
      const found = await rows<{ slug: string; category_id: number }>(
        sql`select slug, category_id from category_old_slugs where slug in (${sql.join(
          slugs.map((slug) => sql`${slug}`),
          sql`, `,
        )})`,
      );
      return new Map(found.map((r) => [r.slug, r.category_id]));
    },

    /** The newest entry of the catalogue's change log (0 when it is empty). */
    async latestChange(): Promise<number> {
      const [row] = await rows<{ seq: string | number | null }>(sql`select max(seq) as seq from catalog_changes`);
      return Number(row?.seq ?? 0);
    },

    /**
     * Change log entries after `after`, and those of `missing` (numbers skipped so far: a transaction
     * that took one may commit after a later one did), in order.
     */
    changesSince: async (after: number, missing: readonly number[]): Promise<CatalogChange[]> =>
      (
        await database.prepared<{
          seq: string | number;
          kind: string;
          product_id: number | null;
          category_id: number | null;
        }>(
          'catalog_changes_since',
          `select seq, kind, product_id, category_id from catalog_changes
           where seq > $1 or seq = any($2::bigint[]) order by seq limit 50000`,
          [after, missing.map((n) => Math.trunc(n))],
        )
      ).map((r): CatalogChange => {
        const seq = Number(r.seq);
        if (r.kind === 'product' && r.product_id !== null) return { seq, kind: 'product', productId: r.product_id };
        if (r.kind === 'category' && r.category_id !== null)
          return { seq, kind: 'category', categoryId: r.category_id };
        // Anything this version does not know of is read as the safest change: everything anew.
        return { seq, kind: r.kind === 'names' ? 'names' : 'reset' };
      }),

    /** Forgets change log entries older than `seconds`: every process has long read them. */
    async pruneChanges(seconds: number): Promise<void> {
      await rows(sql`delete from catalog_changes where at < now() - make_interval(secs => ${seconds})`);
    },

    /** Every product (or those of `ids`) as the in-memory listing index keeps it (listing-index.ts). */
    listingDocuments: (ids?: readonly number[]) =>
      ids
        ? database.prepared<ListingDocument>(
            'catalog_listing_documents_by_id',
            `${listingSelect} where p.id = any($1::int[])`,
            [ids.map((n) => Math.trunc(n))],
          )
        : database.prepared<ListingDocument>('catalog_listing_documents', `${listingSelect} order by p.id`, []),
  };
}

export type CatalogRepository = ReturnType<typeof catalogRepository>;

/**
 * The catalogue as the sitemaps read it: ids, addresses, update times and photos, never whole products
 * (decision 029), so that a sitemap of 100,000 products neither fills the caches nor is held in memory.
 */
export function productAddressesRepository(database: Database) {
  const { rows } = database;
  return {
    /** The files that hold products, with how many and their latest change: one pass over the ids. */
    async addressFiles(perFile: number): Promise<ProductAddressFile[]> {
      const found = await rows<{ file: number | string; count: number | string; updated_at: Date | string }>(sql`
        select (id - 1) / ${perFile} + 1 as file, count(*) as count, max(updated_at) as updated_at
        from products group by 1 order by 1`);
      return found.map((r) => ({ file: Number(r.file), count: Number(r.count), updatedAt: asDate(r.updated_at) }));
    },

    /** One page of a file's products in id order, after the id `after`. */
    async addressPage(file: number, perFile: number, after: number, limit: number): Promise<ProductAddress[]> {
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

const listingSelect = `
  select p.id, p.category_id, p.price::text as price, p.is_on_sale as in_stock, p.is_new, p.is_on_promo, p.popularity,
         (extract(epoch from p.created_at) * 1000)::float8 as created_at, p.color_ids, p.size_ids,
         p.search_name, p.search_name || ' ' || p.search_text as words,
         p.slug, p.name, p.name_ru, c.path as category_full_path,
         (select i.image from product_images i where i.product_id = p.id order by i.position, i.id limit 1) as image
  from products p join categories c on c.id = p.category_id`;

const productSelect = `
  select p.id, p.slug, p.sku, p.name, p.name_ru, p.description, p.description_ru,
    p.price::text as price, p.old_price::text as old_price,
    p.is_on_promo, p.is_on_sale as in_stock, p.is_new, c.path as category_full_path, p.size_ids, p.color_ids,
    coalesce((select json_agg(json_build_object('title', m.title, 'title_ru', m.title_ru,
        'description', m.description, 'description_ru', m.description_ru) order by m.position, m.id)
      from compositions m where m.product_id = p.id), '[]'::json) as compositions,
    coalesce((select json_agg(json_build_object('image', i.image, 'color', i.color_id) order by i.position, i.id)
      from product_images i where i.product_id = p.id), '[]'::json) as product_images,
    coalesce((select json_agg(json_build_object('size', s.size_id, 'color', s.color_id,
        'available', p.offered and (s.available is null or s.available > 0)))
      from stock_levels s where s.product_id = p.id), '[]'::json) as stock
  from products p join categories c on c.id = p.category_id`;
const productsById = `${productSelect} where p.id = any($1::int[])`;
const productBySlug = `${productSelect} where p.slug = $1`;
