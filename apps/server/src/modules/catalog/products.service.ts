import type {
  AdminProduct,
  AdminProductBulk,
  AdminProductCreate,
  AdminProductImage,
  AdminProductListQuery,
  AdminProductUpdate,
} from '@kram/contract/admin-products';
import { productSlugMaxLength, slugFromName } from '@kram/contract/slug';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.ts';
import type { ImageStore } from '../../infra/media/image-upload.ts';
import { variantUrls } from '../../infra/media/variants.ts';
import { InvalidInput, noMatch } from '../../lib/domain-errors.ts';
import type { StaffMember } from '../accounts/index.ts';
import type { AuditLog } from '../audit/index.ts';
import {
  type CompositionInsert,
  type ProductImageInsert,
  type ProductInsert,
  type ProductWrite,
  catalogWritesRepository as writes,
} from './catalog-writes.repository.ts';
import { type CatalogWrite, firstFreeSlug } from './catalog-writes.ts';
import { type DraftIdentity, type ProductDraft, productRuleErrors } from './product-rules.ts';
import type { ImageRecord, ProductRecord, ProductsRepository } from './products.repository.ts';
import { productSearchKeys } from './search-text.ts';

/** A product to write: every column but the search keys and join copies, which the catalogue computes itself. */
export interface ProductInput {
  product: Omit<ProductInsert, 'searchName' | 'searchText' | 'colorIds' | 'sizeIds'>;
  sizeIds: readonly number[];
  colorIds: readonly number[];
  compositions: readonly CompositionInsert[];
  images: readonly ProductImageInsert[];
}

export interface ProductsDeps {
  repo: ProductsRepository;
  write: CatalogWrite;
  audit: AuditLog;
  photos: ImageStore;
  log: FastifyBaseLogger;
}

export const productNotFound = () => noMatch('Product');

export const toAdminImage = (image: ImageRecord): AdminProductImage => ({
  id: image.id,
  image: image.image,
  variants: variantUrls(image.image),
  color_id: image.colorId,
  position: image.position,
});

/** The fields a product is written with, in the API's words: what the audit log keeps of it too. */
function fieldsOf(row: ProductRecord) {
  return {
    slug: row.slug,
    sku: row.sku,
    name: row.name,
    name_ru: row.nameRu,
    description: row.description,
    description_ru: row.descriptionRu,
    price: row.price,
    old_price: row.oldPrice,
    weight_kg: row.weightKg === null ? null : Number(row.weightKg),
    is_new: row.isNew,
    is_on_promo: row.isOnPromo,
    // The staff's switch; whether anything can be bought is in_stock.
    is_on_sale: row.offered,
    category_id: row.categoryId,
    size_ids: row.sizeIds,
    color_ids: row.colorIds,
    compositions: row.compositions.map((c) => ({
      title: c.title,
      title_ru: c.titleRu,
      description: c.description,
      description_ru: c.descriptionRu,
    })),
  };
}
type ProductFields = ReturnType<typeof fieldsOf>;

const audited = (row: ProductRecord) => ({
  id: row.id,
  ...fieldsOf(row),
  images: row.images.map((i) => ({ id: i.id, image: i.image, color_id: i.colorId })),
});

export const toAdminProduct = (row: ProductRecord): AdminProduct => ({
  id: row.id,
  ...fieldsOf(row),
  category_path: row.categoryPath,
  in_stock: row.inStock,
  images: row.images.map(toAdminImage),
  popularity: row.popularity,
  created_at: row.createdAt.toISOString(),
});

function toInput(fields: ProductFields): Omit<ProductInput, 'images'> {
  return {
    product: {
      slug: fields.slug,
      sku: fields.sku,
      name: fields.name,
      nameRu: fields.name_ru,
      description: fields.description,
      descriptionRu: fields.description_ru,
      price: fields.price,
      oldPrice: fields.old_price,
      weightKg: fields.weight_kg === null ? null : String(fields.weight_kg),
      isNew: fields.is_new,
      isOnPromo: fields.is_on_promo,
      offered: fields.is_on_sale,
      categoryId: fields.category_id,
    },
    sizeIds: fields.size_ids,
    colorIds: fields.color_ids,
    compositions: fields.compositions.map((c, position) => ({
      title: c.title,
      titleRu: c.title_ru,
      description: c.description,
      descriptionRu: c.description_ru,
      position,
    })),
  };
}

const draftOf = (input: Omit<ProductInput, 'images'> & { images?: ProductInput['images'] }): ProductDraft => ({
  slug: input.product.slug,
  sku: input.product.sku,
  price: input.product.price,
  oldPrice: input.product.oldPrice ?? null,
  categoryId: input.product.categoryId,
  sizeIds: input.sizeIds,
  colorIds: input.colorIds,
  images: input.images?.map((i) => ({ colorId: i.colorId ?? null })),
});

/** Refuses the write when a product breaks a rule (product-rules.ts). */
async function keepRules(tx: Executor, input: Omit<ProductInput, 'images'>, identity: DraftIdentity): Promise<void> {
  const [errors = {}] = await productRuleErrors(tx, [draftOf(input)], () => identity);
  if (Object.keys(errors).length > 0) throw new InvalidInput(errors);
}

/** A product with the search keys its names and texts imply, and the listing index's copies of its joins. */
function withSearchKeys(input: ProductInput): ProductWrite {
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

/**
 * Writes products by slug inside `tx` (a known slug is that product, updated; its sizes, colours,
 * compositions and photos are replaced): the demo seed's way in. Every product keeps the product rules,
 * or none is written. Answers slug → id.
 */
export async function upsertProducts(tx: Executor, inputs: readonly ProductInput[]): Promise<Map<string, number>> {
  const errors = await productRuleErrors(tx, inputs.map(draftOf), () => 'by slug');
  const broken = errors.flatMap((fields, i) =>
    Object.entries(fields).map(([field, messages]) => [`${inputs[i]?.product.slug}.${field}`, messages] as const),
  );
  if (broken.length > 0) throw new InvalidInput(Object.fromEntries(broken));
  return writes.upsertProducts(tx, inputs.map(withSearchKeys));
}

/** Products in the back office: every field in both languages, checked against the product rules. */
export function productsService({ repo, write, audit, photos, log }: ProductsDeps) {
  /**
   * The slug a product named `name` gets when none is typed: its Ukrainian name transliterated,
   * with `-2`, `-3`… when another product holds it (a name with nothing to transliterate gives
   * "product"). Called in the transaction that writes it: until that ends, no other transaction
   * picks a product slug.
   */
  async function derivedSlug(tx: Executor, name: string, self?: number): Promise<string> {
    await writes.lockProductSlugs(tx);
    return firstFreeSlug(slugFromName(name, productSlugMaxLength) || 'product', productSlugMaxLength, (slugs) =>
      writes.takenProductSlugs(tx, slugs, self),
    );
  }

  async function reread(tx: Executor, id: number): Promise<ProductRecord> {
    const row = await repo.byId(id, tx);
    if (!row) throw new Error(`product ${id} vanished inside its own transaction`);
    return row;
  }

  /** Removes the files of photos no product shows any more (demo photos are shared by many). */
  async function forgetFiles(images: readonly string[]): Promise<void> {
    for (const image of new Set(images)) {
      try {
        if ((await repo.imageUses(image)) === 0) await photos.remove(image);
      } catch (error) {
        log.warn({ err: error, image }, 'the files of a removed photo were not deleted');
      }
    }
  }

  return {
    forgetFiles,

    async list(query: AdminProductListQuery): Promise<{ count: number; results: AdminProduct[] }> {
      const { count, rows } = await repo.list(query);
      return { count, results: rows.map(toAdminProduct) };
    },

    async get(id: number): Promise<AdminProduct> {
      const row = await repo.byId(id);
      if (!row) throw productNotFound();
      return toAdminProduct(row);
    },

    /** A new product with its sizes, colours and compositions; photos are added one at a time. */
    create(actor: StaffMember, input: AdminProductCreate): Promise<AdminProduct> {
      return write(async (tx) => {
        const fields: ProductFields = {
          ...input,
          slug: input.slug || (await derivedSlug(tx, input.name)),
          size_ids: [...new Set(input.size_ids)],
          color_ids: [...new Set(input.color_ids)],
        };
        const product = toInput(fields);
        await keepRules(tx, product, 'new');
        await writes.releaseProductSlugs(tx, [fields.slug]);
        const id = await writes.insertProduct(tx, withSearchKeys({ ...product, images: [] }));
        const after = await reread(tx, id);
        await audit.record(tx, actor, {
          action: 'product.create',
          entity: 'product',
          entityId: id,
          before: null,
          after: audited(after),
        });
        return toAdminProduct(after);
      });
    },

    /**
     * Writes the whole product as it should be (so its search keys follow every text) and replaces
     * its sizes, colours and compositions; its photos stay, and those of a colour it no longer comes
     * in lose the colour. A slug it gives up stays its old slug: its old address leads to it.
     */
    update(actor: StaffMember, id: number, input: AdminProductUpdate): Promise<AdminProduct> {
      return write(async (tx) => {
        const before = await repo.byId(id, tx);
        if (!before) throw productNotFound();
        const sent: Partial<ProductFields> = Object.fromEntries(
          Object.entries(input).filter(([, value]) => value !== undefined),
        );
        if (sent.size_ids) sent.size_ids = [...new Set(sent.size_ids)];
        if (sent.color_ids) sent.color_ids = [...new Set(sent.color_ids)];
        // An emptied slug is derived again from the name (its own slug is no clash).
        if (sent.slug === '') sent.slug = await derivedSlug(tx, sent.name ?? before.name, id);
        const product = toInput({ ...fieldsOf(before), ...sent });
        await keepRules(tx, product, { id });
        await writes.renameProductSlug(tx, id, product.product.slug);
        await writes.updateProduct(tx, id, withSearchKeys({ ...product, images: [] }));
        const after = await reread(tx, id);
        if (JSON.stringify(audited(before)) !== JSON.stringify(audited(after))) {
          await audit.record(tx, actor, {
            action: 'product.update',
            entity: 'product',
            entityId: id,
            before: audited(before),
            after: audited(after),
          });
        }
        return toAdminProduct(after);
      });
    },

    /** Flags many products at once; ids of products that are gone are left out of the answer. */
    bulkUpdate(actor: StaffMember, { ids, data }: AdminProductBulk): Promise<{ ids: number[] }> {
      return write(async (tx) => {
        const found = await repo.byIds([...new Set(ids)], tx);
        await writes.setProductFlags(
          tx,
          found.map((p) => p.id),
          { isNew: data.is_new, isOnPromo: data.is_on_promo, offered: data.is_on_sale },
        );
        const keys = Object.keys(data) as (keyof typeof data)[];
        for (const product of found) {
          const before = fieldsOf(product);
          const changed = keys.filter((key) => before[key] !== data[key]);
          if (changed.length === 0) continue;
          // The flags the change touched, as they were and as they became.
          await audit.record(tx, actor, {
            action: 'product.bulk_update',
            entity: 'product',
            entityId: product.id,
            before: Object.fromEntries(changed.map((key) => [key, before[key]])),
            after: Object.fromEntries(changed.map((key) => [key, data[key]])),
          });
        }
        return { ids: found.map((p) => p.id) };
      });
    },

    /** Removes the product; order lines keep their own copy of it, wishes and ratings go with it. */
    async remove(actor: StaffMember, id: number): Promise<void> {
      const before = await write(async (tx) => {
        const row = await repo.byId(id, tx);
        if (!row) throw productNotFound();
        await writes.deleteProduct(tx, id);
        await audit.record(tx, actor, {
          action: 'product.delete',
          entity: 'product',
          entityId: id,
          before: audited(row),
          after: null,
        });
        return row;
      });
      await forgetFiles(before.images.map((i) => i.image));
    },
  };
}

export type ProductsService = ReturnType<typeof productsService>;
