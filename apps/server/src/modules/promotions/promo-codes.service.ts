import {
  type AdminPromoCode,
  type AdminPromoCodeCreate,
  type AdminPromoCodeListQuery,
  type AdminPromoCodeUpdate,
  adminPromotionMessages as messages,
} from '@kram/contract/admin-promotions';
import { formatMoney, normalizeMoney, parseMoney } from '@kram/contract/money';
import { type OrderItemInput, orderMessages } from '@kram/contract/orders';
import { promoMessages } from '@kram/contract/promotions';
import type { Executor } from '../../db/client.ts';
import { Conflict, type FieldMessages, InvalidInput, noMatch, type Said } from '../../lib/domain-errors.ts';
import type { AuditActor, AuditLog } from '../audit/index.ts';
import type { PromoCodeInsert, PromoCodeRecord, PromoCodesRepository } from './promo-codes.repository.ts';
import {
  type Buyer,
  customerKeys,
  type DiscountLine,
  instantOf,
  type PromoCodeRules,
  quoteDiscount,
} from './promo-rules.ts';
import { type PromotionsCatalog, unknownIdErrors } from './targets.ts';

export type { PromotionsCatalog } from './targets.ts';

/** What orders placed with each code came to (the orders module answers from its own table). */
export type PromoTotals = (codes: readonly string[]) => Promise<Map<string, { revenue: string; discounts: string }>>;

/** A discount the checkout may take: priced, not yet redeemed. */
export interface AcceptedPromo {
  codeId: number;
  code: string;
  discount: string;
  maxUsesPerCustomer: number | null;
  customerKeys: string[];
}

export type PromoOutcome = { ok: true; promo: AcceptedPromo } | { ok: false; refusal: string | Said };

export interface PromoCodesDeps {
  repo: PromoCodesRepository;
  catalog: PromotionsCatalog;
  audit: Pick<AuditLog, 'record'>;
  now?: () => Date;
}

const refused = (refusal: string | Said) => new InvalidInput({ promo_code: [refusal] });

const audited = (row: PromoCodeRecord) => ({
  code: row.code,
  kind: row.kind,
  value: row.value,
  min_total: row.minTotal,
  starts_at: row.startsAt,
  ends_at: row.endsAt,
  max_uses: row.maxUses,
  max_uses_per_customer: row.maxUsesPerCustomer,
  category_ids: row.categoryIds,
  product_ids: row.productIds,
  exclude_promo: row.excludePromo,
  active: row.active,
});

const notFound = () => noMatch('promo code');

/** Promo codes: the checkout's quote and redemption, and the back office's codes with their uses. */
export function promoCodesService({ repo, catalog, audit, now = () => new Date() }: PromoCodesDeps) {
  let totalsOf: PromoTotals = async () => new Map();

  async function rulesOf(record: PromoCodeRecord | undefined): Promise<PromoCodeRules | undefined> {
    if (!record) return undefined;
    const paths = await catalog.categoryPaths(record.categoryIds);
    return { ...record, categoryPaths: [...paths.values()] };
  }

  /** The code's discount on these lines for this buyer, or why it is refused. */
  async function quote(code: string, lines: readonly DiscountLine[], buyer: Buyer | null): Promise<PromoOutcome> {
    const record = code === '' ? undefined : await repo.byCode(code.toUpperCase());
    const quoted = quoteDiscount(await rulesOf(record), lines, now());
    if (!quoted.ok) return quoted;
    const keys = buyer ? customerKeys(buyer) : [];
    const limit = quoted.code.maxUsesPerCustomer;
    if (limit !== null && keys.length > 0 && (await repo.customerUses(quoted.code.id, keys)) >= limit) {
      return { ok: false, refusal: promoMessages.alreadyUsed };
    }
    return {
      ok: true,
      promo: {
        codeId: quoted.code.id,
        code: quoted.code.code,
        discount: formatMoney(quoted.discount),
        maxUsesPerCustomer: limit,
        customerKeys: keys,
      },
    };
  }

  /** Refuses targets that name no category or product; the fields as the form names them. */
  async function checkTargets(categoryIds: readonly number[] = [], productIds: readonly number[] = []) {
    const errors = await unknownIdErrors(catalog, categoryIds, productIds);
    if (Object.keys(errors).length > 0) throw new InvalidInput(errors);
  }

  async function toAdmin(rows: PromoCodeRecord[]): Promise<AdminPromoCode[]> {
    const totals = await totalsOf(rows.map((r) => r.code));
    return rows.map((row) => ({
      id: row.id,
      code: row.code,
      kind: row.kind,
      value: row.value,
      min_total: row.minTotal,
      starts_at: row.startsAt?.toISOString() ?? null,
      ends_at: row.endsAt?.toISOString() ?? null,
      max_uses: row.maxUses,
      max_uses_per_customer: row.maxUsesPerCustomer,
      category_ids: row.categoryIds,
      product_ids: row.productIds,
      exclude_promo: row.excludePromo,
      active: row.active,
      uses: row.used,
      revenue: totals.get(row.code)?.revenue ?? '0.00',
      discounts: totals.get(row.code)?.discounts ?? '0.00',
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    }));
  }

  const one = async (row: PromoCodeRecord) => (await toAdmin([row]))[0] as AdminPromoCode;

  /** The columns a create or an update writes, with the period and the kind's value checked. */
  function columnsOf(input: AdminPromoCodeUpdate, before?: PromoCodeRecord): Partial<PromoCodeInsert> {
    const errors: FieldMessages = {};
    const columns: Partial<PromoCodeInsert> = {};
    if (input.code !== undefined) columns.code = input.code;
    if (input.kind !== undefined) columns.kind = input.kind;
    if (input.value !== undefined) columns.value = normalizeMoney(input.value);
    if (input.min_total !== undefined)
      columns.minTotal = input.min_total === null ? null : normalizeMoney(input.min_total);
    if (input.starts_at !== undefined) columns.startsAt = input.starts_at === null ? null : instantOf(input.starts_at);
    if (input.ends_at !== undefined) columns.endsAt = input.ends_at === null ? null : instantOf(input.ends_at);
    if (input.max_uses !== undefined) columns.maxUses = input.max_uses;
    if (input.max_uses_per_customer !== undefined) columns.maxUsesPerCustomer = input.max_uses_per_customer;
    if (input.exclude_promo !== undefined) columns.excludePromo = input.exclude_promo;
    if (input.active !== undefined) columns.active = input.active;

    const kind = columns.kind ?? before?.kind;
    const value = columns.value ?? before?.value;
    if (value !== undefined && parseMoney(value) === 0) errors.value = [messages.valueZero];
    else if (kind === 'percent' && value !== undefined && parseMoney(value) > 10_000) {
      errors.value = [messages.percentTooLarge];
    }
    const startsAt = columns.startsAt === undefined ? before?.startsAt : columns.startsAt;
    const endsAt = columns.endsAt === undefined ? before?.endsAt : columns.endsAt;
    if (startsAt && endsAt && endsAt <= startsAt) errors.ends_at = [messages.endBeforeStart];
    const maxUses = columns.maxUses === undefined ? before?.maxUses : columns.maxUses;
    if (before && maxUses != null && maxUses < before.used) errors.max_uses = [messages.maxBelowUsed];
    if (before && before.used > 0 && columns.code !== undefined && columns.code !== before.code) {
      errors.code = [messages.usedCannotRename];
    }
    if (Object.keys(errors).length > 0) throw new InvalidInput(errors);
    return columns;
  }

  async function takenCheck(tx: Executor, code: string | undefined, self?: number) {
    if (code !== undefined && (await repo.codeTaken(tx, code, self))) {
      throw new InvalidInput({ code: [messages.codeTaken] });
    }
  }

  return {
    quote,

    /**
     * The checkout's preview: the cart priced from the catalogue, the code's discount on it and what
     * is left to pay, or its refusal as a field error on `promo_code`. The buyer is not known yet, so
     * uses per customer are counted when the order is placed.
     */
    async check(
      code: string,
      items: readonly OrderItemInput[],
    ): Promise<{ code: string; discount: string; amount: string }> {
      const products = new Map(
        (await catalog.productsForPricing([...new Set(items.map((i) => i.product))])).map((p) => [p.id, p]),
      );
      const errors: FieldMessages = {};
      const lines = items.flatMap((item, index): DiscountLine[] => {
        const product = products.get(item.product);
        if (!product?.price) {
          errors[`items.${index}.product`] = [orderMessages.productMissing];
          return [];
        }
        const { id, price, category_full_path: categoryPath, is_on_promo: onPromo } = product;
        return [{ productId: id, price, quantity: item.quantity, categoryPath, onPromo }];
      });
      if (Object.keys(errors).length > 0) throw new InvalidInput(errors);
      const outcome = await quote(code, lines, null);
      if (!outcome.ok) throw refused(outcome.refusal);
      const subtotal = lines.reduce((sum, l) => sum + parseMoney(l.price) * l.quantity, 0);
      const { discount } = outcome.promo;
      return { code: outcome.promo.code, discount, amount: formatMoney(subtotal - parseMoney(discount)) };
    },

    /**
     * Takes the use in the order's transaction: a code used up, for everyone or for this buyer, since
     * it was quoted refuses the order (which `tx` then does not write).
     */
    async redeem(promo: AcceptedPromo, orderId: string, tx: Executor): Promise<void> {
      const outcome = await repo.redeem(tx, { ...promo, orderId });
      if (outcome === 'used_up') throw refused(promoMessages.usedUp);
      if (outcome === 'customer_used_up') throw refused(promoMessages.alreadyUsed);
    },

    /** Lets the orders module say what the orders placed with each code came to. */
    countTotalsWith(lookup: PromoTotals): void {
      totalsOf = lookup;
    },

    async list(query: AdminPromoCodeListQuery): Promise<{ count: number; results: AdminPromoCode[] }> {
      const { count, rows } = await repo.list(query);
      return { count, results: await toAdmin(rows) };
    },

    async get(id: number): Promise<AdminPromoCode> {
      const row = await repo.byId(id);
      if (!row) throw notFound();
      return one(row);
    },

    async create(actor: AuditActor, input: AdminPromoCodeCreate): Promise<AdminPromoCode> {
      const columns = columnsOf(input) as PromoCodeInsert;
      await checkTargets(input.category_ids, input.product_ids);
      const row = await repo.transaction(async (tx) => {
        await takenCheck(tx, columns.code);
        const id = await repo.insert(tx, columns, input.category_ids ?? [], input.product_ids ?? []);
        const after = await repo.byId(id, tx);
        if (!after) throw new Error(`promo code ${id} vanished inside its own transaction`);
        await audit.record(tx, actor, {
          action: 'promo_code.create',
          entity: 'promo_code',
          entityId: id,
          before: null,
          after: audited(after),
        });
        return after;
      });
      return one(row);
    },

    async update(actor: AuditActor, id: number, input: AdminPromoCodeUpdate): Promise<AdminPromoCode> {
      await checkTargets(input.category_ids, input.product_ids);
      const row = await repo.transaction(async (tx) => {
        const before = await repo.lock(tx, id);
        if (!before) throw notFound();
        const columns = columnsOf(input, before);
        await takenCheck(tx, columns.code, id);
        await repo.update(tx, id, columns, input.category_ids, input.product_ids);
        const after = (await repo.byId(id, tx)) as PromoCodeRecord;
        if (JSON.stringify(audited(before)) !== JSON.stringify(audited(after))) {
          await audit.record(tx, actor, {
            action: 'promo_code.update',
            entity: 'promo_code',
            entityId: id,
            before: audited(before),
            after: audited(after),
          });
        }
        return after;
      });
      return one(row);
    },

    /** Deletes a code no order was placed with; one that was is switched off instead. */
    async remove(actor: AuditActor, id: number): Promise<void> {
      await repo.transaction(async (tx) => {
        const before = await repo.lock(tx, id);
        if (!before) throw notFound();
        if (before.used > 0) throw new Conflict(messages.usedCannotDelete);
        await repo.remove(tx, id);
        await audit.record(tx, actor, {
          action: 'promo_code.delete',
          entity: 'promo_code',
          entityId: id,
          before: audited(before),
          after: null,
        });
      });
    },
  };
}

export type PromoCodesService = ReturnType<typeof promoCodesService>;
