import { and, eq, getTableColumns, inArray, isNotNull, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  categories,
  categoryOldSlugs,
  colors,
  compositions,
  productColors,
  productImages,
  productOldSlugs,
  productSizes,
  products,
  sizes,
} from './schema.ts';
import { stockRepository } from './stock.repository.ts';

export type CategoryInsert = typeof categories.$inferInsert;
export type ColorInsert = typeof colors.$inferInsert;
export type ProductInsert = typeof products.$inferInsert;
export type CompositionInsert = Omit<typeof compositions.$inferInsert, 'productId'>;
export type ProductImageInsert = Omit<typeof productImages.$inferInsert, 'productId'>;
/** The flags many products are changed by at once. */
export type ProductFlags = Partial<Pick<ProductInsert, 'isNew' | 'isOnPromo' | 'offered'>>;

/** A product with everything that hangs off it, as one write. */
export interface ProductWrite {
  product: ProductInsert;
  sizeIds: readonly number[];
  colorIds: readonly number[];
  compositions: readonly CompositionInsert[];
  images: readonly ProductImageInsert[];
}

const chunk = 1000;

const tableIds = {
  categories: { table: categories, id: categories.id },
  sizes: { table: sizes, id: sizes.id },
  colors: { table: colors, id: colors.id },
} as const;

/**
 * The catalogue's writes, and the reads its write rules make; each runs on the executor it is given
 * (a transaction, or the database).
 */
export const catalogWritesRepository = {
  /** The products that hold any of `slugs` or `skus` (the table keeps both unique). */
  async productHolders(
    executor: Executor,
    slugs: readonly string[],
    skus: readonly string[],
  ): Promise<{ id: number; slug: string; sku: string }[]> {
    if (slugs.length === 0 && skus.length === 0) return [];
    return executor
      .select({ id: products.id, slug: products.slug, sku: products.sku })
      .from(products)
      .where(or(inArray(products.slug, [...new Set(slugs)]), inArray(products.sku, [...new Set(skus)])));
  },

  /** Which of `ids` are rows of `table`. */
  async existingIds(executor: Executor, table: keyof typeof tableIds, ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const { table: from, id } = tableIds[table];
    const rows = await executor
      .select({ id })
      .from(from)
      .where(inArray(id, [...new Set(ids)]));
    return new Set(rows.map((r) => r.id));
  },

  async isEmpty(executor: Executor): Promise<boolean> {
    const [row] = await executor
      .select({ any: sql<boolean>`exists (select 1 from products) or exists (select 1 from categories)` })
      .from(sql`(select 1) as one`);
    return !row?.any;
  },

  /**
   * Removes the whole catalogue: products, categories, sizes, colours and what hangs off them, stock
   * included (orders' reservations name products by id, and the ids start again).
   */
  async clear(executor: Executor): Promise<void> {
    await executor.execute(
      sql`truncate product_old_slugs, category_old_slugs, product_images, compositions, product_colors, product_sizes, stock_reservations, products, categories, sizes, colors restart identity cascade`,
    );
  },

  async insertCategory(executor: Executor, row: CategoryInsert): Promise<number> {
    const [inserted] = await executor.insert(categories).values(row).returning({ id: categories.id });
    if (!inserted) throw new Error(`category ${row.slug} was not written`);
    return inserted.id;
  },

  async updateCategory(executor: Executor, id: number, changes: Partial<CategoryInsert>): Promise<void> {
    const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    if (Object.keys(set).length === 0) return;
    await executor.update(categories).set(set).where(eq(categories.id, id));
  },

  /**
   * Depth and path of a category and everything under it, from its parent down. The walk stops one
   * level past the deepest allowed, and a walk that meets a category twice (a loop) or goes too deep
   * is refused, so a move the caller failed to check cannot leave the tree broken.
   */
  async rebuildPaths(executor: Executor, id: number, maxDepth: number): Promise<void> {
    const [walk] = (
      (await executor.execute(sql`
      with recursive tree (id, depth, path) as (
        select c.id, coalesce(p.depth + 1, 1), coalesce(p.path || '/', '') || c.slug
        from categories c left join categories p on p.id = c.parent_id
        where c.id = ${id}
        union all
        select c.id, t.depth + 1, t.path || '/' || c.slug
        from categories c join tree t on c.parent_id = t.id
        where t.depth <= ${maxDepth}
      ),
      -- Runs whether or not the select below reads it, as every data-modifying WITH does.
      moved as (
        update categories c set depth = tree.depth, path = tree.path from tree
        where c.id = tree.id and tree.depth <= ${maxDepth}
      )
      select count(*)::int as visited, count(distinct id)::int as categories, max(depth)::int as deepest
      from tree`)) as unknown as { rows: { visited: number; categories: number; deepest: number }[] }
    ).rows;
    if (!walk || walk.visited !== walk.categories || walk.deepest > maxDepth) {
      throw new Error(`category ${id} cannot sit there: a loop, or more than ${maxDepth} levels`);
    }
  },

  /**
   * Before a category's slug becomes `slug`: the one it holds now is kept as an old slug of it (the
   * latest holder of an old slug is the one it leads to), and `slug` stops being anyone's old slug.
   */
  async renameCategorySlug(executor: Executor, id: number, slug: string): Promise<void> {
    await executor.execute(sql`
      insert into category_old_slugs (slug, category_id)
      select slug, id from categories where id = ${id} and slug <> ${slug}
      on conflict (slug) do update set category_id = excluded.category_id, changed_at = now()`);
    await executor.delete(categoryOldSlugs).where(eq(categoryOldSlugs.slug, slug));
  },

  /** A new holder of `slug`: no longer an old slug leading elsewhere. */
  async releaseCategorySlug(executor: Executor, slug: string): Promise<void> {
    await executor.delete(categoryOldSlugs).where(eq(categoryOldSlugs.slug, slug));
  },

  /** As renameCategorySlug, for a product. */
  async renameProductSlug(executor: Executor, id: number, slug: string): Promise<void> {
    await executor.execute(sql`
      insert into product_old_slugs (slug, product_id)
      select slug, id from products where id = ${id} and slug <> ${slug}
      on conflict (slug) do update set product_id = excluded.product_id, changed_at = now()`);
    await executor.delete(productOldSlugs).where(eq(productOldSlugs.slug, slug));
  },

  /** New holders of `slugs`: none of them leads to another product any more. */
  async releaseProductSlugs(executor: Executor, slugs: readonly string[]): Promise<void> {
    if (slugs.length === 0) return;
    await executor.delete(productOldSlugs).where(inArray(productOldSlugs.slug, [...slugs]));
  },

  /** Which of `slugs` products (but `except`) hold now. */
  async takenProductSlugs(executor: Executor, slugs: readonly string[], except?: number): Promise<Set<string>> {
    if (slugs.length === 0) return new Set();
    const rows = await executor
      .select({ slug: products.slug })
      .from(products)
      .where(and(inArray(products.slug, [...slugs]), except === undefined ? undefined : ne(products.id, except)));
    return new Set(rows.map((r) => r.slug));
  },

  /** Which of `slugs` categories (but `except`) hold now. */
  async takenCategorySlugs(executor: Executor, slugs: readonly string[], except?: number): Promise<Set<string>> {
    if (slugs.length === 0) return new Set();
    const rows = await executor
      .select({ slug: categories.slug })
      .from(categories)
      .where(and(inArray(categories.slug, [...slugs]), except === undefined ? undefined : ne(categories.id, except)));
    return new Set(rows.map((r) => r.slug));
  },

  /**
   * Holds, until the transaction ends, the right to pick a new product slug: two products named
   * alike and saved at once get `-2` and `-3`, not the same slug and a conflict.
   */
  async lockProductSlugs(executor: Executor): Promise<void> {
    await executor.execute(sql`select pg_advisory_xact_lock(hashtext('kram:product-slugs'))`);
  },

  async setCategoryPositions(executor: Executor, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await executor.execute(sql`
      update categories c set position = o.n - 1
      from unnest(${`{${ids.map((n) => Math.trunc(n)).join(',')}}`}::int[]) with ordinality as o(id, n)
      where c.id = o.id`);
  },

  async deleteCategory(executor: Executor, id: number): Promise<void> {
    await executor.delete(categories).where(eq(categories.id, id));
  },

  async insertSize(executor: Executor, row: { name: string; position: number }): Promise<number> {
    const [inserted] = await executor.insert(sizes).values(row).returning({ id: sizes.id });
    if (!inserted) throw new Error(`size ${row.name} was not written`);
    return inserted.id;
  },

  async updateSize(executor: Executor, id: number, changes: { name?: string; position?: number }): Promise<void> {
    const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    if (Object.keys(set).length === 0) return;
    await executor.update(sizes).set(set).where(eq(sizes.id, id));
  },

  async deleteSize(executor: Executor, id: number): Promise<void> {
    await executor.delete(sizes).where(eq(sizes.id, id));
  },

  /** Sizes by name, written when missing; answers every name's id. */
  async upsertSizes(executor: Executor, rows: { name: string; position: number }[]): Promise<Map<string, number>> {
    if (rows.length === 0) return new Map();
    const written = await executor
      .insert(sizes)
      .values(rows)
      .onConflictDoUpdate({ target: sizes.name, set: { position: sql`excluded.position` } })
      .returning({ id: sizes.id, name: sizes.name });
    return new Map(written.map((r) => [r.name, r.id]));
  },

  async upsertColors(executor: Executor, rows: ColorInsert[]): Promise<Map<string, number>> {
    if (rows.length === 0) return new Map();
    const written = await executor
      .insert(colors)
      .values(rows)
      .onConflictDoUpdate({
        target: colors.name,
        set: {
          nameRu: sql`excluded.name_ru`,
          colorRgb: sql`excluded.color_rgb`,
          swatchImage: sql`excluded.swatch_image`,
          position: sql`excluded.position`,
        },
      })
      .returning({ id: colors.id, name: colors.name });
    return new Map(written.map((r) => [r.name, r.id]));
  },

  /**
   * Products by slug: a new slug is inserted, a known one updated, and what hangs off each product
   * (sizes, colours, compositions, images) replaced by what the record holds. Answers slug → id.
   */
  async upsertProducts(executor: Executor, records: readonly ProductWrite[]): Promise<Map<string, number>> {
    const ids = new Map<string, number>();
    for (let start = 0; start < records.length; start += chunk) {
      const batch = records.slice(start, start + chunk);
      await catalogWritesRepository.releaseProductSlugs(
        executor,
        batch.map((r) => r.product.slug),
      );
      const written = await executor
        .insert(products)
        .values(batch.map((r) => r.product))
        .onConflictDoUpdate({ target: products.slug, set: updatableProductColumns })
        .returning({ id: products.id, slug: products.slug });
      for (const row of written) ids.set(row.slug, row.id);
      const idOf = (r: ProductWrite) => ids.get(r.product.slug) as number;
      const batchIds = batch.map(idOf);

      await executor.delete(productSizes).where(inArray(productSizes.productId, batchIds));
      await executor.delete(productColors).where(inArray(productColors.productId, batchIds));
      await executor.delete(compositions).where(inArray(compositions.productId, batchIds));
      await executor.delete(productImages).where(inArray(productImages.productId, batchIds));
      await insertAll(
        executor,
        productSizes,
        batch.flatMap((r) => r.sizeIds.map((sizeId) => ({ productId: idOf(r), sizeId }))),
      );
      await insertAll(
        executor,
        productColors,
        batch.flatMap((r) => r.colorIds.map((colorId) => ({ productId: idOf(r), colorId }))),
      );
      await insertAll(
        executor,
        compositions,
        batch.flatMap((r) => r.compositions.map((c) => ({ ...c, productId: idOf(r) }))),
      );
      await insertAll(
        executor,
        productImages,
        batch.flatMap((r) => r.images.map((i) => ({ ...i, productId: idOf(r) }))),
      );
      await stockRepository.syncVariants(executor, batchIds);
    }
    return ids;
  },

  async insertProduct(executor: Executor, record: ProductWrite): Promise<number> {
    const [row] = await executor.insert(products).values(record.product).returning({ id: products.id });
    if (!row) throw new Error(`product ${record.product.slug} was not written`);
    await replaceProductParts(executor, row.id, record);
    await stockRepository.syncVariants(executor, [row.id]);
    return row.id;
  },

  async updateProduct(executor: Executor, id: number, record: ProductWrite): Promise<void> {
    // The id, the creation time and the popularity are the shop's, never an edit's.
    const { id: _id, createdAt: _createdAt, popularity: _popularity, ...set } = record.product;
    await executor.update(products).set(set).where(eq(products.id, id));
    await replaceProductParts(executor, id, record);
    await stockRepository.syncVariants(executor, [id]);
    await executor
      .update(productImages)
      .set({ colorId: null })
      .where(
        and(
          eq(productImages.productId, id),
          isNotNull(productImages.colorId),
          record.colorIds.length > 0 ? notInArray(productImages.colorId, [...record.colorIds]) : undefined,
        ),
      );
  },

  async setProductFlags(executor: Executor, ids: readonly number[], flags: ProductFlags): Promise<void> {
    if (ids.length === 0 || Object.values(flags).every((v) => v === undefined)) return;
    await executor
      .update(products)
      .set(flags)
      .where(inArray(products.id, [...ids]));
    await stockRepository.refreshOnSale(executor, ids);
  },

  async deleteProduct(executor: Executor, id: number): Promise<void> {
    await executor.delete(products).where(eq(products.id, id));
  },

  async insertProductImage(
    executor: Executor,
    productId: number,
    image: Pick<ProductImageInsert, 'image' | 'colorId'>,
  ): Promise<number> {
    const [row] = await executor
      .insert(productImages)
      .values({
        ...image,
        productId,
        position: sql`(select coalesce(max(${productImages.position}) + 1, 0) from ${productImages} where ${productImages.productId} = ${productId})`,
      })
      .returning({ id: productImages.id });
    if (!row) throw new Error(`a photo of product ${productId} was not written`);
    return row.id;
  },

  async setProductImageColor(executor: Executor, imageId: number, colorId: number | null): Promise<void> {
    await executor.update(productImages).set({ colorId }).where(eq(productImages.id, imageId));
  },

  async setProductImagePositions(executor: Executor, productId: number, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await executor.execute(sql`
      update product_images i set position = o.n - 1
      from unnest(${`{${ids.map((n) => Math.trunc(n)).join(',')}}`}::int[]) with ordinality as o(id, n)
      where i.id = o.id and i.product_id = ${productId}`);
  },

  async deleteProductImage(executor: Executor, imageId: number): Promise<void> {
    await executor.delete(productImages).where(eq(productImages.id, imageId));
  },

  async insertColor(executor: Executor, row: ColorInsert): Promise<number> {
    const [inserted] = await executor.insert(colors).values(row).returning({ id: colors.id });
    if (!inserted) throw new Error(`colour ${row.name} was not written`);
    return inserted.id;
  },

  async updateColor(executor: Executor, id: number, changes: Partial<Omit<ColorInsert, 'id'>>): Promise<void> {
    const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    if (Object.keys(set).length === 0) return;
    await executor.update(colors).set(set).where(eq(colors.id, id));
  },

  async deleteColor(executor: Executor, id: number): Promise<void> {
    await executor.delete(colors).where(eq(colors.id, id));
  },
};

/** Replaces what hangs off one product (sizes, colours, compositions) with what the record holds. */
async function replaceProductParts(executor: Executor, productId: number, record: ProductWrite): Promise<void> {
  await executor.delete(productSizes).where(eq(productSizes.productId, productId));
  await executor.delete(productColors).where(eq(productColors.productId, productId));
  await executor.delete(compositions).where(eq(compositions.productId, productId));
  await insertAll(
    executor,
    productSizes,
    record.sizeIds.map((sizeId) => ({ productId, sizeId })),
  );
  await insertAll(
    executor,
    productColors,
    record.colorIds.map((colorId) => ({ productId, colorId })),
  );
  await insertAll(
    executor,
    compositions,
    record.compositions.map((c) => ({ ...c, productId })),
  );
}

/** On a known slug every column but the id and the creation time takes the new value. */
const updatableProductColumns = Object.fromEntries(
  Object.entries(getTableColumns(products))
    .filter(([key]) => key !== 'id' && key !== 'createdAt')
    .map(([key, column]) => [key, sql.raw(`excluded.${column.name}`)]),
);

async function insertAll<
  T extends typeof productSizes | typeof productColors | typeof compositions | typeof productImages,
>(executor: Executor, table: T, rows: T['$inferInsert'][]) {
  for (let start = 0; start < rows.length; start += 5000) {
    await executor.insert(table).values(rows.slice(start, start + 5000) as never);
  }
}
