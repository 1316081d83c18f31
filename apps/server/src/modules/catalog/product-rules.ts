import { adminProductMessages } from '@kram/contract/admin-products';
import type { Executor } from '../../db/client.ts';
import { type FieldMessages, said } from '../../lib/domain-errors.ts';
import { catalogWritesRepository as repo } from './catalog-writes.repository.ts';

/** What the rules of a product read: the product as it is to be written. */
export interface ProductDraft {
  slug: string;
  sku: string;
  price: string;
  oldPrice: string | null;
  categoryId: number;
  sizeIds: readonly number[];
  colorIds: readonly number[];
  /** The colour each photo shows; drafts written without photos leave it out. */
  images?: readonly { colorId: number | null }[];
}

/**
 * Which product a draft is: an edit names its id; a write by slug (the seed) is the product that holds
 * the draft's slug, if any. A new product is none.
 */
export type DraftIdentity = { id: number } | 'by slug' | 'new';

/** An amount as the shop writes it ("1250", "1250.5", "1250.50") in whole cents. */
export function amountInCents(amount: string): bigint {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
}

/** A photo shows one of its product's colours, or none. */
export const photoColorAllowed = (productColorIds: readonly number[], colorId: number | null | undefined) =>
  colorId == null || productColorIds.includes(colorId);

const unknownIds = (wanted: readonly number[], found: Set<number>) => [
  ...new Set(wanted.filter((id) => !found.has(id))),
];

/**
 * The rules every product keeps, whoever writes it (the back office, the demo seed, the command line):
 * - its slug and its SKU are held by no other product, in the catalogue or in the same write;
 * - its price is above zero, and its old price, when it has one, above its price;
 * - its category, sizes and colours exist;
 * - each of its photos shows one of its colours, or none.
 * Answers each draft's broken rules by field (the API's field names), all at once so that a form shows
 * every problem; an empty object for a draft that keeps them all.
 */
/** "There is no such size: 12, 13.", with the ids as the message's value. */
const unknownOnes = (code: string, start: string, ids: readonly number[]) =>
  said(code, `${start}: ${ids.join(', ')}.`, { ids: ids.join(', ') });

export async function productRuleErrors(
  tx: Executor,
  drafts: readonly ProductDraft[],
  identity: (draft: ProductDraft, index: number) => DraftIdentity,
): Promise<FieldMessages[]> {
  // One after another: they share the transaction's connection.
  const holders = await repo.productHolders(
    tx,
    drafts.map((d) => d.slug),
    drafts.map((d) => d.sku),
  );
  const categories = await repo.existingIds(
    tx,
    'categories',
    drafts.map((d) => d.categoryId),
  );
  const sizes = await repo.existingIds(
    tx,
    'sizes',
    drafts.flatMap((d) => d.sizeIds),
  );
  const colors = await repo.existingIds(
    tx,
    'colors',
    drafts.flatMap((d) => d.colorIds),
  );
  const firstWithSlug = new Map<string, number>();
  const firstWithSku = new Map<string, number>();
  drafts.forEach((d, i) => {
    if (!firstWithSlug.has(d.slug)) firstWithSlug.set(d.slug, i);
    if (!firstWithSku.has(d.sku)) firstWithSku.set(d.sku, i);
  });

  return drafts.map((draft, index) => {
    const errors: FieldMessages = {};
    const who = identity(draft, index);
    const isSelf = (holder: { id: number; slug: string }) =>
      who === 'by slug' ? holder.slug === draft.slug : who !== 'new' && holder.id === who.id;
    for (const holder of holders) {
      if (isSelf(holder)) continue;
      if (holder.slug === draft.slug) errors.slug = [adminProductMessages.slugTaken];
      if (holder.sku === draft.sku) errors.sku = [adminProductMessages.skuTaken];
    }
    if (firstWithSlug.get(draft.slug) !== index) errors.slug = [adminProductMessages.slugTaken];
    if (firstWithSku.get(draft.sku) !== index) errors.sku = [adminProductMessages.skuTaken];
    if (!categories.has(draft.categoryId)) errors.category_id = [adminProductMessages.noSuchCategory];
    const unknownSizes = unknownIds(draft.sizeIds, sizes);
    if (unknownSizes.length)
      errors.size_ids = [unknownOnes('product.no_such_size', adminProductMessages.noSuchSize, unknownSizes)];
    const unknownColors = unknownIds(draft.colorIds, colors);
    if (unknownColors.length) {
      errors.color_ids = [unknownOnes('product.no_such_color', adminProductMessages.noSuchColor, unknownColors)];
    }
    if (amountInCents(draft.price) <= 0n) errors.price = [adminProductMessages.priceZero];
    if (draft.oldPrice !== null && amountInCents(draft.oldPrice) <= amountInCents(draft.price)) {
      errors.old_price = [adminProductMessages.oldPriceNotAbove];
    }
    if (draft.images?.some((image) => !photoColorAllowed(draft.colorIds, image.colorId))) {
      errors.images = [adminProductMessages.colorNotOfProduct];
    }
    return errors;
  });
}
