import type { AdminSaleListQuery, SaleState } from '@kram/contract/admin-promotions';
import { and, asc, count, desc, eq, ilike, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { likePattern } from '../../lib/like-pattern.ts';
import { saleReplacedPrices, scheduledSaleCategories, scheduledSaleProducts, scheduledSales } from './schema.ts';

export type SaleRow = typeof scheduledSales.$inferSelect;
export type SaleInsert = Pick<typeof scheduledSales.$inferInsert, 'name' | 'percent' | 'startsAt' | 'endsAt'>;
export type SaleRecord = SaleRow & { categoryIds: number[]; productIds: number[]; productsOnSale: number };
export type ReplacedPrice = typeof saleReplacedPrices.$inferSelect;

const sorts = {
  id: scheduledSales.id,
  name: scheduledSales.name,
  starts_at: scheduledSales.startsAt,
  ends_at: scheduledSales.endsAt,
} as const;

/** Scheduled sales, what they cover, and the prices they replaced. */
export function salesRepository(database: Database) {
  const { db } = database;

  async function withTargets(rows: SaleRow[], executor: Executor = db): Promise<SaleRecord[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const categories = await executor
      .select()
      .from(scheduledSaleCategories)
      .where(inArray(scheduledSaleCategories.saleId, ids));
    const products = await executor
      .select()
      .from(scheduledSaleProducts)
      .where(inArray(scheduledSaleProducts.saleId, ids));
    const held = await executor
      .select({ saleId: saleReplacedPrices.saleId, n: count() })
      .from(saleReplacedPrices)
      .where(inArray(saleReplacedPrices.saleId, ids))
      .groupBy(saleReplacedPrices.saleId);
    return rows.map((row) => ({
      ...row,
      categoryIds: categories.filter((c) => c.saleId === row.id).map((c) => c.categoryId),
      productIds: products.filter((p) => p.saleId === row.id).map((p) => p.productId),
      productsOnSale: held.find((h) => h.saleId === row.id)?.n ?? 0,
    }));
  }

  return {
    transaction: <T>(work: (tx: Executor) => Promise<T>) => db.transaction((tx) => work(tx)),

    async list(query: AdminSaleListQuery): Promise<{ count: number; rows: SaleRecord[] }> {
      const conditions: (SQL | undefined)[] = [
        query.id ? inArray(scheduledSales.id, query.id) : undefined,
        query.q ? ilike(scheduledSales.name, likePattern(query.q)) : undefined,
      ];
      const where = and(...conditions);
      const column = sorts[query.sort ?? 'id'];
      const [total] = await db.select({ n: count() }).from(scheduledSales).where(where);
      const rows = await db
        .select()
        .from(scheduledSales)
        .where(where)
        .orderBy(query.order === 'desc' ? desc(column) : asc(column), asc(scheduledSales.id))
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size);
      return { count: total?.n ?? 0, rows: await withTargets(rows) };
    },

    async byId(id: number, executor: Executor = db): Promise<SaleRecord | undefined> {
      return (
        await withTargets(await executor.select().from(scheduledSales).where(eq(scheduledSales.id, id)), executor)
      )[0];
    },

    /** The sale, locked until `tx` ends: applying, reverting and staff changes take it one at a time. */
    async lock(tx: Executor, id: number): Promise<SaleRecord | undefined> {
      const rows = await tx.select().from(scheduledSales).where(eq(scheduledSales.id, id)).for('update');
      return (await withTargets(rows, tx))[0];
    },

    async insert(tx: Executor, row: SaleInsert): Promise<number> {
      const [inserted] = await tx.insert(scheduledSales).values(row).returning({ id: scheduledSales.id });
      if (!inserted) throw new Error('insert into scheduled_sales returned no row');
      return inserted.id;
    },

    async update(tx: Executor, id: number, row: Partial<SaleInsert> & { state?: SaleState }): Promise<void> {
      await tx
        .update(scheduledSales)
        .set({ ...row, updatedAt: sql`now()` })
        .where(eq(scheduledSales.id, id));
    },

    async setTargets(tx: Executor, saleId: number, categoryIds?: readonly number[], productIds?: readonly number[]) {
      if (categoryIds) {
        await tx.delete(scheduledSaleCategories).where(eq(scheduledSaleCategories.saleId, saleId));
        const unique = [...new Set(categoryIds)];
        if (unique.length > 0)
          await tx.insert(scheduledSaleCategories).values(unique.map((categoryId) => ({ saleId, categoryId })));
      }
      if (productIds) {
        await tx.delete(scheduledSaleProducts).where(eq(scheduledSaleProducts.saleId, saleId));
        const unique = [...new Set(productIds)];
        if (unique.length > 0)
          await tx.insert(scheduledSaleProducts).values(unique.map((productId) => ({ saleId, productId })));
      }
    },

    async remove(tx: Executor, id: number): Promise<void> {
      await tx.delete(scheduledSales).where(eq(scheduledSales.id, id));
    },

    /** Sales whose start or end has come and that have not done it yet, oldest first. */
    async due(at: Date): Promise<number[]> {
      const rows = await db
        .select({ id: scheduledSales.id })
        .from(scheduledSales)
        .where(
          or(
            and(eq(scheduledSales.state, 'scheduled'), lte(scheduledSales.startsAt, at)),
            and(eq(scheduledSales.state, 'active'), lte(scheduledSales.endsAt, at)),
          ),
        )
        .orderBy(asc(scheduledSales.startsAt), asc(scheduledSales.id));
      return rows.map((r) => r.id);
    },

    /** The next start or end to act on; undefined when no sale waits for either. */
    async nextDue(): Promise<Date | undefined> {
      const [row] = await db
        .select({
          at: sql<
            string | null
          >`min(case ${scheduledSales.state} when 'scheduled' then ${scheduledSales.startsAt} else ${scheduledSales.endsAt} end)::text`,
        })
        .from(scheduledSales)
        .where(ne(scheduledSales.state, 'ended'));
      return row?.at ? new Date(row.at) : undefined;
    },

    /** Of these products, those another running sale holds. */
    async heldProducts(tx: Executor, productIds: readonly number[]): Promise<Set<number>> {
      if (productIds.length === 0) return new Set();
      const rows = await tx
        .select({ productId: saleReplacedPrices.productId })
        .from(saleReplacedPrices)
        .where(inArray(saleReplacedPrices.productId, [...productIds]));
      return new Set(rows.map((r) => r.productId));
    },

    async keepReplaced(tx: Executor, rows: readonly ReplacedPrice[]): Promise<void> {
      if (rows.length > 0) await tx.insert(saleReplacedPrices).values([...rows]);
    },

    async replaced(tx: Executor, saleId: number): Promise<ReplacedPrice[]> {
      return tx
        .select({
          productId: saleReplacedPrices.productId,
          saleId: saleReplacedPrices.saleId,
          price: saleReplacedPrices.price,
          oldPrice: saleReplacedPrices.oldPrice,
          isOnPromo: saleReplacedPrices.isOnPromo,
          salePrice: saleReplacedPrices.salePrice,
        })
        .from(saleReplacedPrices)
        .where(eq(saleReplacedPrices.saleId, saleId))
        .orderBy(asc(saleReplacedPrices.productId));
    },

    async forgetReplaced(tx: Executor, saleId: number): Promise<void> {
      await tx.delete(saleReplacedPrices).where(eq(saleReplacedPrices.saleId, saleId));
    },
  };
}

export type SalesRepository = ReturnType<typeof salesRepository>;
