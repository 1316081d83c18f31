import type { StockMovementKind, StockReservationState } from '@kram/contract/stock';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/** A product in one size and one colour; null where the product has no sizes (or no colours). */
export interface Variant {
  productId: number;
  sizeId: number | null;
  colorId: number | null;
}

export interface LevelRow extends Variant {
  /** Units that can be sold; null: not counted. */
  available: number | null;
  reserved: number;
}

export interface ReservationRow extends Variant {
  id: number;
  quantity: number;
  state: StockReservationState;
}

export interface MovementInsert extends Variant {
  kind: StockMovementKind;
  quantity: number;
  availableAfter: number | null;
  reservedAfter: number;
  orderId?: string | null;
  actorId?: number | null;
  actor: string;
  note?: string;
}

export interface MovementRow {
  id: number;
  created_at: Date | string;
  kind: StockMovementKind;
  size: string | null;
  color: string | null;
  quantity: number;
  available_after: number | null;
  reserved_after: number;
  order_id: string | null;
  actor: string;
  note: string;
}

export interface LowStockRow {
  product_id: number;
  sku: string;
  name: string;
  size: string | null;
  color: string | null;
  available: number;
  threshold: number;
}

/** A back-in-stock subscription whose variant can be bought again, with what its mail names. */
export interface DueAlert {
  id: number;
  email: string;
  language: string;
  token: string;
  product_id: number;
  name: string;
  name_ru: string;
  slug: string;
  category_path: string;
  size: string | null;
  color: string | null;
  color_ru: string | null;
}

const rowsOf = async <T>(executor: Executor, query: SQL): Promise<T[]> =>
  ((await executor.execute(query)) as unknown as { rows: T[] }).rows;

/** The variant's row in `stock_levels` (aliased `s`). */
const isVariant = (v: Variant) =>
  sql`s.product_id = ${v.productId} and coalesce(s.size_id, 0) = ${v.sizeId ?? 0} and coalesce(s.color_id, 0) = ${v.colorId ?? 0}`;

const ids = (values: readonly number[]) => sql`${`{${values.join(',')}}`}::int[]`;

const levelColumns = sql`s.product_id as "productId", s.size_id as "sizeId", s.color_id as "colorId", s.available, s.reserved`;

/**
 * The variants an order line may take from (aliased `x`): its own; a line without a colour, of a
 * product that has colours (the shop then picks it with the buyer), takes the size in any colour.
 */
const mayServe = (v: Variant) =>
  sql`x.product_id = ${v.productId} and coalesce(x.size_id, 0) = ${v.sizeId ?? 0}
    and (${sql.raw(v.colorId === null ? 'true' : 'false')} or coalesce(x.color_id, 0) = ${v.colorId ?? 0})`;

/**
 * The id of the variant a line takes `quantity` units from, locked: its own variant when that
 * exists, otherwise the colour with the most left (an uncounted one first).
 */
const candidates = (v: Variant, quantity: number) => sql`
  select x.id from stock_levels x
  where ${mayServe(v)} and (x.available is null or x.available >= ${quantity})
  order by (coalesce(x.color_id, 0) = ${v.colorId ?? 0}) desc, (x.available is null) desc, x.available desc, x.id
  limit 1
  for update`;

/** What a variant can be bought as: counted with units left, or not counted. */
const canBuy = sql`(s.available is null or s.available > 0)`;

/**
 * The stock's reads and writes; each runs on the executor it is given (an order's transaction, a staff
 * change's, or the database).
 */
export const stockRepository = {
  /**
   * Makes the products' variants those their sizes and colours give: a variant they no longer have
   * goes, a new one is added, counted from zero when the product counts any other variant, otherwise
   * not counted. Then each product's is_on_sale follows (stockRepository.refreshOnSale).
   */
  async syncVariants(executor: Executor, productIds: readonly number[]): Promise<void> {
    if (productIds.length === 0) return;
    const wanted = sql`
      select p.id as product_id, ps.size_id, pc.color_id
      from products p
      left join product_sizes ps on ps.product_id = p.id
      left join product_colors pc on pc.product_id = p.id
      where p.id = any(${ids(productIds)})`;
    await executor.execute(sql`
      delete from stock_levels s
      where s.product_id = any(${ids(productIds)})
        and not exists (
          select 1 from (${wanted}) w
          where w.product_id = s.product_id and coalesce(w.size_id, 0) = coalesce(s.size_id, 0)
            and coalesce(w.color_id, 0) = coalesce(s.color_id, 0))`);
    await executor.execute(sql`
      insert into stock_levels (product_id, size_id, color_id, available)
      select w.product_id, w.size_id, w.color_id,
        case when exists (select 1 from stock_levels x where x.product_id = w.product_id and x.available is not null)
          then 0 end
      from (${wanted}) w
      on conflict do nothing`);
    await stockRepository.refreshOnSale(executor, productIds);
  },

  /**
   * Sets each product's is_on_sale to what it is: offered by the staff and some variant can be bought.
   * Writes only the products whose value changes, so an unchanged catalogue keeps its caches.
   */
  async refreshOnSale(executor: Executor, productIds: readonly number[]): Promise<number[]> {
    if (productIds.length === 0) return [];
    const changed = await rowsOf<{ id: number }>(
      executor,
      sql`
        select p.id from products p
        where p.id = any(${ids(productIds)})
          and p.is_on_sale <> (p.offered and exists (select 1 from stock_levels s where s.product_id = p.id and ${canBuy}))`,
    );
    await stockRepository.touchProducts(
      executor,
      changed.map((r) => r.id),
    );
    return changed.map((r) => r.id);
  },

  /**
   * Writes the products' is_on_sale again: what their pages show of stock changed, so the catalogue's
   * version moves on (its triggers) and every process's caches drop them.
   */
  async touchProducts(executor: Executor, productIds: readonly number[]): Promise<void> {
    if (productIds.length === 0) return;
    await executor.execute(sql`
      update products p
      set is_on_sale = p.offered and exists (select 1 from stock_levels s where s.product_id = p.id and ${canBuy})
      where p.id = any(${ids(productIds)})`);
  },

  async productExists(executor: Executor, productId: number): Promise<boolean> {
    return (await rowsOf(executor, sql`select 1 from products where id = ${productId}`)).length > 0;
  },

  /** Every variant of a product, by size then colour id. */
  async levels(executor: Executor, productId: number): Promise<LevelRow[]> {
    return rowsOf<LevelRow>(
      executor,
      sql`select ${levelColumns} from stock_levels s where s.product_id = ${productId}
        order by s.size_id nulls first, s.color_id nulls first`,
    );
  },

  /** The variant's row, locked until the transaction ends; undefined when the product has no such variant. */
  async lockLevel(executor: Executor, variant: Variant): Promise<LevelRow | undefined> {
    const [row] = await rowsOf<LevelRow>(
      executor,
      sql`select ${levelColumns} from stock_levels s where ${isVariant(variant)} for update`,
    );
    return row;
  },

  /**
   * Takes `quantity` units of the variant for an order: fewer than that left (or no such variant),
   * nothing changes and undefined comes back. One statement, so two orders racing for the last unit
   * cannot both have it: the second waits for the first's row lock and then finds too few.
   */
  async take(executor: Executor, variant: Variant, quantity: number): Promise<LevelRow | undefined> {
    const [row] = await rowsOf<LevelRow>(
      executor,
      sql`
        update stock_levels s
        set available = s.available - ${quantity}, reserved = s.reserved + ${quantity}, updated_at = now()
        where s.id = (${candidates(variant, quantity)}) and (s.available is null or s.available >= ${quantity})
        returning ${levelColumns}`,
    );
    return row;
  },

  /**
   * The most units any variant an order line may take from has (null: one is not counted): the line's
   * own variant, or with no colour chosen, the size in any colour.
   */
  async mostLeft(executor: Executor, variant: Variant): Promise<number | null> {
    const [row] = await rowsOf<{ counted: boolean; most: number | null }>(
      executor,
      sql`
        select bool_and(x.available is not null) as counted, max(x.available) as most
        from stock_levels x where ${mayServe(variant)}`,
    );
    return row?.counted === false ? null : (row?.most ?? 0);
  },

  /** Changes the variant's counts by the deltas (available stays null when not counted). */
  async shift(
    executor: Executor,
    variant: Variant,
    delta: { available: number; reserved: number },
  ): Promise<LevelRow | undefined> {
    const [row] = await rowsOf<LevelRow>(
      executor,
      sql`
        update stock_levels s
        set available = s.available + ${delta.available}, reserved = greatest(s.reserved + ${delta.reserved}, 0),
          updated_at = now()
        where ${isVariant(variant)}
        returning ${levelColumns}`,
    );
    return row;
  },

  /** Sets the variant's count (null: stop counting it). */
  async setAvailable(executor: Executor, variant: Variant, available: number | null): Promise<LevelRow | undefined> {
    const [row] = await rowsOf<LevelRow>(
      executor,
      sql`
        update stock_levels s set available = ${available}, updated_at = now()
        where ${isVariant(variant)}
        returning ${levelColumns}`,
    );
    return row;
  },

  async insertReservations(
    executor: Executor,
    orderId: string,
    rows: readonly (Variant & { quantity: number })[],
  ): Promise<void> {
    if (rows.length === 0) return;
    await executor.execute(sql`
      insert into stock_reservations (order_id, product_id, size_id, color_id, quantity, state)
      values ${sql.join(
        rows.map((r) => sql`(${orderId}, ${r.productId}, ${r.sizeId}, ${r.colorId}, ${r.quantity}, 'reserved')`),
        sql`, `,
      )}`);
  },

  /** What the order holds, locked until the transaction ends. */
  async reservationsOf(executor: Executor, orderId: string): Promise<ReservationRow[]> {
    return rowsOf<ReservationRow>(
      executor,
      sql`
        select id, product_id as "productId", size_id as "sizeId", color_id as "colorId", quantity, state
        from stock_reservations where order_id = ${orderId} order by id for update`,
    );
  },

  async setReservationState(executor: Executor, id: number, state: StockReservationState): Promise<void> {
    await executor.execute(sql`update stock_reservations set state = ${state}, updated_at = now() where id = ${id}`);
  },

  /**
   * Moves `quantity` units of a reservation to `state`: the whole row when it holds no more, else a
   * row of their own split off it (the rest stays as it was).
   */
  async splitReservation(
    executor: Executor,
    reservation: ReservationRow,
    quantity: number,
    state: StockReservationState,
  ): Promise<void> {
    if (quantity >= reservation.quantity) {
      await stockRepository.setReservationState(executor, reservation.id, state);
      return;
    }
    await executor.execute(sql`
      update stock_reservations set quantity = quantity - ${quantity}, updated_at = now() where id = ${reservation.id}`);
    await executor.execute(sql`
      insert into stock_reservations (order_id, product_id, size_id, color_id, quantity, state)
      select order_id, product_id, size_id, color_id, ${quantity}, ${state} from stock_reservations
      where id = ${reservation.id}`);
  },

  /** Writes movements in one statement, each with the size's and colour's names as they are now. */
  async insertMovements(executor: Executor, rows: readonly MovementInsert[]): Promise<void> {
    if (rows.length === 0) return;
    const values = rows.map(
      (m) => sql`(${m.productId}::int, ${m.sizeId}::int, ${m.colorId}::int, ${m.kind}::text, ${m.quantity}::int,
        ${m.availableAfter}::int, ${m.reservedAfter}::int, ${m.orderId ?? null}::uuid, ${m.actorId ?? null}::int,
        ${m.actor}::text, ${m.note ?? ''}::text)`,
    );
    await executor.execute(sql`
      insert into stock_movements (product_id, size_id, color_id, size_name, color_name, kind, quantity,
        available_after, reserved_after, order_id, actor_id, actor, note)
      select v.product_id, v.size_id, v.color_id,
        (select name from sizes where id = v.size_id), (select name from colors where id = v.color_id),
        v.kind, v.quantity, v.available_after, v.reserved_after, v.order_id, v.actor_id, v.actor, v.note
      from (values ${sql.join(values, sql`, `)}) as v(product_id, size_id, color_id, kind, quantity,
        available_after, reserved_after, order_id, actor_id, actor, note)`);
  },

  /** A product's movements, newest first, a page at a time. */
  async movements(
    executor: Executor,
    productId: number,
    page: number,
    pageSize: number,
  ): Promise<{ count: number; rows: MovementRow[] }> {
    const [counted] = await rowsOf<{ count: number }>(
      executor,
      sql`select count(*)::int as count from stock_movements where product_id = ${productId}`,
    );
    const rows = await rowsOf<MovementRow>(
      executor,
      sql`
        select id::int as id, created_at, kind, size_name as size, color_name as color, quantity,
          available_after, reserved_after, order_id::text as order_id, actor, note
        from stock_movements where product_id = ${productId}
        order by created_at desc, id desc
        limit ${pageSize} offset ${(page - 1) * pageSize}`,
    );
    return { count: counted?.count ?? 0, rows };
  },

  /** Counted variants below their product's threshold (or the shop's), fewest left first. */
  async lowStock(executor: Executor, defaultThreshold: number, limit: number): Promise<LowStockRow[]> {
    return rowsOf<LowStockRow>(
      executor,
      sql`
        select p.id as product_id, p.sku, p.name, z.name as size, c.name as color, s.available,
          coalesce(p.low_stock_threshold, ${defaultThreshold})::int as threshold
        from stock_levels s
        join products p on p.id = s.product_id
        left join sizes z on z.id = s.size_id
        left join colors c on c.id = s.color_id
        where s.available is not null and s.available < coalesce(p.low_stock_threshold, ${defaultThreshold})
          and p.offered
        order by s.available, p.name, z.position, c.position
        limit ${limit}`,
    );
  },

  /**
   * Low variants the manager has not been told of, marked told; and variants above their threshold
   * again, unmarked (so the next fall is told).
   */
  async claimLowAlerts(executor: Executor, defaultThreshold: number): Promise<LowStockRow[]> {
    await executor.execute(sql`
      update stock_levels s set low_alerted_at = null
      from products p
      where p.id = s.product_id and s.low_alerted_at is not null
        and (s.available is null or s.available >= coalesce(p.low_stock_threshold, ${defaultThreshold}))`);
    return rowsOf<LowStockRow>(
      executor,
      sql`
        with told as (
          update stock_levels s set low_alerted_at = now()
          from products p
          where p.id = s.product_id and s.low_alerted_at is null and p.offered
            and s.available is not null and s.available < coalesce(p.low_stock_threshold, ${defaultThreshold})
          returning s.product_id, s.size_id, s.color_id, s.available,
            coalesce(p.low_stock_threshold, ${defaultThreshold})::int as threshold
        )
        select t.product_id, p.sku, p.name, z.name as size, c.name as color, t.available, t.threshold
        from told t
        join products p on p.id = t.product_id
        left join sizes z on z.id = t.size_id
        left join colors c on c.id = t.color_id
        order by t.available, p.name`,
    );
  },

  async settings(executor: Executor): Promise<{ lowStockThreshold: number; telegramAlerts: boolean }> {
    const [row] = await rowsOf<{ lowStockThreshold: number; telegramAlerts: boolean }>(
      executor,
      sql`select low_stock_threshold as "lowStockThreshold", telegram_alerts as "telegramAlerts"
        from stock_settings where id = 1`,
    );
    return row ?? { lowStockThreshold: 3, telegramAlerts: false };
  },

  async saveSettings(
    executor: Executor,
    settings: { lowStockThreshold: number; telegramAlerts: boolean },
  ): Promise<void> {
    await executor.execute(sql`
      insert into stock_settings (id, low_stock_threshold, telegram_alerts)
      values (1, ${settings.lowStockThreshold}, ${settings.telegramAlerts})
      on conflict (id) do update set low_stock_threshold = excluded.low_stock_threshold,
        telegram_alerts = excluded.telegram_alerts`);
  },

  async setThreshold(executor: Executor, productId: number, threshold: number | null): Promise<void> {
    await executor.execute(sql`update products set low_stock_threshold = ${threshold} where id = ${productId}`);
  },

  /** How many shoppers wait for each of the product's variants. */
  async waiting(executor: Executor, productId: number): Promise<(Variant & { count: number })[]> {
    return rowsOf(
      executor,
      sql`
        select product_id as "productId", size_id as "sizeId", color_id as "colorId", count(*)::int as count
        from stock_alerts where product_id = ${productId} and notified_at is null
        group by 1, 2, 3`,
    );
  },

  /** A subscription; false when the address waits for this variant already. */
  async subscribe(
    executor: Executor,
    alert: Variant & { email: string; language: string; token: string },
  ): Promise<boolean> {
    const inserted = await rowsOf<{ id: number }>(
      executor,
      sql`
        insert into stock_alerts (product_id, size_id, color_id, email, language, token)
        values (${alert.productId}, ${alert.sizeId}, ${alert.colorId}, ${alert.email}, ${alert.language}, ${alert.token})
        on conflict do nothing
        returning id`,
    );
    return inserted.length > 0;
  },

  /** Removes the subscription the token names, mailed or not; false when there is none. */
  async unsubscribe(executor: Executor, token: string): Promise<boolean> {
    const removed = await rowsOf<{ id: number }>(
      executor,
      sql`delete from stock_alerts where token = ${token} returning id`,
    );
    return removed.length > 0;
  },

  /**
   * The waiting subscriptions of these products whose variant can be bought now (a subscription
   * without a size or colour waits for any), marked mailed in the same statement.
   */
  async claimDueAlerts(executor: Executor, productIds: readonly number[]): Promise<DueAlert[]> {
    if (productIds.length === 0) return [];
    return rowsOf<DueAlert>(
      executor,
      sql`
        with due as (
          update stock_alerts a set notified_at = now()
          from products p
          where a.product_id = any(${ids(productIds)}) and a.notified_at is null and p.id = a.product_id and p.offered
            and exists (
              select 1 from stock_levels s
              where s.product_id = a.product_id and ${canBuy}
                and (a.size_id is null or s.size_id = a.size_id)
                and (a.color_id is null or s.color_id = a.color_id))
          returning a.id, a.email, a.language, a.token, a.product_id, a.size_id, a.color_id
        )
        select d.id, d.email, d.language, d.token, d.product_id, p.name, p.name_ru, p.slug,
          c0.path as category_path, z.name as size, c.name as color, c.name_ru as color_ru
        from due d
        join products p on p.id = d.product_id
        join categories c0 on c0.id = p.category_id
        left join sizes z on z.id = d.size_id
        left join colors c on c.id = d.color_id
        order by d.id`,
    );
  },
};

export type StockRepository = typeof stockRepository;
