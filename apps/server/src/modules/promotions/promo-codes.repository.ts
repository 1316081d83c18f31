import type { AdminPromoCodeListQuery } from '@kram/contract/admin-promotions';
import { and, asc, desc, eq, ilike, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { likePattern } from '../../lib/like-pattern.ts';
import { promoCodeCategories, promoCodeProducts, promoCodes, promoCustomerUses, promoRedemptions } from './schema.ts';

export type PromoCodeRow = typeof promoCodes.$inferSelect;
export type PromoCodeInsert = Omit<typeof promoCodes.$inferInsert, 'id' | 'used' | 'createdAt' | 'updatedAt'>;
export type PromoCodeRecord = PromoCodeRow & { categoryIds: number[]; productIds: number[] };

/** A redemption to write in the order's transaction. */
export interface Redemption {
  codeId: number;
  orderId: string;
  /** Every key the buyer's uses count under (promo-rules.ts customerKeys), sorted. */
  customerKeys: readonly string[];
  maxUsesPerCustomer: number | null;
  discount: string;
}

export type RedeemOutcome = 'redeemed' | 'used_up' | 'customer_used_up';

const sorts = {
  id: promoCodes.id,
  code: promoCodes.code,
  created_at: promoCodes.createdAt,
  uses: promoCodes.used,
} as const;

/** The promo codes, their targets, and their uses: the only code that touches these tables. */
export function promoCodesRepository(database: Database) {
  const { db } = database;

  async function withTargets(rows: PromoCodeRow[], executor: Executor = db): Promise<PromoCodeRecord[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [categories, products] = await Promise.all([
      executor.select().from(promoCodeCategories).where(inArray(promoCodeCategories.codeId, ids)),
      executor.select().from(promoCodeProducts).where(inArray(promoCodeProducts.codeId, ids)),
    ]);
    return rows.map((row) => ({
      ...row,
      categoryIds: categories.filter((c) => c.codeId === row.id).map((c) => c.categoryId),
      productIds: products.filter((p) => p.codeId === row.id).map((p) => p.productId),
    }));
  }

  async function setTargets(
    tx: Executor,
    codeId: number,
    categoryIds?: readonly number[],
    productIds?: readonly number[],
  ) {
    if (categoryIds) {
      await tx.delete(promoCodeCategories).where(eq(promoCodeCategories.codeId, codeId));
      if (categoryIds.length > 0) {
        await tx
          .insert(promoCodeCategories)
          .values([...new Set(categoryIds)].map((categoryId) => ({ codeId, categoryId })));
      }
    }
    if (productIds) {
      await tx.delete(promoCodeProducts).where(eq(promoCodeProducts.codeId, codeId));
      if (productIds.length > 0) {
        await tx.insert(promoCodeProducts).values([...new Set(productIds)].map((productId) => ({ codeId, productId })));
      }
    }
  }

  return {
    transaction: <T>(work: (tx: Executor) => Promise<T>) => db.transaction((tx) => work(tx)),

    async byCode(code: string): Promise<PromoCodeRecord | undefined> {
      const rows = await db.select().from(promoCodes).where(eq(promoCodes.code, code));
      return (await withTargets(rows))[0];
    },

    async byId(id: number, executor: Executor = db): Promise<PromoCodeRecord | undefined> {
      const rows = await executor.select().from(promoCodes).where(eq(promoCodes.id, id));
      return (await withTargets(rows, executor))[0];
    },

    /** The most uses any of these keys has made of the code (0 when none). */
    async customerUses(codeId: number, keys: readonly string[]): Promise<number> {
      const [row] = await db
        .select({ uses: sql<number>`coalesce(max(${promoCustomerUses.uses}), 0)::int` })
        .from(promoCustomerUses)
        .where(and(eq(promoCustomerUses.codeId, codeId), inArray(promoCustomerUses.customerKey, [...keys])));
      return row?.uses ?? 0;
    },

    /**
     * Takes one use of the code for the order, in the order's transaction. The code's counter is raised
     * only while below its limit, and each of the buyer's counters only while below the per-customer
     * limit: on PostgreSQL a racing transaction waits for the row the first one raised and then sees
     * its count, so no limit is passed however many orders arrive at once. Counters are taken in key
     * order, so two orders never wait for each other's. Anything but `redeemed` must roll `tx` back.
     */
    async redeem(tx: Executor, redemption: Redemption): Promise<RedeemOutcome> {
      const raised = await tx
        .update(promoCodes)
        .set({ used: sql`${promoCodes.used} + 1` })
        .where(
          and(
            eq(promoCodes.id, redemption.codeId),
            or(isNull(promoCodes.maxUses), lt(promoCodes.used, promoCodes.maxUses)),
          ),
        )
        .returning({ id: promoCodes.id });
      if (raised.length === 0) return 'used_up';
      const limit = redemption.maxUsesPerCustomer;
      for (const key of redemption.customerKeys) {
        const counted = await tx
          .insert(promoCustomerUses)
          .values({ codeId: redemption.codeId, customerKey: key, uses: 1 })
          .onConflictDoUpdate({
            target: [promoCustomerUses.codeId, promoCustomerUses.customerKey],
            set: { uses: sql`${promoCustomerUses.uses} + 1` },
            ...(limit === null ? {} : { setWhere: lt(promoCustomerUses.uses, limit) }),
          })
          .returning({ uses: promoCustomerUses.uses });
        if (counted.length === 0) return 'customer_used_up';
      }
      await tx.insert(promoRedemptions).values({
        orderId: redemption.orderId,
        codeId: redemption.codeId,
        customerKey: redemption.customerKeys[0] ?? '',
        discount: redemption.discount,
      });
      return 'redeemed';
    },

    async list(query: AdminPromoCodeListQuery): Promise<{ count: number; rows: PromoCodeRecord[] }> {
      const conditions: (SQL | undefined)[] = [
        query.id ? inArray(promoCodes.id, query.id) : undefined,
        query.q ? ilike(promoCodes.code, likePattern(query.q)) : undefined,
        query.active === undefined ? undefined : eq(promoCodes.active, query.active),
      ];
      const where = and(...conditions);
      const column = sorts[query.sort ?? 'id'];
      const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(promoCodes).where(where);
      const rows = await db
        .select()
        .from(promoCodes)
        .where(where)
        .orderBy(query.order === 'desc' ? desc(column) : asc(column), asc(promoCodes.id))
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size);
      return { count: total?.n ?? 0, rows: await withTargets(rows) };
    },

    /** Whether another code than `self` is spelt `code`. */
    async codeTaken(tx: Executor, code: string, self?: number): Promise<boolean> {
      const rows = await tx.select({ id: promoCodes.id }).from(promoCodes).where(eq(promoCodes.code, code));
      return rows.some((r) => r.id !== self);
    },

    async insert(
      tx: Executor,
      row: PromoCodeInsert,
      categoryIds: readonly number[],
      productIds: readonly number[],
    ): Promise<number> {
      const [inserted] = await tx.insert(promoCodes).values(row).returning({ id: promoCodes.id });
      if (!inserted) throw new Error('insert into promo_codes returned no row');
      await setTargets(tx, inserted.id, categoryIds, productIds);
      return inserted.id;
    },

    async update(
      tx: Executor,
      id: number,
      row: Partial<PromoCodeInsert>,
      categoryIds?: readonly number[],
      productIds?: readonly number[],
    ): Promise<void> {
      await tx
        .update(promoCodes)
        .set({ ...row, updatedAt: sql`now()` })
        .where(eq(promoCodes.id, id));
      await setTargets(tx, id, categoryIds, productIds);
    },

    /** Writes a code with no targets unless one of its name exists. */
    async insertIfMissing(row: PromoCodeInsert): Promise<void> {
      await db.insert(promoCodes).values(row).onConflictDoNothing({ target: promoCodes.code });
    },

    /** Locks the code's row until `tx` ends. */
    async lock(tx: Executor, id: number): Promise<PromoCodeRecord | undefined> {
      const rows = await tx.select().from(promoCodes).where(eq(promoCodes.id, id)).for('update');
      return (await withTargets(rows, tx))[0];
    },

    async remove(tx: Executor, id: number): Promise<void> {
      await tx.delete(promoCodes).where(eq(promoCodes.id, id));
    },
  };
}

export type PromoCodesRepository = ReturnType<typeof promoCodesRepository>;
