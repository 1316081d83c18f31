import type { OrderStatus } from '@kram/contract/orders';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { idempotencyKeys, orderItems, orders } from '../../db/schema.ts';

export interface SizeSnapshot {
  id: number;
  name: string;
}
export interface ColorSnapshot {
  id: number;
  name: string;
  name_ru: string;
  color_rgb: string | null;
}
export interface ImageSnapshot {
  image: string;
  color: number | null;
}

export interface NewOrderLine {
  productId: number;
  quantity: number;
  /** Unit price, a decimal string. */
  price: string;
  sku: string;
  name: string;
  nameRu: string;
  slug: string;
  categoryPath: string;
  images: ImageSnapshot[];
  sizes: SizeSnapshot[];
  colors: ColorSnapshot[];
  size: SizeSnapshot | null;
  color: ColorSnapshot | null;
}

export interface NewOrder {
  id: string;
  userId: number | null;
  status: OrderStatus;
  paymentMethod: string;
  deliveryType: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  city: string;
  branch: string;
  cityRef: string | null;
  branchRef: string | null;
  needCallBack: boolean;
  comment: string;
  amount: string;
  language: string;
  createdAt: Date;
}

export interface OrderRecord extends NewOrder {
  lines: (Omit<NewOrderLine, 'productId'> & { productId: number | null })[];
}

export interface IdempotencyClaim {
  scope: string;
  key: string;
  fingerprint: string;
}

export type CreateOutcome =
  | { outcome: 'created'; orderId: string }
  /** The key was used before (possibly by a submission still in flight, which this one waited for). */
  | { outcome: 'replayed'; orderId: string | null; fingerprint: string };

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderItems.$inferSelect;

function toRecord(row: OrderRow, lines: LineRow[]): OrderRecord {
  return {
    id: row.id,
    userId: row.userId,
    status: row.status as OrderStatus,
    paymentMethod: row.paymentMethod,
    deliveryType: row.deliveryType,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    city: row.city,
    branch: row.branch,
    cityRef: row.cityRef,
    branchRef: row.branchRef,
    needCallBack: row.needCallBack,
    comment: row.comment,
    amount: row.amount,
    language: row.language,
    createdAt: row.createdAt,
    lines: lines.map((l) => ({
      productId: l.productId,
      quantity: l.quantity,
      price: l.price,
      sku: l.sku,
      name: l.name,
      nameRu: l.nameRu,
      slug: l.slug,
      categoryPath: l.categoryPath,
      images: l.images as ImageSnapshot[],
      sizes: l.sizes as SizeSnapshot[],
      colors: l.colors as ColorSnapshot[],
      size: l.size as SizeSnapshot | null,
      color: l.color as ColorSnapshot | null,
    })),
  };
}

export function ordersRepository(database: Database) {
  const { db } = database;

  async function load(ids: string[], executor: Executor = db): Promise<OrderRecord[]> {
    if (ids.length === 0) return [];
    const [rows, lines] = await Promise.all([
      executor.select().from(orders).where(inArray(orders.id, ids)),
      executor
        .select()
        .from(orderItems)
        .where(inArray(orderItems.orderId, ids))
        .orderBy(asc(orderItems.orderId), asc(orderItems.position)),
    ]);
    const byOrder = new Map<string, LineRow[]>();
    for (const line of lines) byOrder.set(line.orderId, [...(byOrder.get(line.orderId) ?? []), line]);
    const byId = new Map(rows.map((r) => [r.id, toRecord(r, byOrder.get(r.id) ?? [])]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  return {
    /** The order a key placed, if the key was seen (read before pricing, so replays skip that work). */
    async claimed(scope: string, key: string): Promise<{ fingerprint: string; orderId: string | null } | undefined> {
      const [row] = await db
        .select({ fingerprint: idempotencyKeys.fingerprint, orderId: idempotencyKeys.orderId })
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
      return row;
    },

    /**
     * Writes the order and its lines in one transaction. With a claim, the key is inserted first: a
     * concurrent submission with the same key waits on it (PostgreSQL's unique index; PGlite runs one
     * transaction at a time) and then finds the key taken, so exactly one order is written.
     */
    async create(order: NewOrder, lines: NewOrderLine[], claim?: IdempotencyClaim): Promise<CreateOutcome> {
      return db.transaction(async (tx) => {
        if (claim) {
          const inserted = await tx
            .insert(idempotencyKeys)
            .values({ scope: claim.scope, key: claim.key, fingerprint: claim.fingerprint })
            .onConflictDoNothing()
            .returning({ key: idempotencyKeys.key });
          if (inserted.length === 0) {
            const [seen] = await tx
              .select({ fingerprint: idempotencyKeys.fingerprint, orderId: idempotencyKeys.orderId })
              .from(idempotencyKeys)
              .where(and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.key, claim.key)));
            return { outcome: 'replayed', orderId: seen?.orderId ?? null, fingerprint: seen?.fingerprint ?? '' };
          }
        }
        await tx.insert(orders).values(order);
        await tx.insert(orderItems).values(lines.map((line, position) => ({ ...line, orderId: order.id, position })));
        if (claim) {
          await tx
            .update(idempotencyKeys)
            .set({ orderId: order.id })
            .where(and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.key, claim.key)));
        }
        return { outcome: 'created', orderId: order.id };
      });
    },

    async byId(id: string, executor?: Executor): Promise<OrderRecord | undefined> {
      return (await load([id], executor))[0];
    },

    /** An order's status and payment method alone (the guest's status read). */
    async statusById(
      id: string,
      executor: Executor = db,
    ): Promise<{ id: string; status: OrderStatus; paymentMethod: string } | undefined> {
      const [row] = await executor
        .select({ id: orders.id, status: orders.status, paymentMethod: orders.paymentMethod })
        .from(orders)
        .where(eq(orders.id, id));
      return row ? { ...row, status: row.status as OrderStatus } : undefined;
    },

    /** A user's orders, newest first. */
    async forUser(userId: number, limit: number): Promise<OrderRecord[]> {
      const rows = await db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(limit);
      return load(rows.map((r) => r.id));
    },

    /** Moves an order to `to` if it is in one of `from`; false when it was not. */
    async setStatus(id: string, from: readonly OrderStatus[], to: OrderStatus, executor: Executor = db) {
      if (from.length === 0) return false;
      const rows = await executor
        .update(orders)
        .set({ status: to, updatedAt: sql`now()` })
        .where(and(eq(orders.id, id), inArray(orders.status, [...from])))
        .returning({ id: orders.id });
      return rows.length === 1;
    },
  };
}

export type OrdersRepository = ReturnType<typeof ordersRepository>;
