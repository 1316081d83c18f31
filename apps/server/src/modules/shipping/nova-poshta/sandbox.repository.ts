import { and, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import { type Database, type Executor, transactionOf } from '../../../db/client.ts';
import { carrierSandboxDocuments, carrierSandboxRegisters } from '../schema.ts';

export type SandboxDocument = typeof carrierSandboxDocuments.$inferSelect;
export type SandboxRegister = typeof carrierSandboxRegisters.$inferSelect;
export type SandboxDocumentChange = Partial<
  Pick<
    SandboxDocument,
    'properties' | 'statusCode' | 'arrivedAt' | 'receivedAt' | 'returnNumber' | 'deleted' | 'registerRef'
  >
>;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A ref the database can compare: anything else names no document (and would be an SQL error). */
export const isRef = (value: string) => uuid.test(value);

/** The carrier stand-in's documents and registers. */
export function carrierSandboxRepository(database: Database) {
  const { db } = database;
  return {
    transaction: transactionOf(database),

    /** Saves a document; undefined when its number is taken (the caller draws another). */
    async insertDocument(
      document: Pick<SandboxDocument, 'ref' | 'number' | 'properties'> & { statusCode?: string },
      tx: Executor = db,
    ): Promise<SandboxDocument | undefined> {
      const [row] = await tx.insert(carrierSandboxDocuments).values(document).onConflictDoNothing().returning();
      return row;
    },

    async byRef(ref: string, tx: Executor = db): Promise<SandboxDocument | undefined> {
      if (!isRef(ref)) return undefined;
      const [row] = await tx.select().from(carrierSandboxDocuments).where(eq(carrierSandboxDocuments.ref, ref));
      return row;
    },

    /** The document, locked until the transaction ends: moves and changes of one document go one at a time. */
    async lock(key: { ref: string } | { number: string }, tx: Executor): Promise<SandboxDocument | undefined> {
      if ('ref' in key && !isRef(key.ref)) return undefined;
      const [row] = await tx
        .select()
        .from(carrierSandboxDocuments)
        .where('ref' in key ? eq(carrierSandboxDocuments.ref, key.ref) : eq(carrierSandboxDocuments.number, key.number))
        .for('update');
      return row;
    },

    /** The documents named by refs or by numbers, as Nova Poshta takes either. */
    async byRefsOrNumbers(keys: readonly string[], tx: Executor = db): Promise<SandboxDocument[]> {
      if (keys.length === 0) return [];
      const refs = keys.filter(isRef);
      return tx
        .select()
        .from(carrierSandboxDocuments)
        .where(
          refs.length > 0
            ? or(inArray(carrierSandboxDocuments.ref, refs), inArray(carrierSandboxDocuments.number, [...keys]))
            : inArray(carrierSandboxDocuments.number, [...keys]),
        );
    },

    /** Documents created between two instants and not deleted, oldest first. */
    async createdBetween(from: Date, to: Date): Promise<SandboxDocument[]> {
      return db
        .select()
        .from(carrierSandboxDocuments)
        .where(
          and(
            gte(carrierSandboxDocuments.createdAt, from),
            lt(carrierSandboxDocuments.createdAt, to),
            eq(carrierSandboxDocuments.deleted, false),
          ),
        )
        .orderBy(carrierSandboxDocuments.createdAt);
    },

    async change(ref: string, change: SandboxDocumentChange, tx: Executor = db): Promise<SandboxDocument> {
      const [row] = await tx
        .update(carrierSandboxDocuments)
        .set({ ...change, updatedAt: sql`now()` })
        .where(eq(carrierSandboxDocuments.ref, ref))
        .returning();
      if (!row) throw new Error(`no sandbox document ${ref}`);
      return row;
    },

    /** Saves a register; undefined when its number is taken. */
    async insertRegister(register: Pick<SandboxRegister, 'ref' | 'number'>, tx: Executor = db) {
      const [row] = await tx.insert(carrierSandboxRegisters).values(register).onConflictDoNothing().returning();
      return row;
    },

    async putInRegister(refs: readonly string[], registerRef: string, tx: Executor): Promise<void> {
      await tx
        .update(carrierSandboxDocuments)
        .set({ registerRef, updatedAt: sql`now()` })
        .where(inArray(carrierSandboxDocuments.ref, [...refs]));
    },

    async register(ref: string): Promise<{ register: SandboxRegister; documents: SandboxDocument[] } | undefined> {
      if (!isRef(ref)) return undefined;
      const [register] = await db.select().from(carrierSandboxRegisters).where(eq(carrierSandboxRegisters.ref, ref));
      if (!register) return undefined;
      const documents = await db
        .select()
        .from(carrierSandboxDocuments)
        .where(eq(carrierSandboxDocuments.registerRef, ref))
        .orderBy(carrierSandboxDocuments.number);
      return { register, documents };
    },

    /** The newest documents, for the stand-in's page. */
    async latest(limit: number): Promise<(SandboxDocument & { registerNumber: string | null })[]> {
      return db
        .select({ document: carrierSandboxDocuments, registerNumber: carrierSandboxRegisters.number })
        .from(carrierSandboxDocuments)
        .leftJoin(carrierSandboxRegisters, eq(carrierSandboxRegisters.ref, carrierSandboxDocuments.registerRef))
        .orderBy(desc(carrierSandboxDocuments.createdAt), desc(carrierSandboxDocuments.number))
        .limit(limit)
        .then((rows) => rows.map((r) => ({ ...r.document, registerNumber: r.registerNumber })));
    },
  };
}

export type CarrierSandboxRepository = ReturnType<typeof carrierSandboxRepository>;
