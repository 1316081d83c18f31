import { asc, inArray, sql } from 'drizzle-orm';
import { type Database, type Executor, transactionOf } from '../../db/client.ts';
import { fiscalProductTaxes, fiscalSettings } from './schema.ts';

export type FiscalSettingsRow = typeof fiscalSettings.$inferSelect;

/** What the settings are before anyone saved them: the table's defaults. */
export const defaultSettings = {
  enabled: true,
  defaultTaxCode: null,
  shiftCloseTime: '23:50',
  cashierName: null,
  lastCloseAt: null,
} as const satisfies Partial<FiscalSettingsRow>;

/** The shop's fiscal settings (one row) and the products taxed otherwise than its default. */
export function settingsRepository(database: Database) {
  const { db } = database;
  return {
    transaction: transactionOf(database),

    /** The settings row; undefined before the first save or start. */
    async read(tx: Executor = db): Promise<FiscalSettingsRow | undefined> {
      const [row] = await tx.select().from(fiscalSettings).where(sql`${fiscalSettings.id} = 1`);
      return row;
    },

    /** The settings row, made with the defaults when there is none yet. */
    async ensure(tx: Executor = db): Promise<FiscalSettingsRow> {
      await tx.insert(fiscalSettings).values({ id: 1 }).onConflictDoNothing();
      const [row] = await tx.select().from(fiscalSettings).where(sql`${fiscalSettings.id} = 1`);
      if (!row) throw new Error('fiscal_settings has no row after it was made');
      return row;
    },

    async save(
      tx: Executor,
      values: Pick<FiscalSettingsRow, 'enabled' | 'defaultTaxCode' | 'shiftCloseTime'>,
    ): Promise<FiscalSettingsRow> {
      const [row] = await tx
        .insert(fiscalSettings)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: fiscalSettings.id, set: { ...values, updatedAt: sql`now()` } })
        .returning();
      if (!row) throw new Error('saving fiscal_settings returned no row');
      return row;
    },

    async setCashierName(name: string): Promise<void> {
      await db
        .insert(fiscalSettings)
        .values({ id: 1, cashierName: name })
        .onConflictDoUpdate({ target: fiscalSettings.id, set: { cashierName: name } });
    },

    /** A scheduled close ran at `at` (whether or not a shift was open). */
    async setLastCloseAt(at: Date): Promise<void> {
      await db
        .insert(fiscalSettings)
        .values({ id: 1, lastCloseAt: at })
        .onConflictDoUpdate({ target: fiscalSettings.id, set: { lastCloseAt: at } });
    },

    async productTaxes(tx: Executor = db): Promise<{ productId: number; taxCode: number }[]> {
      return tx.select().from(fiscalProductTaxes).orderBy(asc(fiscalProductTaxes.productId));
    },

    async replaceProductTaxes(tx: Executor, taxes: readonly { productId: number; taxCode: number }[]): Promise<void> {
      await tx.delete(fiscalProductTaxes);
      if (taxes.length > 0) await tx.insert(fiscalProductTaxes).values([...taxes]);
    },

    /** The tax codes of these products that have their own, by product id. */
    async taxesOf(productIds: readonly number[], tx: Executor = db): Promise<Map<number, number>> {
      if (productIds.length === 0) return new Map();
      const rows = await tx
        .select()
        .from(fiscalProductTaxes)
        .where(inArray(fiscalProductTaxes.productId, [...productIds]));
      return new Map(rows.map((r) => [r.productId, r.taxCode]));
    },
  };
}

export type SettingsRepository = ReturnType<typeof settingsRepository>;
