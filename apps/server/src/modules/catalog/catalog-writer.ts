import { categorySlugMaxLength, numberedSlug, productSlugMaxLength } from '@kram/contract/slug';
import type { Database, Executor } from '../../db/client.ts';
import {
  type CategoryInsert,
  type ColorInsert,
  type CompositionInsert,
  type ProductFlags,
  type ProductImageInsert,
  type ProductInsert,
  type ProductRecord,
  catalogWritesRepository as repo,
} from './catalog-writes.repository.ts';
import { productSearchKeys } from './search-text.ts';

/** A product to write: every column but the search keys, which the catalogue computes itself. */
export interface ProductInput {
  product: Omit<ProductInsert, 'searchName' | 'searchText' | 'colorIds' | 'sizeIds'>;
  sizeIds: readonly number[];
  colorIds: readonly number[];
  compositions: readonly CompositionInsert[];
  images: readonly ProductImageInsert[];
}

export const maxCategoryDepth = 3;

/**
 * Every write to the catalogue goes through here (the demo seed, and the back office), so the rules
 * of a write hold whoever writes: search keys follow names and texts, a category's depth and path
 * follow its parent. Each call takes the transaction to run in, or runs on its own.
 */
export function catalogWriter(database: Database) {
  const run = <T>(executor: Executor | undefined, work: (e: Executor) => Promise<T>) =>
    executor ? work(executor) : database.db.transaction(work);

  return {
    isEmpty: (executor?: Executor) => repo.isEmpty(executor ?? database.db),

    /** Removes the whole catalogue (a seed with --reset replaces it). */
    clear: (executor?: Executor) => repo.clear(executor ?? database.db),

    /** A category under `parentId` (null: top level); at most three levels deep. */
    createCategory(
      input: Pick<CategoryInsert, 'parentId' | 'slug' | 'name' | 'nameRu' | 'position'>,
      executor?: Executor,
    ): Promise<number> {
      return run(executor, async (e) => {
        const parent = input.parentId == null ? null : await repo.categoryById(e, input.parentId);
        if (input.parentId != null && !parent) throw new Error(`no category ${input.parentId}`);
        const depth = parent ? parent.depth + 1 : 1;
        if (depth > maxCategoryDepth) throw new Error(`categories are at most ${maxCategoryDepth} levels deep`);
        await repo.releaseCategorySlug(e, input.slug);
        return repo.insertCategory(e, {
          ...input,
          parentId: parent?.id ?? null,
          depth,
          path: parent ? `${parent.path}/${input.slug}` : input.slug,
        });
      });
    },

    /**
     * Renames or moves a category: its depth and path, and those of every category under it, follow
     * its parent and slug, and a slug it gives up stays its old slug (its old addresses lead to it).
     * The caller checks the tree's rules first; the depth check of the table stops a move that would
     * still break them.
     */
    updateCategory(
      id: number,
      changes: Partial<Pick<CategoryInsert, 'parentId' | 'slug' | 'name' | 'nameRu' | 'position'>>,
      executor?: Executor,
    ): Promise<void> {
      return run(executor, async (e) => {
        if (changes.slug !== undefined) await repo.renameCategorySlug(e, id, changes.slug);
        await repo.updateCategory(e, id, changes);
        const pathChanges = changes.parentId !== undefined || changes.slug !== undefined;
        if (pathChanges) await repo.rebuildPaths(e, id, maxCategoryDepth);
      });
    },

    /** The categories `ids` take positions 0, 1, 2… in that order. */
    orderCategories: (ids: readonly number[], executor?: Executor) =>
      run(executor, (e) => repo.setCategoryPositions(e, ids)),

    /** Removes a category that holds no products and no subcategories (the table refuses otherwise). */
    deleteCategory: (id: number, executor?: Executor) => run(executor, (e) => repo.deleteCategory(e, id)),

    createSize: (row: { name: string; position: number }, executor?: Executor) =>
      run(executor, (e) => repo.insertSize(e, row)),

    updateSize: (id: number, changes: { name?: string; position?: number }, executor?: Executor) =>
      run(executor, (e) => repo.updateSize(e, id, changes)),

    /** Removes a size no product is offered in (the table refuses otherwise). */
    deleteSize: (id: number, executor?: Executor) => run(executor, (e) => repo.deleteSize(e, id)),

    upsertSizes: (rows: { name: string; position: number }[], executor?: Executor) =>
      run(executor, (e) => repo.upsertSizes(e, rows)),

    upsertColors: (rows: ColorInsert[], executor?: Executor) => run(executor, (e) => repo.upsertColors(e, rows)),

    /** Writes products by slug with their search keys; answers slug → id. */
    upsertProducts: (inputs: readonly ProductInput[], executor?: Executor) =>
      run(executor, (e) => repo.upsertProducts(e, inputs.map(withSearchKeys))),

    /** A new product with its sizes, colours and compositions; photos are added one at a time. */
    createProduct: (input: ProductInput, executor?: Executor) =>
      run(executor, async (e) => {
        await repo.releaseProductSlugs(e, [input.product.slug]);
        return repo.insertProduct(e, withSearchKeys(input));
      }),

    /**
     * Writes the whole product as it should be (so its search keys follow every text) and replaces
     * its sizes, colours and compositions; its photos stay, and those of a colour it no longer comes
     * in lose the colour. A slug it gives up stays its old slug: its old address leads to it.
     */
    updateProduct: (id: number, input: Omit<ProductInput, 'images'>, executor?: Executor) =>
      run(executor, async (e) => {
        await repo.renameProductSlug(e, id, input.product.slug);
        await repo.updateProduct(e, id, withSearchKeys({ ...input, images: [] }));
      }),

    /**
     * The first of `base`, `base-2`, `base-3`… no product but `except` holds. Called in the
     * transaction that writes it: until that ends, no other transaction picks a product slug.
     */
    freeProductSlug: (base: string, except?: number, executor?: Executor) =>
      run(executor, async (e) => {
        await repo.lockProductSlugs(e);
        return firstFree(base, productSlugMaxLength, (slugs) => repo.takenProductSlugs(e, slugs, except));
      }),

    /** As freeProductSlug, for a category; the caller holds the category table's lock. */
    freeCategorySlug: (base: string, except?: number, executor?: Executor) =>
      run(executor, (e) =>
        firstFree(base, categorySlugMaxLength, (slugs) => repo.takenCategorySlugs(e, slugs, except)),
      ),

    /** Flags many products at once (in stock, on promotion, new). */
    setProductFlags: (ids: readonly number[], flags: ProductFlags, executor?: Executor) =>
      run(executor, (e) => repo.setProductFlags(e, ids, flags)),

    /** Removes a product with its sizes, colours, compositions and photo rows (not the photos' files). */
    deleteProduct: (id: number, executor?: Executor) => run(executor, (e) => repo.deleteProduct(e, id)),

    /** A photo after the product's last one; answers its id. */
    addProductImage: (productId: number, image: Pick<ProductImageInsert, 'image' | 'colorId'>, executor?: Executor) =>
      run(executor, (e) => repo.insertProductImage(e, productId, image)),

    setProductImageColor: (imageId: number, colorId: number | null, executor?: Executor) =>
      run(executor, (e) => repo.setProductImageColor(e, imageId, colorId)),

    /** The product's photos `ids` take positions 0, 1, 2… in that order. */
    orderProductImages: (productId: number, ids: readonly number[], executor?: Executor) =>
      run(executor, (e) => repo.setProductImagePositions(e, productId, ids)),

    deleteProductImage: (imageId: number, executor?: Executor) =>
      run(executor, (e) => repo.deleteProductImage(e, imageId)),

    createColor: (row: ColorInsert, executor?: Executor) => run(executor, (e) => repo.insertColor(e, row)),

    updateColor: (id: number, changes: Partial<Omit<ColorInsert, 'id'>>, executor?: Executor) =>
      run(executor, (e) => repo.updateColor(e, id, changes)),

    /** Removes a colour no product comes in (the table refuses otherwise); its photos lose the colour. */
    deleteColor: (id: number, executor?: Executor) => run(executor, (e) => repo.deleteColor(e, id)),
  };
}

/** The first numbered form of `base` (numberedSlug) that `taken` does not name, asking 20 at a time. */
async function firstFree(
  base: string,
  maxLength: number,
  taken: (slugs: string[]) => Promise<Set<string>>,
): Promise<string> {
  for (let first = 1; ; first += 20) {
    const candidates = Array.from({ length: 20 }, (_, i) => numberedSlug(base, first + i, maxLength));
    const held = await taken(candidates);
    const free = candidates.find((slug) => !held.has(slug));
    if (free) return free;
  }
}

/** A product with the search keys its names and texts imply, and the listing index's copies of its joins. */
function withSearchKeys(input: ProductInput): ProductRecord {
  return {
    ...input,
    product: {
      ...input.product,
      ...productSearchKeys({
        name: input.product.name,
        nameRu: input.product.nameRu ?? '',
        sku: input.product.sku,
        texts: [
          input.product.description ?? '',
          input.product.descriptionRu ?? '',
          ...input.compositions.flatMap((c) => [c.description ?? '', c.descriptionRu ?? '']),
        ],
      }),
      // Copies of the join tables for the listing index; the join-table triggers keep them after.
      colorIds: [...input.colorIds].sort((a, b) => a - b),
      sizeIds: [...input.sizeIds].sort((a, b) => a - b),
    },
  };
}

export type CatalogWriter = ReturnType<typeof catalogWriter>;
