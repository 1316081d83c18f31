import type { Sort } from '@kram/contract/catalog-rules';

/**
 * What every listing reads of every matching product, by slot, in flat arrays (the listing index's
 * columns): reading these is far cheaper than reading each product's object. live is 1 when the slot
 * holds a product.
 */
export interface Columns {
  live: Uint8Array;
  category: Int32Array;
  cents: Float64Array;
  inStock: Uint8Array;
  /** Length of the names' search key: the shorter name first at equal relevance. */
  nameLength: Uint16Array;
  id: Int32Array;
  popularity: Float64Array;
  created: Float64Array;
  isNew: Uint8Array;
  promo: Uint8Array;
}

/** Columns for `size` slots, holding what `from` held. */
export function columns(size: number, from?: Columns): Columns {
  const next: Columns = {
    live: new Uint8Array(size),
    category: new Int32Array(size),
    cents: new Float64Array(size),
    inStock: new Uint8Array(size),
    nameLength: new Uint16Array(size),
    id: new Int32Array(size),
    popularity: new Float64Array(size),
    created: new Float64Array(size),
    isNew: new Uint8Array(size),
    promo: new Uint8Array(size),
  };
  if (from) {
    next.live.set(from.live);
    next.category.set(from.category);
    next.cents.set(from.cents);
    next.inStock.set(from.inStock);
    next.nameLength.set(from.nameLength);
    next.id.set(from.id);
    next.popularity.set(from.popularity);
    next.created.set(from.created);
    next.isNew.set(from.isNew);
    next.promo.set(from.promo);
  }
  return next;
}

export type Compare = (a: number, b: number) => number;
/** The six sorts (spec section 4), over slots, reading the columns; a search's `default` puts relevance first (see `page`). */
export const comparators: Record<Sort, (c: Columns) => Compare> = {
  default:
    ({ inStock, id }) =>
    (a, b) =>
      (inStock[b] as number) - (inStock[a] as number) || (id[b] as number) - (id[a] as number),
  cheap:
    ({ cents, id }) =>
    (a, b) =>
      (cents[a] as number) - (cents[b] as number) || (id[a] as number) - (id[b] as number),
  expensive:
    ({ cents, id }) =>
    (a, b) =>
      (cents[b] as number) - (cents[a] as number) || (id[b] as number) - (id[a] as number),
  new:
    ({ inStock, isNew, created, id }) =>
    (a, b) =>
      (inStock[b] as number) - (inStock[a] as number) ||
      (isNew[b] as number) - (isNew[a] as number) ||
      (created[b] as number) - (created[a] as number) ||
      (id[b] as number) - (id[a] as number),
  popular:
    ({ inStock, popularity, id }) =>
    (a, b) =>
      (inStock[b] as number) - (inStock[a] as number) ||
      (popularity[b] as number) - (popularity[a] as number) ||
      (id[b] as number) - (id[a] as number),
  sale:
    ({ inStock, promo, id }) =>
    (a, b) =>
      (inStock[b] as number) - (inStock[a] as number) ||
      (promo[b] as number) - (promo[a] as number) ||
      (id[b] as number) - (id[a] as number),
};
