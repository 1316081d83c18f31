import {
  type AdminProduct,
  type AdminProductBulk,
  type AdminProductCreate,
  type AdminProductImage,
  type AdminProductListQuery,
  type AdminProductUpdate,
  adminProductMessages,
} from '@kram/contract/admin-products';
import { productSlugMaxLength, slugFromName } from '@kram/contract/slug';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.ts';
import type { ImageStore } from '../../infra/media/image-upload.ts';
import { variantUrls } from '../../infra/media/variants.ts';
import { type FieldErrors, InvalidInput, NotFound, noMatch } from '../../lib/domain-errors.ts';
import type { StaffMember } from '../accounts/index.ts';
import type { AuditLog } from '../audit/index.ts';
import type { CatalogWriter, ProductInput } from '../catalog/catalog-writer.ts';
import type { AdminProductsRepository, ImageRecord, ProductRecord } from './admin-products.repository.ts';

export interface AdminProductsDeps {
  repo: AdminProductsRepository;
  writer: CatalogWriter;
  audit: AuditLog;
  /** Told after each committed change, so this process's catalogue and search follow at once. */
  catalogChanged: () => void;
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
    is_new: row.isNew,
    is_on_promo: row.isOnPromo,
    is_on_sale: row.isOnSale,
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
      isNew: fields.is_new,
      isOnPromo: fields.is_on_promo,
      isOnSale: fields.is_on_sale,
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

const cents = (amount: string) => BigInt(amount.replace('.', ''));
const missing = (wanted: readonly number[], found: Set<number>) => [...new Set(wanted.filter((id) => !found.has(id)))];

/** Products in the back office: every field in both languages, checked against the catalogue. */
export function adminProductsService({ repo, writer, audit, catalogChanged, photos, log }: AdminProductsDeps) {
  async function change<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    const result = await repo.transaction(work);
    catalogChanged();
    return result;
  }

  /**
   * The slug a product named `name` gets when none is typed: its Ukrainian name transliterated,
   * with `-2`, `-3`… when another product holds it (a name with nothing to transliterate gives
   * "product").
   */
  const derivedSlug = (tx: Executor, name: string, self?: number) =>
    writer.freeProductSlug(slugFromName(name, productSlugMaxLength) || 'product', self, tx);

  async function reread(tx: Executor, id: number): Promise<ProductRecord> {
    const row = await repo.byId(id, tx);
    if (!row) throw new Error(`product ${id} vanished inside its own transaction`);
    return row;
  }

  /**
   * Every rule of a product's fields at once, so a form shows all its problems: `sent` are the fields
   * the request named, `product` the product as it would be.
   */
  async function check(tx: Executor, product: ProductFields, sent: Partial<ProductFields>, self?: number) {
    const errors: FieldErrors = {};
    for (const holder of await repo.holders(sent.slug, sent.sku, tx)) {
      if (holder.id === self) continue;
      if (holder.slug === sent.slug) errors.slug = [adminProductMessages.slugTaken];
      if (holder.sku === sent.sku) errors.sku = [adminProductMessages.skuTaken];
    }
    if (sent.category_id !== undefined && !(await repo.categoryExists(sent.category_id, tx))) {
      errors.category_id = [adminProductMessages.noSuchCategory];
    }
    if (sent.size_ids?.length) {
      const unknown = missing(sent.size_ids, await repo.existingSizeIds(sent.size_ids, tx));
      if (unknown.length) errors.size_ids = [`${adminProductMessages.noSuchSize}: ${unknown.join(', ')}.`];
    }
    if (sent.color_ids?.length) {
      const unknown = missing(sent.color_ids, await repo.existingColorIds(sent.color_ids, tx));
      if (unknown.length) errors.color_ids = [`${adminProductMessages.noSuchColor}: ${unknown.join(', ')}.`];
    }
    if (product.old_price !== null && cents(product.old_price) <= cents(product.price)) {
      errors.old_price = [adminProductMessages.oldPriceNotAbove];
    }
    if (Object.keys(errors).length > 0) throw new InvalidInput(errors);
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

    create(actor: StaffMember, input: AdminProductCreate): Promise<AdminProduct> {
      return change(async (tx) => {
        const fields: ProductFields = {
          ...input,
          slug: input.slug || (await derivedSlug(tx, input.name)),
          size_ids: [...new Set(input.size_ids)],
          color_ids: [...new Set(input.color_ids)],
        };
        await check(tx, fields, fields);
        const id = await writer.createProduct({ ...toInput(fields), images: [] }, tx);
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

    update(actor: StaffMember, id: number, input: AdminProductUpdate): Promise<AdminProduct> {
      return change(async (tx) => {
        const before = await repo.byId(id, tx);
        if (!before) throw productNotFound();
        const sent: Partial<ProductFields> = Object.fromEntries(
          Object.entries(input).filter(([, value]) => value !== undefined),
        );
        if (sent.size_ids) sent.size_ids = [...new Set(sent.size_ids)];
        if (sent.color_ids) sent.color_ids = [...new Set(sent.color_ids)];
        // An emptied slug is derived again from the name (its own slug is no clash).
        if (sent.slug === '') sent.slug = await derivedSlug(tx, sent.name ?? before.name, id);
        const fields: ProductFields = { ...fieldsOf(before), ...sent };
        await check(tx, fields, sent, id);
        await writer.updateProduct(id, toInput(fields), tx);
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
      return change(async (tx) => {
        const found = await repo.byIds([...new Set(ids)], tx);
        const flags = { isNew: data.is_new, isOnPromo: data.is_on_promo, isOnSale: data.is_on_sale };
        await writer.setProductFlags(
          found.map((p) => p.id),
          flags,
          tx,
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
      const before = await change(async (tx) => {
        const row = await repo.byId(id, tx);
        if (!row) throw productNotFound();
        await writer.deleteProduct(id, tx);
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

export type AdminProductsService = ReturnType<typeof adminProductsService>;
