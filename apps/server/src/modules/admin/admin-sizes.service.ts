import {
  type AdminSize,
  type AdminSizeCreate,
  type AdminSizeListQuery,
  type AdminSizeUpdate,
  adminCatalogCodes,
  adminCatalogMessages,
} from '@kram/contract/admin-catalog';
import type { Executor } from '../../db/client.ts';
import { Conflict, InvalidInput, NotFound, noMatch } from '../../lib/domain-errors.ts';
import type { StaffMember } from '../accounts/index.ts';
import type { AuditLog } from '../audit/index.ts';
import type { CatalogWriter } from '../catalog/catalog-writer.ts';
import type { AdminSizesRepository, SizeRecord } from './admin-sizes.repository.ts';

export interface AdminSizesDeps {
  repo: AdminSizesRepository;
  writer: CatalogWriter;
  audit: AuditLog;
  /** Told after each committed change, so this process's catalogue follows at once. */
  catalogChanged: () => void;
}

const notFound = () => noMatch('Size');

const toAdmin = (row: SizeRecord): AdminSize => ({
  id: row.id,
  name: row.name,
  position: row.position,
  product_count: row.productCount,
});

/** What the audit log keeps of a size: its own fields, not how many products use it. */
const audited = (row: SizeRecord) => ({ id: row.id, name: row.name, position: row.position });

/** The sizes products are offered in: unique names (whatever their case), in the order shoppers see them. */
export function adminSizesService({ repo, writer, audit, catalogChanged }: AdminSizesDeps) {
  async function change<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    const result = await repo.transaction(work);
    catalogChanged();
    return result;
  }

  async function checkName(tx: Executor, name: string, self?: number) {
    const holder = await repo.byName(name, tx);
    if (holder && holder.id !== self) throw new InvalidInput({ name: [adminCatalogMessages.sizeTaken] });
  }

  async function reread(tx: Executor, id: number): Promise<SizeRecord> {
    const row = await repo.byId(id, tx);
    if (!row) throw new Error(`size ${id} vanished inside its own transaction`);
    return row;
  }

  return {
    async list(query: AdminSizeListQuery): Promise<{ count: number; results: AdminSize[] }> {
      const { count, rows } = await repo.list(query);
      return { count, results: rows.map(toAdmin) };
    },

    async get(id: number): Promise<AdminSize> {
      const row = await repo.byId(id);
      if (!row) throw notFound();
      return toAdmin(row);
    },

    create(actor: StaffMember, input: AdminSizeCreate): Promise<AdminSize> {
      return change(async (tx) => {
        await checkName(tx, input.name);
        const id = await writer.createSize(
          { name: input.name, position: input.position ?? (await repo.nextPosition(tx)) },
          tx,
        );
        const after = await reread(tx, id);
        await audit.record(tx, actor, {
          action: 'size.create',
          entity: 'size',
          entityId: id,
          before: null,
          after: audited(after),
        });
        return toAdmin(after);
      });
    },

    update(actor: StaffMember, id: number, input: AdminSizeUpdate): Promise<AdminSize> {
      return change(async (tx) => {
        const before = await repo.byId(id, tx);
        if (!before) throw notFound();
        if (input.name !== undefined) await checkName(tx, input.name, id);
        await writer.updateSize(id, { name: input.name, position: input.position }, tx);
        const after = await reread(tx, id);
        if (after.name !== before.name || after.position !== before.position) {
          await audit.record(tx, actor, {
            action: 'size.update',
            entity: 'size',
            entityId: id,
            before: audited(before),
            after: audited(after),
          });
        }
        return toAdmin(after);
      });
    },

    /** Refused while any product is offered in the size. */
    remove(actor: StaffMember, id: number): Promise<void> {
      return change(async (tx) => {
        const before = await repo.byId(id, tx);
        if (!before) throw notFound();
        if (before.productCount > 0) {
          const n = before.productCount;
          throw new Conflict(
            `The size is used by ${n} ${n === 1 ? 'product' : 'products'}.`,
            adminCatalogCodes.sizeInUse,
          );
        }
        await writer.deleteSize(id, tx);
        await audit.record(tx, actor, {
          action: 'size.delete',
          entity: 'size',
          entityId: id,
          before: audited(before),
          after: null,
        });
      });
    },
  };
}

export type AdminSizesService = ReturnType<typeof adminSizesService>;
