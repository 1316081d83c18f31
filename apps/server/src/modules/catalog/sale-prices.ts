import { inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { catalogWrite } from './catalog-writes.ts';
import { categories, products } from './schema.ts';

/** A product's price as a sale reads and writes it. */
export interface ProductPrice {
  productId: number;
  price: string;
  oldPrice: string | null;
  isOnPromo: boolean;
}

/** Which products a sale covers: those in these categories (or under them), and these products. */
export interface PriceTargets {
  categoryIds: readonly number[];
  productIds: readonly number[];
}

/** What a repricing may do inside its transaction; every product it reads stays locked until the end. */
export interface Repricing {
  /** The current prices of the targets' products, locked. */
  read(targets: PriceTargets): Promise<ProductPrice[]>;
  /** Writes these prices (price, old price, promo flag) as they are given. */
  write(prices: readonly ProductPrice[]): Promise<void>;
}

const priceColumns = {
  productId: products.id,
  price: sql<string>`${products.price}::text`,
  oldPrice: sql<string | null>`${products.oldPrice}::text`,
  isOnPromo: products.isOnPromo,
};

/**
 * The catalogue's prices as scheduled sales change them: `reprice(work)` runs `work` in one catalogue
 * write (the cache and search follow once it commits), with its transaction for the caller's own rows.
 */
export function salePrices(database: Database, changed: () => void) {
  const write = catalogWrite(database, changed);

  const repricing = (tx: Executor): Repricing => ({
    async read({ categoryIds, productIds }) {
      const conditions: SQL[] = [];
      if (productIds.length > 0) conditions.push(inArray(products.id, [...productIds]));
      if (categoryIds.length > 0) {
        // A category's goods are its own and those of every category under it (paths share a prefix).
        const under = tx
          .select({ id: categories.id })
          .from(categories)
          .where(
            sql`exists (select 1 from ${categories} t where t.id in (${sql.join(
              categoryIds.map((id) => sql`${id}`),
              sql`, `,
            )}) and (${categories.path} = t.path or ${categories.path} like t.path || '/%'))`,
          );
        conditions.push(inArray(products.categoryId, under));
      }
      if (conditions.length === 0) return [];
      return tx
        .select(priceColumns)
        .from(products)
        .where(or(...conditions))
        .orderBy(products.id)
        .for('update', { of: products });
    },

    /** One statement for the whole sale, however many products it covers. */
    async write(prices) {
      if (prices.length === 0) return;
      const rows = prices.map(
        (p) => sql`(${p.productId}::int, ${p.price}::numeric, ${p.oldPrice}::numeric, ${p.isOnPromo}::boolean)`,
      );
      await tx.execute(sql`
        update products p
        set price = v.price, old_price = v.old_price, is_on_promo = v.is_on_promo
        from (values ${sql.join(rows, sql`, `)}) as v(id, price, old_price, is_on_promo)
        where p.id = v.id`);
    },
  });

  return {
    reprice: <T>(work: (tx: Executor, prices: Repricing) => Promise<T>): Promise<T> =>
      write((tx) => work(tx, repricing(tx))),
  };
}

export type SalePrices = ReturnType<typeof salePrices>;
