import {
  type AdminColor,
  type AdminColorCreate,
  type AdminColorListQuery,
  type AdminColorUpdate,
  adminProductCodes,
  adminProductMessages,
} from '@kram/contract/admin-products';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { type ImageStore, uploadName } from '../../infra/media/image-upload.ts';
import { Conflict, InvalidInput, noMatch } from '../../lib/domain-errors.ts';
import type { StaffMember } from '../accounts/index.ts';
import type { AuditLog } from '../audit/index.ts';
import { type ColorInsert, catalogWritesRepository as writes } from './catalog-writes.repository.ts';
import type { CatalogWrite } from './catalog-writes.ts';
import type { ColorRecord, ColorsRepository } from './colors.repository.ts';

export interface ColorsDeps {
  repo: ColorsRepository;
  write: CatalogWrite;
  audit: AuditLog;
  swatches: ImageStore;
  log: FastifyBaseLogger;
}

const notFound = () => noMatch('Color');

const toAdmin = (row: ColorRecord): AdminColor => ({
  id: row.id,
  name: row.name,
  name_ru: row.nameRu,
  color_rgb: row.colorRgb,
  swatch_image: row.swatchImage,
  position: row.position,
  product_count: row.productCount,
});

/** What the audit log keeps of a colour: its own fields, not how many products use it. */
const audited = (row: ColorRecord) => ({
  id: row.id,
  name: row.name,
  name_ru: row.nameRu,
  color_rgb: row.colorRgb,
  swatch_image: row.swatchImage,
  position: row.position,
});

/** A colour's name is no other colour's, whatever its case. */
async function checkName(repo: ColorsRepository, tx: Executor, name: string, self?: number | 'same name') {
  const holder = await repo.byName(name, tx);
  const isSelf = self === 'same name' ? holder?.name === name : holder?.id === self;
  if (holder && !isSelf) throw new InvalidInput({ name: [adminProductMessages.colorTaken] });
}

/**
 * Colours by name inside `tx`, written when missing (a known name takes the new fields), with the
 * rule on names: the demo seed's way in. Answers every name's id.
 */
export async function importColors(
  repo: ColorsRepository,
  tx: Executor,
  rows: ColorInsert[],
): Promise<Map<string, number>> {
  const seen = new Set<string>();
  for (const row of rows) {
    if (seen.has(row.name.toLowerCase())) throw new InvalidInput({ name: [adminProductMessages.colorTaken] });
    seen.add(row.name.toLowerCase());
    await checkName(repo, tx, row.name, 'same name');
  }
  return writes.upsertColors(tx, rows);
}

/** The colours products come in: unique names, an RGB value or a swatch image, in the storefront's order. */
export function colorsService({ repo, write, audit, swatches, log }: ColorsDeps) {
  async function existing(tx: Executor, id: number): Promise<ColorRecord> {
    const row = await repo.byId(id, tx);
    if (!row) throw notFound();
    return row;
  }

  async function reread(tx: Executor, id: number): Promise<ColorRecord> {
    const row = await repo.byId(id, tx);
    if (!row) throw new Error(`colour ${id} vanished inside its own transaction`);
    return row;
  }

  /** Records a change of a colour, when there was one. */
  async function record(tx: Executor, actor: StaffMember, action: string, before: ColorRecord, after: ColorRecord) {
    if (JSON.stringify(audited(before)) === JSON.stringify(audited(after))) return;
    await audit.record(tx, actor, {
      action,
      entity: 'color',
      entityId: before.id,
      before: audited(before),
      after: audited(after),
    });
  }

  /** Removes a swatch file once no colour shows it; the demo's own swatches are not the store's to remove. */
  async function forgetSwatch(image: string | null): Promise<void> {
    if (!image) return;
    try {
      if ((await repo.swatchUses(image)) === 0) await swatches.remove(image);
    } catch (error) {
      log.warn({ err: error, image }, 'the file of a replaced swatch was not deleted');
    }
  }

  /** Sets the colour's swatch to `image` (or none), then forgets the file it had. */
  async function setSwatch(actor: StaffMember, id: number, image: string | null): Promise<AdminColor> {
    const { before, after } = await write(async (tx) => {
      const before = await existing(tx, id);
      await writes.updateColor(tx, id, { swatchImage: image });
      const after = await reread(tx, id);
      await record(tx, actor, 'color.swatch', before, after);
      return { before, after };
    });
    if (before.swatchImage !== image) await forgetSwatch(before.swatchImage);
    return toAdmin(after);
  }

  return {
    async list(query: AdminColorListQuery): Promise<{ count: number; results: AdminColor[] }> {
      const { count, rows } = await repo.list(query);
      return { count, results: rows.map(toAdmin) };
    },

    async get(id: number): Promise<AdminColor> {
      const row = await repo.byId(id);
      if (!row) throw notFound();
      return toAdmin(row);
    },

    create(actor: StaffMember, input: AdminColorCreate): Promise<AdminColor> {
      return write(async (tx) => {
        await checkName(repo, tx, input.name);
        const id = await writes.insertColor(tx, {
          name: input.name,
          nameRu: input.name_ru,
          colorRgb: input.color_rgb,
          position: input.position ?? (await repo.nextPosition(tx)),
        });
        const after = await reread(tx, id);
        await audit.record(tx, actor, {
          action: 'color.create',
          entity: 'color',
          entityId: id,
          before: null,
          after: audited(after),
        });
        return toAdmin(after);
      });
    },

    update(actor: StaffMember, id: number, input: AdminColorUpdate): Promise<AdminColor> {
      return write(async (tx) => {
        const before = await existing(tx, id);
        if (input.name !== undefined) await checkName(repo, tx, input.name, id);
        await writes.updateColor(tx, id, {
          name: input.name,
          nameRu: input.name_ru,
          colorRgb: input.color_rgb,
          position: input.position,
        });
        const after = await reread(tx, id);
        await record(tx, actor, 'color.update', before, after);
        return toAdmin(after);
      });
    },

    /** Checks the image and keeps it as a square tile, replacing the swatch the colour had. */
    async uploadSwatch(actor: StaffMember, id: number, file: Uint8Array): Promise<AdminColor> {
      // A missing colour costs no decoding.
      if (!(await repo.byId(id))) throw notFound();
      const saved = await swatches.save(file, uploadName(`c${id}`));
      try {
        return await setSwatch(actor, id, saved.url);
      } catch (error) {
        await saved.remove();
        throw error;
      }
    },

    removeSwatch: (actor: StaffMember, id: number) => setSwatch(actor, id, null),

    /** Refused while any product comes in the colour; its photos' colour is cleared with it. */
    async remove(actor: StaffMember, id: number): Promise<void> {
      const before = await write(async (tx) => {
        const row = await existing(tx, id);
        if (row.productCount > 0) {
          const n = row.productCount;
          throw new Conflict(
            `The colour is used by ${n} ${n === 1 ? 'product' : 'products'}: remove it from them first.`,
            adminProductCodes.colorInUse,
          );
        }
        await writes.deleteColor(tx, id);
        await audit.record(tx, actor, {
          action: 'color.delete',
          entity: 'color',
          entityId: id,
          before: audited(row),
          after: null,
        });
        return row;
      });
      await forgetSwatch(before.swatchImage);
    },
  };
}

export type ColorsService = ReturnType<typeof colorsService>;
