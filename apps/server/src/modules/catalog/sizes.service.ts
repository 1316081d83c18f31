import {
  type AdminSize,
  type AdminSizeCreate,
  type AdminSizeListQuery,
  type AdminSizeUpdate,
  adminCatalogCodes,
  adminCatalogMessages,
} from '@kram/contract/admin-catalog';
import type { Executor } from '../../db/client.ts';
import { Conflict, InvalidInput, noMatch } from '../../lib/domain-errors.ts';
import type { StaffMember } from '../accounts/index.ts';
import type { AuditLog } from '../audit/index.ts';
import { catalogWritesRepository as writes } from './catalog-writes.repository.ts';
import type { CatalogWrite } from './catalog-writes.ts';
import type { SizeRecord, SizesRepository } from './sizes.repository.ts';

export interface SizesDeps {
  repo: SizesRepository;
  write: CatalogWrite;
  audit: AuditLog;
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

/** A size's name is no other size's, whatever its case ("xl" is "XL"). */
async function checkName(repo: SizesRepository, tx: Executor, name: string, self?: number | 'same name') {
  const holder = await repo.byName(name, tx);
  const isSelf = self === 'same name' ? holder?.name === name : holder?.id === self;
  if (holder && !isSelf) throw new InvalidInput({ name: [adminCatalogMessages.sizeTaken] });
}

/**
 * Sizes by name inside `tx`, written when missing (a known name takes the new position), with the
 * rule on names: the demo seed's way in. Answers every name's id.
 */
export async function importSizes(
  repo: SizesRepository,
  tx: Executor,
  rows: { name: string; position: number }[],
): Promise<Map<string, number>> {
  const seen = new Set<string>();
  for (const row of rows) {
    if (seen.has(row.name.toLowerCase())) throw new InvalidInput({ name: [adminCatalogMessages.sizeTaken] });
    seen.add(row.name.toLowerCase());
    await checkName(repo, tx, row.name, 'same name');
  }
  return writes.upsertSizes(tx, rows);
}

/** The sizes products are offered in: unique names (whatever their case), in the order shoppers see them. */
export function sizesService({ repo, write, audit }: SizesDeps) {
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
      return write(async (tx) => {
        await checkName(repo, tx, input.name);
        const id = await writes.insertSize(tx, {
          name: input.name,
          position: input.position ?? (await repo.nextPosition(tx)),
        });
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
      return write(async (tx) => {
        const before = await repo.byId(id, tx);
        if (!before) throw notFound();
        if (input.name !== undefined) await checkName(repo, tx, input.name, id);
        await writes.updateSize(tx, id, { name: input.name, position: input.position });
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
      return write(async (tx) => {
        const before = await repo.byId(id, tx);
        if (!before) throw notFound();
        if (before.productCount > 0) {
          const n = before.productCount;
          throw new Conflict(
            `The size is used by ${n} ${n === 1 ? 'product' : 'products'}.`,
            adminCatalogCodes.sizeInUse,
          );
        }
        await writes.deleteSize(tx, id);
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

export type SizesService = ReturnType<typeof sizesService>;
