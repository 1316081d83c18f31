import type { adminShiftsQuery } from '@kram/contract/admin-fiscal';
import { and, asc, desc, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { fiscalShifts, type shiftStatuses } from './schema.ts';

export type ShiftRow = typeof fiscalShifts.$inferSelect;
export type ShiftStatus = (typeof shiftStatuses)[number];
export type ShiftListQuery = z.output<typeof adminShiftsQuery>;

/** The register's shifts as the shop saw them open and close. */
export function shiftsRepository(database: Database) {
  const { db } = database;
  return {
    /** Records what the register says of a shift now; a closed shift keeps the Z-report it gave. */
    async save(shift: {
      id: string;
      serial: number | null;
      status: ShiftStatus;
      openedAt: Date | null;
      closedAt: Date | null;
      zReport: Record<string, unknown> | null;
    }): Promise<ShiftRow> {
      const [row] = await db
        .insert(fiscalShifts)
        .values(shift)
        .onConflictDoUpdate({
          target: fiscalShifts.id,
          set: {
            status: shift.status,
            serial: sql`coalesce(${shift.serial}::int, ${fiscalShifts.serial})`,
            openedAt: sql`coalesce(${fiscalShifts.openedAt}, ${shift.openedAt?.toISOString() ?? null}::timestamptz)`,
            closedAt: shift.closedAt,
            zReport: shift.zReport === null ? sql`${fiscalShifts.zReport}` : shift.zReport,
            updatedAt: sql`now()`,
          },
        })
        .returning();
      if (!row) throw new Error('saving a fiscal shift returned no row');
      return row;
    },

    /**
     * Shifts the shop thinks open that the register no longer has (it closed them itself, or the shop's
     * stand-in restarted): closed, without a Z-report the shop never got.
     */
    async closeAllBut(openId: string | null): Promise<void> {
      await db
        .update(fiscalShifts)
        .set({ status: 'closed', closedAt: sql`coalesce(${fiscalShifts.closedAt}, now())`, updatedAt: sql`now()` })
        .where(
          and(
            inArray(fiscalShifts.status, ['opening', 'opened', 'closing']),
            openId ? ne(fiscalShifts.id, openId) : undefined,
          ),
        );
    },

    async list(query: ShiftListQuery): Promise<{ count: number; rows: ShiftRow[] }> {
      const order = query.sort ? query.order : 'desc';
      const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(fiscalShifts);
      const rows = await db
        .select()
        .from(fiscalShifts)
        .orderBy(
          order === 'desc' ? sql`${fiscalShifts.openedAt} desc nulls last` : asc(fiscalShifts.openedAt),
          desc(fiscalShifts.createdAt),
          asc(fiscalShifts.id),
        )
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size);
      return { count: total?.n ?? 0, rows };
    },
  };
}

export type ShiftsRepository = ReturnType<typeof shiftsRepository>;
