import {
  type AdminSale,
  type AdminSaleCreate,
  type AdminSaleListQuery,
  type AdminSaleUpdate,
  adminPromotionMessages as messages,
} from '@kram/contract/admin-promotions';
import { formatMoney, parseMoney } from '@kram/contract/money';
import type { Executor } from '../../db/client.ts';
import { Conflict, InvalidInput, noMatch } from '../../lib/domain-errors.ts';
import type { AuditActor, AuditLog } from '../audit/index.ts';
import type { ProductPrice, Repricing, SalePrices } from '../catalog/index.ts';
import type { PromotionsCatalog } from './promo-codes.service.ts';
import { instantOf } from './promo-rules.ts';
import type { ReplacedPrice, SaleRecord, SalesRepository } from './sales.repository.ts';
import { unknownIdErrors } from './targets.ts';

export interface SalesDeps {
  repo: SalesRepository;
  catalog: PromotionsCatalog & { salePrices: SalePrices };
  audit: Pick<AuditLog, 'record'>;
  now?: () => Date;
  /** Told after a staff change, so the scheduler looks again at once (the next start may be sooner). */
  rescheduled?: () => void;
}

const notFound = () => noMatch('sale');

/** The sale's price of a product: the share off, rounded to the kopiyka. */
export const salePrice = (price: string, percent: number) =>
  formatMoney(Math.round((parseMoney(price) * (100 - percent)) / 100));

const toAdmin = (row: SaleRecord): AdminSale => ({
  id: row.id,
  name: row.name,
  percent: row.percent,
  starts_at: row.startsAt.toISOString(),
  ends_at: row.endsAt.toISOString(),
  category_ids: row.categoryIds,
  product_ids: row.productIds,
  state: row.state,
  products_on_sale: row.productsOnSale,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const audited = (row: SaleRecord) => ({
  name: row.name,
  percent: row.percent,
  starts_at: row.startsAt,
  ends_at: row.endsAt,
  category_ids: row.categoryIds,
  product_ids: row.productIds,
  state: row.state,
});

/**
 * Scheduled sales. At its start a sale sets each covered product's price to the share off, its old
 * price to the price before, and its promo flag (so `is_on_promo` and the "sale" sort follow the
 * calendar); at its end it restores what it replaced. Both happen once, under the sale's row lock,
 * whoever runs them (the scheduler, a staff change, several processes). A product is in one running
 * sale at a time: a sale starting while another holds a product leaves that product alone. A price
 * staff set by hand during the sale is theirs: at the end such a product keeps it, and only products
 * still at the sale's price get their prices back.
 */
export function salesService({ repo, catalog, audit, now = () => new Date(), rescheduled }: SalesDeps) {
  async function apply(tx: Executor, prices: Repricing, sale: SaleRecord): Promise<void> {
    const current = await prices.read({ categoryIds: sale.categoryIds, productIds: sale.productIds });
    const held = await repo.heldProducts(
      tx,
      current.map((p) => p.productId),
    );
    const taken = current.filter((p) => !held.has(p.productId));
    const replaced: ReplacedPrice[] = taken.map((p) => ({
      productId: p.productId,
      saleId: sale.id,
      price: p.price,
      oldPrice: p.oldPrice,
      isOnPromo: p.isOnPromo,
      salePrice: salePrice(p.price, sale.percent),
    }));
    await repo.keepReplaced(tx, replaced);
    await prices.write(
      replaced.map((r) => ({ productId: r.productId, price: r.salePrice, oldPrice: r.price, isOnPromo: true })),
    );
    await repo.update(tx, sale.id, { state: 'active' });
  }

  async function revert(tx: Executor, prices: Repricing, sale: SaleRecord): Promise<void> {
    const replaced = await repo.replaced(tx, sale.id);
    const current = new Map(
      (await prices.read({ categoryIds: [], productIds: replaced.map((r) => r.productId) })).map((p) => [
        p.productId,
        p,
      ]),
    );
    const restored: ProductPrice[] = replaced
      .filter((r) => {
        const now = current.get(r.productId);
        return now !== undefined && parseMoney(now.price) === parseMoney(r.salePrice);
      })
      .map((r) => ({ productId: r.productId, price: r.price, oldPrice: r.oldPrice, isOnPromo: r.isOnPromo }));
    await prices.write(restored);
    await repo.forgetReplaced(tx, sale.id);
    await repo.update(tx, sale.id, { state: 'ended' });
  }

  /** Does what is due of one sale at `at`: start it, end it, or nothing (done already, or not yet). */
  const settle = (id: number, at: Date) =>
    catalog.salePrices.reprice(async (tx, prices) => {
      const sale = await repo.lock(tx, id);
      if (!sale) return;
      if (sale.state === 'scheduled' && sale.startsAt <= at) {
        // A sale whose end passed before anyone started it never touches a price.
        if (sale.endsAt <= at) await repo.update(tx, sale.id, { state: 'ended' });
        else await apply(tx, prices, sale);
      } else if (sale.state === 'active' && sale.endsAt <= at) {
        await revert(tx, prices, sale);
      }
    });

  /** Starts and ends every sale whose time has come. */
  async function runDue(): Promise<void> {
    const at = now();
    for (const id of await repo.due(at)) await settle(id, at);
  }

  function periodOf(input: AdminSaleUpdate, before?: SaleRecord) {
    const startsAt = input.starts_at === undefined ? before?.startsAt : instantOf(input.starts_at);
    const endsAt = input.ends_at === undefined ? before?.endsAt : instantOf(input.ends_at);
    if (!startsAt || !endsAt) throw new InvalidInput({ starts_at: [messages.saleStartRequired] });
    if (endsAt <= startsAt) throw new InvalidInput({ ends_at: [messages.endBeforeStart] });
    return { startsAt, endsAt };
  }

  /** A sale covers something. */
  function requireTargets(categoryIds: readonly number[], productIds: readonly number[]) {
    if (categoryIds.length === 0 && productIds.length === 0) {
      throw new InvalidInput({ category_ids: [messages.saleTargetsRequired] });
    }
  }

  /** The categories and products named exist (read before a transaction: PGlite has one connection). */
  async function requireKnown(categoryIds: readonly number[], productIds: readonly number[]) {
    const errors = await unknownIdErrors(catalog, categoryIds, productIds);
    if (Object.keys(errors).length > 0) throw new InvalidInput(errors);
  }

  /** After a staff change: what is due now happens now, and the scheduler plans the next. */
  async function changed(id: number): Promise<AdminSale> {
    await runDue();
    rescheduled?.();
    const row = await repo.byId(id);
    if (!row) throw notFound();
    return toAdmin(row);
  }

  return {
    runDue,

    /** When the scheduler should next look: the next start or end, or in six hours when none waits. */
    async dueAt(): Promise<Date> {
      return (await repo.nextDue()) ?? new Date(now().getTime() + 6 * 3_600_000);
    },

    async list(query: AdminSaleListQuery): Promise<{ count: number; results: AdminSale[] }> {
      const { count, rows } = await repo.list(query);
      return { count, results: rows.map(toAdmin) };
    },

    async get(id: number): Promise<AdminSale> {
      const row = await repo.byId(id);
      if (!row) throw notFound();
      return toAdmin(row);
    },

    async create(actor: AuditActor, input: AdminSaleCreate): Promise<AdminSale> {
      const period = periodOf(input);
      const categoryIds = input.category_ids ?? [];
      const productIds = input.product_ids ?? [];
      requireTargets(categoryIds, productIds);
      await requireKnown(categoryIds, productIds);
      const id = await repo.transaction(async (tx) => {
        const saleId = await repo.insert(tx, { name: input.name, percent: input.percent, ...period });
        await repo.setTargets(tx, saleId, categoryIds, productIds);
        const after = (await repo.byId(saleId, tx)) as SaleRecord;
        await audit.record(tx, actor, {
          action: 'sale.create',
          entity: 'sale',
          entityId: saleId,
          before: null,
          after: audited(after),
        });
        return saleId;
      });
      return changed(id);
    },

    /**
     * Changes a sale. Before its start, anything; while it runs, its name and its end only (its prices
     * are out there); once over, its name only.
     */
    async update(actor: AuditActor, id: number, input: AdminSaleUpdate): Promise<AdminSale> {
      await requireKnown(input.category_ids ?? [], input.product_ids ?? []);
      await repo.transaction(async (tx) => {
        const before = await repo.lock(tx, id);
        if (!before) throw notFound();
        const allowed =
          before.state === 'scheduled'
            ? Object.keys(input)
            : before.state === 'active'
              ? ['name', 'ends_at']
              : ['name'];
        if (Object.keys(input).some((key) => !allowed.includes(key))) throw new Conflict(messages.saleUnderway);
        const period = periodOf(input, before);
        const categoryIds = input.category_ids ?? before.categoryIds;
        const productIds = input.product_ids ?? before.productIds;
        if (input.category_ids || input.product_ids) requireTargets(categoryIds, productIds);
        await repo.update(tx, id, { name: input.name, percent: input.percent, ...period });
        await repo.setTargets(tx, id, input.category_ids, input.product_ids);
        const after = (await repo.byId(id, tx)) as SaleRecord;
        if (JSON.stringify(audited(before)) !== JSON.stringify(audited(after))) {
          await audit.record(tx, actor, {
            action: 'sale.update',
            entity: 'sale',
            entityId: id,
            before: audited(before),
            after: audited(after),
          });
        }
      });
      return changed(id);
    },

    /** Deletes a sale; a running one gives its products their prices back first. */
    async remove(actor: AuditActor, id: number): Promise<void> {
      await catalog.salePrices.reprice(async (tx, prices) => {
        const before = await repo.lock(tx, id);
        if (!before) throw notFound();
        if (before.state === 'active') await revert(tx, prices, before);
        await repo.remove(tx, id);
        await audit.record(tx, actor, {
          action: 'sale.delete',
          entity: 'sale',
          entityId: id,
          before: audited(before),
          after: null,
        });
      });
      rescheduled?.();
    },
  };
}

export type SalesService = ReturnType<typeof salesService>;
