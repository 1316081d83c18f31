import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { fiscalSandboxReceipts } from '../schema.ts';

/** A receipt the stand-in fiscalised: the call's body with the shift it was issued in. */
export interface SandboxReceipt {
  id: string;
  serial: number;
  fiscalCode: string;
  body: Record<string, unknown>;
  createdAt: Date;
}

/** Where the stand-in keeps its receipts: the database (the shop's demo), or memory (a test's fake register). */
export interface SandboxStore {
  /** False when a receipt with this id exists. */
  insert(receipt: Omit<SandboxReceipt, 'createdAt'>): Promise<boolean>;
  byId(id: string): Promise<SandboxReceipt | undefined>;
  /** The receipts of a shift, oldest first. */
  ofShift(shiftId: string): Promise<SandboxReceipt[]>;
  /** The newest receipts, for the stand-in's list. */
  latest(limit: number): Promise<SandboxReceipt[]>;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => uuid.test(value);

/** The stand-in's receipts in fiscal_sandbox_receipts, so that a restart answers as the register would. */
export function databaseSandboxStore(database: Database): SandboxStore {
  const { db } = database;
  return {
    async insert(receipt) {
      const rows = await db.insert(fiscalSandboxReceipts).values(receipt).onConflictDoNothing().returning();
      return rows.length === 1;
    },
    async byId(id) {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(fiscalSandboxReceipts).where(eq(fiscalSandboxReceipts.id, id));
      return row;
    },
    async ofShift(shiftId) {
      return db
        .select()
        .from(fiscalSandboxReceipts)
        .where(sql`${fiscalSandboxReceipts.body}->>'shift_id' = ${shiftId}`)
        .orderBy(fiscalSandboxReceipts.serial);
    },
    async latest(limit) {
      return db.select().from(fiscalSandboxReceipts).orderBy(desc(fiscalSandboxReceipts.createdAt)).limit(limit);
    },
  };
}

/** The stand-in's receipts in memory, for a fake register in tests. */
export function memorySandboxStore(): SandboxStore & { all(): SandboxReceipt[] } {
  const receipts = new Map<string, SandboxReceipt>();
  return {
    async insert(receipt) {
      if (receipts.has(receipt.id)) return false;
      receipts.set(receipt.id, { ...receipt, createdAt: new Date() });
      return true;
    },
    async byId(id) {
      return receipts.get(id);
    },
    async ofShift(shiftId) {
      return [...receipts.values()].filter((r) => r.body.shift_id === shiftId).sort((a, b) => a.serial - b.serial);
    },
    async latest(limit) {
      return [...receipts.values()].reverse().slice(0, limit);
    },
    all: () => [...receipts.values()],
  };
}
