import { ilike, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { likePattern } from '../../lib/like-pattern.ts';
import { products } from './schema.ts';

export interface ProductLabel {
  name: string;
  nameRu: string;
  slug: string;
}

/**
 * How other modules' back-office lists name a product (its names and slug), and which products a
 * text names, read from the catalogue's own table.
 */
export function productLabels(database: Database) {
  const { db } = database;
  return {
    /** The names and slugs of the products among `ids` that exist, by id. */
    async labels(ids: readonly number[]): Promise<Map<number, ProductLabel>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: products.id, name: products.name, nameRu: products.nameRu, slug: products.slug })
        .from(products)
        .where(inArray(products.id, [...ids]));
      return new Map(rows.map(({ id, ...label }) => [id, label]));
    },

    /** The parcel weight (kg) of the products among `ids` that have one set, by id. */
    async weights(ids: readonly number[]): Promise<Map<number, number>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: products.id, weightKg: products.weightKg })
        .from(products)
        .where(inArray(products.id, [...ids]));
      return new Map(rows.flatMap((r) => (r.weightKg === null ? [] : [[r.id, Number(r.weightKg)] as const])));
    },

    /** The ids of the products whose name (either language) or slug contains `text`, in any case. */
    async idsNamed(text: string): Promise<number[]> {
      const pattern = likePattern(text);
      const rows = await db
        .select({ id: products.id })
        .from(products)
        .where(or(ilike(products.name, pattern), ilike(products.nameRu, pattern), ilike(products.slug, pattern)));
      return rows.map((row) => row.id);
    },
  };
}

export type ProductLabels = ReturnType<typeof productLabels>;
