import crypto from 'node:crypto';
import {
  adminStockMessages,
  type ProductStock,
  type ProductStockUpdate,
  type StockImportResult,
} from '@kram/contract/admin-stock';
import type { Language } from '@kram/contract/language';
import { notEnoughStockText, type StockAlertBody, stockCodes, stockMessages } from '@kram/contract/stock';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import type { OutboxMail } from '../../infra/mail/outbox.repository.ts';
import { Conflict, InvalidInput, NotFound, noMatch, said } from '../../lib/domain-errors.ts';
import type { StaffMember } from '../accounts/index.ts';
import type { AuditLog } from '../audit/index.ts';
import { type LevelRow, type MovementInsert, stockRepository as repo, type Variant } from './stock.repository.ts';
import { readStockCsv } from './stock-csv.ts';
import { backInStockMail } from './stock-mail.ts';

/** An order as stock reads it: its status and its lines' products, sizes and colours. */
export interface OrderHolding {
  id: string;
  status: string;
  lines: readonly {
    productId: number | null;
    quantity: number;
    name: string;
    size: { id: number; name: string } | null;
    color: { id: number; name: string } | null;
  }[];
}

/** Statuses in which an order's goods have left the shop (with the carrier, or handed over). */
const leftStatuses = new Set(['shipped', 'delivered', 'completed']);
/** Statuses in which an order holds nothing: cancelled, or its parcel came back. */
const endedStatuses = new Set(['cancelled', 'returned']);

const variantKey = (v: Variant) => `${v.productId}:${v.sizeId ?? 0}:${v.colorId ?? 0}`;
const buyable = (level: Pick<LevelRow, 'available'> | undefined) =>
  level !== undefined && (level.available === null || level.available > 0);

export interface StockDeps {
  database: Database;
  audit: Pick<AuditLog, 'record'>;
  /** Back-in-stock mails are written to the outbox in the change's transaction. */
  outbox: { enqueue(mails: readonly OutboxMail[], executor: Executor): Promise<number> };
  /** The storefront's address, for the mails' links. */
  publicUrl: string;
  /** Told after a committed change of what the storefront shows (this process's catalogue cache). */
  changed: () => void;
}

/**
 * Stock per variant: the checkout takes an order's units in the order's own transaction (none can go
 * below zero, however many buy at once), the order's moves give them back or send them, staff count
 * and receive goods, and shoppers waiting for a variant are mailed once when it is back. Every change
 * is a movement in the product's history.
 */
export function stockService({ database, audit, outbox, publicUrl, changed }: StockDeps) {
  const { db } = database;

  /**
   * After variants of `productIds` changed in `tx`: the products whose pages show a variant's
   * availability differently are written again (the caches follow), and shoppers waiting for what is
   * back are mailed.
   */
  async function afterChange(tx: Executor, flipped: ReadonlySet<number>, productIds: readonly number[]) {
    await repo.touchProducts(tx, [...flipped]);
    await repo.refreshOnSale(tx, productIds);
    const due = await repo.claimDueAlerts(tx, productIds);
    await outbox.enqueue(
      due.map((alert) => ({
        orderId: null,
        kind: 'back_in_stock',
        dedupeKey: `stock-alert:${alert.id}`,
        message: backInStockMail(alert, publicUrl),
      })),
      tx,
    );
  }

  /** Moves one variant by the deltas, noting whether it became buyable or stopped being so. */
  async function shift(
    tx: Executor,
    variant: Variant,
    delta: { available: number; reserved: number },
    flipped: Set<number>,
  ): Promise<LevelRow | undefined> {
    const before = await repo.lockLevel(tx, variant);
    if (!before) return undefined;
    const after = await repo.shift(tx, variant, delta);
    if (buyable(before) !== buyable(after)) flipped.add(variant.productId);
    return after;
  }

  async function notEnough(tx: Executor, line: OrderHolding['lines'][number], index: number, variant: Variant) {
    const left = (await repo.mostLeft(tx, variant)) ?? 0;
    const size = line.size?.name ?? null;
    const color = line.color?.name ?? null;
    return new Conflict(
      said(stockCodes.notEnough, notEnoughStockText(line.name, size, color, left), {
        line: index,
        product: line.name,
        size: size ?? '',
        color: color ?? '',
        left,
      }),
      'out_of_stock',
    );
  }

  const variantOf = (line: OrderHolding['lines'][number]): Variant | undefined =>
    line.productId === null
      ? undefined
      : { productId: line.productId, sizeId: line.size?.id ?? null, colorId: line.color?.id ?? null };

  async function settings() {
    const s = await repo.settings(db);
    return { low_stock_threshold: s.lowStockThreshold, telegram_alerts: s.telegramAlerts };
  }

  /** The product's stock as the back office's grid shows it. */
  async function grid(productId: number): Promise<ProductStock> {
    const [product] = await database.rows<{
      id: number;
      offered: boolean;
      is_on_sale: boolean;
      low_stock_threshold: number | null;
    }>(
      sql`
        select id, offered, is_on_sale, low_stock_threshold from products where id = ${productId}`,
    );
    if (!product) throw noMatch('Product');
    const [settings, levels, waiting, names] = await Promise.all([
      repo.settings(db),
      repo.levels(db, productId),
      repo.waiting(db, productId),
      variantNames(productId),
    ]);
    const threshold = product.low_stock_threshold ?? settings.lowStockThreshold;
    const waitingBy = new Map(waiting.map((w) => [variantKey(w), w.count]));
    return {
      product_id: productId,
      low_stock_threshold: product.low_stock_threshold,
      default_threshold: settings.lowStockThreshold,
      offered: product.offered,
      is_on_sale: product.is_on_sale,
      sizes: names.sizes,
      colors: names.colors,
      variants: levels.map((l) => ({
        size: l.sizeId,
        color: l.colorId,
        available: l.available,
        reserved: l.reserved,
        waiting: waitingBy.get(variantKey(l)) ?? 0,
        low: l.available !== null && l.available < threshold,
      })),
    };
  }

  /**
   * Brings what the order holds in line with `status`: goods that left (shipped, delivered, completed)
   * are sold; an order cancelled or returned gives back what it reserved, and what it sold comes back
   * to stock; otherwise a line no longer in the order gives its units back.
   */
  async function settle(order: OrderHolding, status: string, tx: Executor, actor: string): Promise<void> {
    const held = await repo.reservationsOf(tx, order.id);
    if (held.length === 0) return;
    // A reservation stays with a line of its product and size, in its colour or with no colour chosen.
    const lines = order.lines.flatMap((l) => variantOf(l) ?? []);
    const inOrder = (r: Variant) =>
      lines.some(
        (l) => l.productId === r.productId && l.sizeId === r.sizeId && (l.colorId === null || l.colorId === r.colorId),
      );
    const flipped = new Set<number>();
    const touched = new Set<number>();
    const movements: MovementInsert[] = [];
    for (const r of held) {
      const variant: Variant = { productId: r.productId, sizeId: r.sizeId, colorId: r.colorId };
      let next: { state: 'sold' | 'released' | 'returned'; available: number; reserved: number } | undefined;
      if (r.state === 'reserved' && leftStatuses.has(status)) {
        next = { state: 'sold', available: 0, reserved: -r.quantity };
      } else if (r.state === 'reserved' && (endedStatuses.has(status) || !inOrder(variant))) {
        next = { state: 'released', available: r.quantity, reserved: -r.quantity };
      } else if (r.state === 'sold' && endedStatuses.has(status)) {
        next = { state: 'returned', available: r.quantity, reserved: 0 };
      }
      if (!next) continue;
      await repo.setReservationState(tx, r.id, next.state);
      const after = await shift(tx, variant, next, flipped);
      if (!after) continue;
      touched.add(variant.productId);
      movements.push({
        ...variant,
        kind: next.state,
        quantity: r.quantity,
        availableAfter: after.available,
        reservedAfter: after.reserved,
        orderId: order.id,
        actor,
      });
    }
    await repo.insertMovements(tx, movements);
    if (touched.size > 0) await afterChange(tx, flipped, [...touched]);
  }

  return {
    /**
     * Takes the order's units in its transaction: each variant's lines together, variants in one fixed
     * order (so two orders never wait for each other's rows). Fewer left than a line asks: a Conflict
     * naming the line, the product, its size and colour and how many are left, and the transaction
     * (the order with it) is undone.
     */
    async reserve(order: OrderHolding, tx: Executor): Promise<void> {
      const wanted = new Map<string, { variant: Variant; quantity: number; index: number }>();
      for (const [index, line] of order.lines.entries()) {
        const variant = variantOf(line);
        if (!variant) continue;
        const key = variantKey(variant);
        const seen = wanted.get(key);
        wanted.set(key, { variant, quantity: (seen?.quantity ?? 0) + line.quantity, index: seen?.index ?? index });
      }
      const sorted = [...wanted.values()].sort(
        (a, b) =>
          a.variant.productId - b.variant.productId ||
          (a.variant.sizeId ?? 0) - (b.variant.sizeId ?? 0) ||
          (a.variant.colorId ?? 0) - (b.variant.colorId ?? 0),
      );
      const flipped = new Set<number>();
      const movements: MovementInsert[] = [];
      const taken: (Variant & { quantity: number })[] = [];
      for (const { variant, quantity, index } of sorted) {
        const after = await repo.take(tx, variant, quantity);
        const line = order.lines[index];
        if (!after) throw await notEnough(tx, line as OrderHolding['lines'][number], index, variant);
        if (after.available === 0) flipped.add(variant.productId);
        // The variant it came from: a line without a colour took one.
        taken.push({ productId: after.productId, sizeId: after.sizeId, colorId: after.colorId, quantity });
        movements.push({
          productId: after.productId,
          sizeId: after.sizeId,
          colorId: after.colorId,
          kind: 'reserved',
          quantity,
          availableAfter: after.available,
          reservedAfter: after.reserved,
          orderId: order.id,
          actor: 'checkout',
        });
      }
      await repo.insertReservations(tx, order.id, taken);
      await repo.insertMovements(tx, movements);
      if (flipped.size > 0) await afterChange(tx, flipped, [...flipped]);
    },

    /**
     * Brings what the order holds in line with it: goods that left (shipped, delivered, completed) are
     * sold; an order cancelled or returned gives back what it reserved, and what it sold comes back to
     * stock; otherwise a line no longer in the order gives its units back.
     */
    async settle(order: OrderHolding, tx: Executor): Promise<void> {
      await settle(order, order.status, tx, 'order');
    },

    /**
     * Goods of a sold order that came back (a return), in `tx`: `quantity` units of each variant the
     * order sold go back to what can be sold, each a `returned` movement by `actor`. A line without a
     * colour takes back the colour it was sold in. Units returned are marked so (their reservation
     * split when only part comes back), so moving the whole order to returned later gives back only
     * the rest. Uncounted variants stay uncounted; a product that can be bought again mails those
     * waiting for it. Units the order never sold (no reservation) change nothing.
     */
    async returnUnits(
      orderId: string,
      units: readonly (Variant & { quantity: number })[],
      tx: Executor,
      actor: { id: number | null; email: string },
    ): Promise<void> {
      const sold = (await repo.reservationsOf(tx, orderId)).filter((r) => r.state === 'sold');
      const left = new Map(sold.map((r) => [r.id, r.quantity]));
      const flipped = new Set<number>();
      const touched = new Set<number>();
      const movements: MovementInsert[] = [];
      for (const unit of units) {
        let wanted = unit.quantity;
        for (const r of sold) {
          const free = left.get(r.id) ?? 0;
          const matches =
            r.productId === unit.productId &&
            r.sizeId === unit.sizeId &&
            (unit.colorId === null || r.colorId === unit.colorId);
          if (wanted <= 0 || free <= 0 || !matches) continue;
          const quantity = Math.min(wanted, free);
          wanted -= quantity;
          left.set(r.id, free - quantity);
          await repo.splitReservation(tx, { ...r, quantity: free }, quantity, 'returned');
          const variant: Variant = { productId: r.productId, sizeId: r.sizeId, colorId: r.colorId };
          const after = await shift(tx, variant, { available: quantity, reserved: 0 }, flipped);
          if (!after) continue;
          touched.add(variant.productId);
          movements.push({
            ...variant,
            kind: 'returned',
            quantity,
            availableAfter: after.available,
            reservedAfter: after.reserved,
            orderId,
            actorId: actor.id,
            actor: actor.email,
          });
        }
      }
      await repo.insertMovements(tx, movements);
      if (touched.size > 0) await afterChange(tx, flipped, [...touched]);
    },

    /** The order's goods are leaving with a waybill: what it reserved is sold, whatever its status says yet. */
    async sell(order: OrderHolding, tx: Executor): Promise<void> {
      await settle(order, 'shipped', tx, 'waybill');
    },

    grid,

    /**
     * A staff change of the product's counts: `set` makes each named variant's count the given one
     * (null stops counting it), `add` adds (goods received) or takes away. A count below zero is
     * refused and nothing is written. Each change is a movement and the whole is one audit entry.
     */
    async update(actor: StaffMember, productId: number, body: ProductStockUpdate): Promise<ProductStock> {
      await db.transaction(async (tx) => {
        const levels = await repo.levels(tx, productId);
        // Read in the transaction: PGlite's one connection is the transaction's until it ends.
        if (levels.length === 0 && !(await repo.productExists(tx, productId))) throw noMatch('Product');
        const byKey = new Map(levels.map((l) => [variantKey(l), l]));
        const errors: Record<string, string[]> = {};
        const flipped = new Set<number>();
        const movements: MovementInsert[] = [];
        const before: Record<string, number | null> = {};
        const after: Record<string, number | null> = {};
        for (const [index, change] of body.variants.entries()) {
          const variant: Variant = { productId, sizeId: change.size, colorId: change.color };
          const level = byKey.get(variantKey(variant));
          if (!level) {
            errors[`variants.${index}`] = [adminStockMessages.variantUnknown];
            continue;
          }
          const next =
            body.mode === 'set'
              ? change.quantity
              : change.quantity === null
                ? level.available
                : (level.available ?? 0) + change.quantity;
          if (next !== null && next < 0) throw new Conflict(adminStockMessages.belowZero, 'stock_below_zero');
          if (next !== null && next > 1_000_000) {
            errors[`variants.${index}.quantity`] = [adminStockMessages.tooLarge];
            continue;
          }
          if (next === level.available) continue;
          const written = await repo.setAvailable(tx, variant, next);
          if (!written) continue;
          if (buyable(level) !== buyable(written)) flipped.add(productId);
          const moved = (next ?? 0) - (level.available ?? 0);
          const received = body.mode === 'add' && (change.quantity ?? 0) > 0 && level.available !== null;
          movements.push({
            ...variant,
            kind: received ? 'received' : 'corrected',
            quantity: moved,
            availableAfter: written.available,
            reservedAfter: written.reserved,
            actorId: actor.id,
            actor: actor.email,
            note: body.note,
          });
          before[variantKey(variant)] = level.available;
          after[variantKey(variant)] = next;
        }
        if (Object.keys(errors).length > 0) throw new InvalidInput(errors);
        const threshold = body.low_stock_threshold;
        if (threshold !== undefined) await repo.setThreshold(tx, productId, threshold);
        if (movements.length === 0 && threshold === undefined) return;
        await repo.insertMovements(tx, movements);
        await audit.record(tx, actor, {
          action: 'product.stock',
          entity: 'product',
          entityId: productId,
          before: { variants: before },
          after: { variants: after, ...(threshold === undefined ? {} : { low_stock_threshold: threshold }) },
        });
        await afterChange(tx, flipped, [productId]);
      });
      changed();
      return grid(productId);
    },

    async movements(productId: number, page: number, pageSize: number) {
      const [exists] = await database.rows<{ id: number }>(sql`select id from products where id = ${productId}`);
      if (!exists) throw noMatch('Product');
      const { count, rows } = await repo.movements(db, productId, page, pageSize);
      return {
        count,
        results: rows.map((r) => ({
          ...r,
          id: Number(r.id),
          created_at: new Date(r.created_at).toISOString(),
        })),
      };
    },

    /** Counted variants below their threshold, fewest first (at most 200). */
    async lowStock() {
      const settings = await repo.settings(db);
      const results = await repo.lowStock(db, settings.lowStockThreshold, 200);
      return { count: results.length, results };
    },

    /** Low variants the manager has not heard of yet (each once until it is above its threshold again). */
    async claimLowAlerts() {
      const settings = await repo.settings(db);
      if (!settings.telegramAlerts) return [];
      return db.transaction((tx) => repo.claimLowAlerts(tx, settings.lowStockThreshold));
    },

    settings,

    async saveSettings(actor: StaffMember, update: { low_stock_threshold?: number; telegram_alerts?: boolean }) {
      await db.transaction(async (tx) => {
        const current = await repo.settings(tx);
        const next = {
          lowStockThreshold: update.low_stock_threshold ?? current.lowStockThreshold,
          telegramAlerts: update.telegram_alerts ?? current.telegramAlerts,
        };
        await repo.saveSettings(tx, next);
        await audit.record(tx, actor, {
          action: 'stock.settings',
          entity: 'stock_settings',
          entityId: 1,
          before: { low_stock_threshold: current.lowStockThreshold, telegram_alerts: current.telegramAlerts },
          after: { low_stock_threshold: next.lowStockThreshold, telegram_alerts: next.telegramAlerts },
        });
      });
      return settings();
    },

    /**
     * Counts from a CSV file (sku, size, color, quantity). A dry run reads and checks every row and
     * writes nothing; otherwise, with no row in error, every count is set in one transaction, each a
     * correction in its product's history.
     */
    async importCsv(actor: StaffMember, csv: string, dryRun: boolean): Promise<StockImportResult> {
      return db.transaction(async (tx) => {
        const plan = await readStockCsv(tx, csv);
        const result: StockImportResult = {
          dry_run: dryRun || plan.errors > 0,
          changed: plan.rows.filter((r) => !r.error && r.before !== r.after).length,
          unchanged: plan.rows.filter((r) => !r.error && r.before === r.after).length,
          errors: plan.errors,
          rows: plan.rows
            .filter((r) => r.error || r.before !== r.after)
            .slice(0, 1000)
            .map(({ variant: _variant, ...row }) => row),
        };
        if (result.dry_run) return result;
        const flipped = new Set<number>();
        const touched = new Set<number>();
        const movements: MovementInsert[] = [];
        for (const row of plan.rows) {
          if (row.error || row.before === row.after || !row.variant) continue;
          const written = await repo.setAvailable(tx, row.variant, row.after);
          if (!written) continue;
          touched.add(row.variant.productId);
          if (buyable({ available: row.before }) !== buyable(written)) flipped.add(row.variant.productId);
          movements.push({
            ...row.variant,
            kind: 'corrected',
            quantity: (row.after ?? 0) - (row.before ?? 0),
            availableAfter: written.available,
            reservedAfter: written.reserved,
            actorId: actor.id,
            actor: actor.email,
            note: 'CSV',
          });
        }
        await repo.insertMovements(tx, movements);
        await audit.record(tx, actor, {
          action: 'stock.import',
          entity: 'stock',
          entityId: 0,
          before: null,
          after: { changed: result.changed, products: touched.size },
        });
        await afterChange(tx, flipped, [...touched]);
        return result;
      });
    },

    /**
     * "Tell me when it is back" for a variant that cannot be bought now: one mail when it can, then
     * the subscription is done. A product with sizes needs the size; a colour left out means any.
     * Subscribing twice is one subscription.
     */
    async subscribe(body: StockAlertBody, language: Language): Promise<void> {
      const levels = await repo.levels(db, body.product);
      const [product] = await database.rows<{ id: number; offered: boolean }>(
        sql`select id, offered from products where id = ${body.product}`,
      );
      if (!product) throw new NotFound(stockMessages.productMissing);
      const hasSizes = levels.some((l) => l.sizeId !== null);
      if (hasSizes && body.size === null) throw new InvalidInput({ size: [stockMessages.alertSizeRequired] });
      const matching = levels.filter(
        (l) => (body.size === null || l.sizeId === body.size) && (body.color === null || l.colorId === body.color),
      );
      if (matching.length === 0) throw new InvalidInput({ product: [stockMessages.alertVariant] });
      if (product.offered && matching.some((l) => buyable(l))) {
        throw new InvalidInput({ product: [stockMessages.alertAvailable] });
      }
      await repo.subscribe(db, {
        productId: body.product,
        sizeId: body.size,
        colorId: body.color,
        email: body.email,
        language,
        token: crypto.randomBytes(24).toString('base64url'),
      });
    },

    /** The mail's unsubscribe link; NotFound when the token names nothing (any more). */
    async unsubscribe(token: string): Promise<void> {
      if (!(await repo.unsubscribe(db, token))) throw new NotFound(stockMessages.alertMissing);
    },
  };

  /** The product's sizes and colours in their shop order, for the grid's headings. */
  async function variantNames(productId: number) {
    const [sizes, colors] = await Promise.all([
      database.rows<{ id: number; name: string }>(sql`
        select z.id, z.name from product_sizes ps join sizes z on z.id = ps.size_id
        where ps.product_id = ${productId} order by z.position, z.id`),
      database.rows<{ id: number; name: string; name_ru: string }>(sql`
        select c.id, c.name, c.name_ru from product_colors pc join colors c on c.id = pc.color_id
        where pc.product_id = ${productId} order by c.position, c.id`),
    ]);
    return { sizes, colors };
  }
}

export type StockService = ReturnType<typeof stockService>;
