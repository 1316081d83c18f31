import { type AdminProductImage, adminProductMessages } from '@kram/contract/admin-products';
import type { Executor } from '../../db/client.ts';
import { uploadName } from '../../infra/media/image-upload.ts';
import { InvalidInput, noMatch } from '../../lib/domain-errors.ts';
import type { StaffMember } from '../accounts/index.ts';
import { catalogWritesRepository as writes } from './catalog-writes.repository.ts';
import { photoColorAllowed } from './product-rules.ts';
import type { ImageRecord, ProductRecord } from './products.repository.ts';
import { type ProductsDeps, productNotFound, toAdminImage } from './products.service.ts';

const imageNotFound = () => noMatch('Product image');

const audited = (image: ImageRecord) => ({
  id: image.id,
  image: image.image,
  color_id: image.colorId,
  position: image.position,
});

/**
 * A product's photos: uploaded one at a time (checked and turned into WebP variants before anything
 * is recorded), each showing one of the product's colours or none, in the order the storefront shows
 * them. Each change is in the product's audit history.
 */
export function productImagesService(
  { repo, write, audit, photos }: ProductsDeps,
  forgetFiles: (images: readonly string[]) => Promise<void>,
) {
  async function product(tx: Executor | undefined, id: number): Promise<ProductRecord> {
    const row = await repo.byId(id, tx);
    if (!row) throw productNotFound();
    return row;
  }

  function checkColor(row: ProductRecord, colorId: number | null | undefined) {
    if (!photoColorAllowed(row.colorIds, colorId)) {
      throw new InvalidInput({ color_id: [adminProductMessages.colorNotOfProduct] });
    }
  }

  const imageOf = (row: ProductRecord, imageId: number) => {
    const image = row.images.find((i) => i.id === imageId);
    if (!image) throw imageNotFound();
    return image;
  };

  return {
    /** Checks the file and writes its variants, then records the photo after the product's last one. */
    async upload(
      actor: StaffMember,
      productId: number,
      input: { file: Uint8Array; color_id?: number | undefined },
    ): Promise<AdminProductImage> {
      // Cheap refusals first, so a wrong product or colour costs no decoding.
      checkColor(await product(undefined, productId), input.color_id);
      const saved = await photos.save(input.file, uploadName(`p${productId}`));
      try {
        return await write(async (tx) => {
          const row = await product(tx, productId);
          checkColor(row, input.color_id);
          const id = await writes.insertProductImage(tx, productId, {
            image: saved.url,
            colorId: input.color_id ?? null,
          });
          const image = imageOf(await product(tx, productId), id);
          await audit.record(tx, actor, {
            action: 'product.image_add',
            entity: 'product',
            entityId: productId,
            before: null,
            after: audited(image),
          });
          return toAdminImage(image);
        });
      } catch (error) {
        await saved.remove();
        throw error;
      }
    },

    setColor(actor: StaffMember, productId: number, imageId: number, colorId: number | null) {
      return write(async (tx) => {
        const row = await product(tx, productId);
        const before = imageOf(row, imageId);
        checkColor(row, colorId);
        await writes.setProductImageColor(tx, imageId, colorId);
        const after = { ...before, colorId };
        if (before.colorId !== colorId) {
          await audit.record(tx, actor, {
            action: 'product.image_update',
            entity: 'product',
            entityId: productId,
            before: audited(before),
            after: audited(after),
          });
        }
        return toAdminImage(after);
      });
    },

    /** `ids` are every photo of the product, each once, in their new order. */
    order(actor: StaffMember, productId: number, ids: readonly number[]): Promise<AdminProductImage[]> {
      return write(async (tx) => {
        const row = await product(tx, productId);
        const current = row.images.map((i) => i.id);
        // The photos' new order names every photo of the product once, and nothing else.
        const whole =
          ids.length === current.length && new Set(ids).size === ids.length && ids.every((id) => current.includes(id));
        if (!whole) throw new InvalidInput({ ids: [adminProductMessages.imagesNotWhole] });
        await writes.setProductImagePositions(tx, productId, ids);
        const after = (await product(tx, productId)).images;
        await audit.record(tx, actor, {
          action: 'product.images_order',
          entity: 'product',
          entityId: productId,
          before: { image_ids: current },
          after: { image_ids: after.map((i) => i.id) },
        });
        return after.map(toAdminImage);
      });
    },

    /** Removes the photo, and its files once no product shows them. */
    async remove(actor: StaffMember, productId: number, imageId: number): Promise<void> {
      const image = await write(async (tx) => {
        const before = imageOf(await product(tx, productId), imageId);
        await writes.deleteProductImage(tx, imageId);
        await audit.record(tx, actor, {
          action: 'product.image_delete',
          entity: 'product',
          entityId: productId,
          before: audited(before),
          after: null,
        });
        return before;
      });
      await forgetFiles([image.image]);
    },
  };
}

export type ProductImagesService = ReturnType<typeof productImagesService>;
