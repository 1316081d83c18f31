/**
 * Promotions: promo codes (the checkout's one code per order, with their limits, counted in the
 * order's transaction) and scheduled sales (prices set and restored by the scheduler on their dates).
 * Orders take a code's discount through `discounts`; the back office changes both through
 * `codes` and `sales`.
 */
import type { Database } from '../../db/client.ts';
import type { Scheduler } from '../../infra/jobs/scheduler.ts';
import type { RateLimiter } from '../../infra/rate-limit/rate-limiter.ts';
import type { ShopModule } from '../../lib/shop-module.ts';
import type { AuditLog } from '../audit/index.ts';
import type { CatalogApi, SalePrices } from '../catalog/index.ts';
import { promoCodesRepository } from './promo-codes.repository.ts';
import { type PromotionsCatalog, promoCodesService } from './promo-codes.service.ts';
import { promotionsRoutes } from './promotions.routes.ts';
import { salesRepository } from './sales.repository.ts';
import { salesService } from './sales.service.ts';

export type {
  AcceptedPromo,
  PromoCodesService,
  PromoOutcome,
  PromoTotals,
  PromotionsCatalog,
} from './promo-codes.service.ts';
export type { Buyer, DiscountLine } from './promo-rules.ts';
export type { SalesService } from './sales.service.ts';

/**
 * The demo shop's promo code, named in the README: 10 % off everything, from now on, with limits no
 * demo reaches.
 */
export const demoPromoCode = {
  code: 'KRAM10',
  kind: 'percent',
  value: '10.00',
  maxUses: 100_000,
  maxUsesPerCustomer: 100,
} as const;

/** Adds the demo promo code unless a code of that name exists (the demo seed's). */
export const addDemoPromoCode = (database: Database) => promoCodesRepository(database).insertIfMissing(demoPromoCode);

/** The single-runner lock's name of the job that starts and ends sales. */
export const salesJob = 'promotions-sales';

export interface PromotionsModuleDeps {
  database: Database;
  /** The catalogue's API: category paths, products, prices for the preview, and the sales' price writes. */
  catalog: PromotionsCatalog & { salePrices: SalePrices };
  audit: Pick<AuditLog, 'record'>;
  limits: RateLimiter;
  jobs: Scheduler;
  /** Tests: the clock. */
  now?: () => Date;
}

export type PromotionsModule = ReturnType<typeof promotionsModule>;

/** What promotions read and write of the catalogue, from its API. */
export function promotionsCatalog(catalog: CatalogApi): PromotionsModuleDeps['catalog'] {
  return {
    async categoryPaths(ids) {
      if (ids.length === 0) return new Map();
      const { results } = await catalog.categories.list({
        id: [...new Set(ids)],
        page: 1,
        page_size: 200,
        order: 'asc',
      });
      return new Map(results.map((c) => [c.id, c.path]));
    },
    existingProducts: async (ids) => new Set((await catalog.productLabels(ids)).keys()),
    productsForPricing: catalog.productsForPricing,
    salePrices: catalog.salePrices,
  };
}

export function promotionsModule(deps: PromotionsModuleDeps) {
  const { database, catalog, audit, jobs, now } = deps;
  const codes = promoCodesService({ repo: promoCodesRepository(database), catalog, audit, now });
  const sales = salesService({
    repo: salesRepository(database),
    catalog,
    audit,
    now,
    rescheduled: () => jobs.wake(salesJob),
  });
  jobs.add({ name: salesJob, dueAt: sales.dueAt, run: sales.runDue });

  const module: ShopModule = {
    plugin: async (app) => {
      await app.register(promotionsRoutes(codes, deps.limits), { prefix: '/api' });
    },
  };
  return {
    ...module,
    codes,
    sales,
    /** What the checkout asks of promo codes: a discount for a cart, and its use with the order. */
    discounts: { quote: codes.quote, redeem: codes.redeem },
  };
}
