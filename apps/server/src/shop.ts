import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Infrastructure } from './infrastructure.ts';
import type { ShopModule } from './lib/shop-module.ts';
import { accountsModule } from './modules/accounts/index.ts';
import { adminModule } from './modules/admin/index.ts';
import { auditLog, auditRepository } from './modules/audit/index.ts';
import { captchaModule } from './modules/captcha/index.ts';
import { catalogModule, lowStockJob } from './modules/catalog/index.ts';
import { contentModule } from './modules/content/index.ts';
import { deliveryModule } from './modules/delivery/index.ts';
import { feedbackModule } from './modules/feedback/index.ts';
import { fiscalModule } from './modules/fiscal/index.ts';
import { customerOrders, ordersModule } from './modules/orders/index.ts';
import { paymentsModule } from './modules/payments/index.ts';
import { promotionsCatalog, promotionsModule } from './modules/promotions/index.ts';
import { ratingsModule } from './modules/ratings/index.ts';
import { returnsModule, senderAddress } from './modules/returns/index.ts';
import { searchInsightsModule } from './modules/search-insights/index.ts';
import { sharingModule } from './modules/sharing/index.ts';
import { shippingModule } from './modules/shipping/index.ts';
import { sitemapModule } from './modules/sitemap/index.ts';
import { vitalsModule } from './modules/vitals/index.ts';
import { wishlistModule } from './modules/wishlist/index.ts';

export interface ShopOptions {
  config: Config;
  database: Database;
  infra: Infrastructure;
  log: FastifyBaseLogger;
  /** Told once the catalogue is warm (or failed to warm): the process is ready for traffic. */
  ready: () => void;
  /** How often the catalogue and home content caches compare their version with the database's, in ms. */
  cacheCheckIntervalMs?: number;
  /** How long a process trusts what it read about an account (active, staff) for bearer tokens, in ms. */
  accountCacheMs?: number;
}

/**
 * The shop's business modules, each given the others' public APIs it needs, in the order their
 * plugins are registered. A module depends only on modules built before it, so no two depend on
 * each other; a later module takes part in an earlier one's work through a port the earlier one
 * offers (orders in deleting an account, through `accounts.onErase`; orders in a paid invoice,
 * through `payments.follow`).
 */
export function shopModules({ config, database, infra, log, ready, ...options }: ShopOptions) {
  const { secret, mailer, outbox, limits } = infra;
  const audit = auditLog(auditRepository(database));
  const searchInsights = searchInsightsModule({ database, log });
  const catalog = catalogModule({
    database,
    audit,
    mediaDir: config.mediaDir,
    log,
    cacheCheckIntervalMs: options.cacheCheckIntervalMs,
    observer: infra.catalogObserver,
    searched: searchInsights.record,
    warmed: ready,
    outbox,
    publicUrl: config.publicUrl,
    limits,
  });
  const accounts = accountsModule({
    database,
    secret,
    publicUrl: config.publicUrl,
    accountCacheMs: options.accountCacheMs,
    mailer,
    outbox,
    limits,
    audit,
    log,
    customerOrders: customerOrders(database),
  });
  // Reset links are mailed after the answer: the ones under way go out before the mailer closes.
  infra.beforeMailStops(accounts.settled);
  const captcha = captchaModule({
    database,
    secret,
    maxNumber: config.captchaMaxNumber,
    recaptcha: config.recaptcha,
    log,
  });
  const feedback = feedbackModule({
    database,
    captcha,
    mailer,
    shopEmail: config.shopEmail,
    limits,
    audit,
    emailsOf: accounts.emailsOf,
    log,
  });
  const wishlist = wishlistModule({ database, catalog });
  accounts.onErase(wishlist.eraseAccount);
  const ratings = ratingsModule({
    database,
    catalog,
    names: {
      products: catalog.productLabels,
      productIdsNamed: catalog.productIdsNamed,
      emails: accounts.emailsOf,
      userIdsWithEmail: accounts.idsWithEmailContaining,
    },
  });
  const content = contentModule({
    database,
    audit,
    log,
    mediaDir: config.mediaDir,
    checkIntervalMs: options.cacheCheckIntervalMs,
  });
  const { locks, jobs } = infra;
  const delivery = deliveryModule({ database, novaPoshta: config.novaPoshta, locks, jobs, audit, log });
  // Card payments: Monobank with a token, else the shop's own sandbox, which signs like Monobank.
  const payments = paymentsModule({ database, config, log });
  const promotions = promotionsModule({ database, catalog: promotionsCatalog(catalog), audit, limits, jobs });
  const orders = ordersModule({
    database,
    catalog,
    stock: catalog.stock,
    delivery,
    payments,
    discounts: promotions.discounts,
    outbox,
    shopEmail: config.shopEmail,
    publicUrl: config.publicUrl,
    telegram: config.telegram,
    audit,
    accounts,
    limits,
    log,
  });
  // The manager's chat hears of variants running low (when the stock settings say so).
  jobs.add(lowStockJob(catalog.stock, orders.shipping.notifyManager));
  promotions.codes.countTotalsWith(orders.promoTotals);
  const shipping = shippingModule({
    database,
    config,
    orders: orders.shipping,
    directory: delivery,
    weights: catalog.productWeights,
    outbox,
    audit,
    locks,
    jobs,
    log,
  });
  // Fiscal receipts: Checkbox with a licence key, else the shop's own stand-in for the cash register.
  const fiscal = fiscalModule({
    database,
    config,
    orders: orders.fiscal,
    products: catalog,
    audit,
    jobs,
    notifyManager: orders.shipping.notifyManager,
    log,
  });
  // Returns and their refunds: after orders, payments, stock and fiscal receipts, whose ports they use.
  const returns = returnsModule({
    database,
    orders: orders.returns,
    payments,
    stock: catalog.stock,
    receipts: fiscal,
    outbox,
    audit,
    shopEmail: config.shopEmail,
    // The carrier's sender branch when it is set (a return parcel goes there), else the shop's address.
    shopAddress: async () => senderAddress(await shipping.settings()) || config.shopAddress,
    limits,
  });
  const vitals = vitalsModule({ database, limits, log });
  const admin = adminModule({
    audit,
    accounts,
    catalog,
    content,
    feedback: feedback.inbox,
    ratings: ratings.moderation,
    delivery,
    dashboard: orders.dashboard,
    orders: orders.staff,
    promotions,
    searchInsights,
    shipping,
    fiscal: fiscal.admin,
    returns: returns.staff,
    vitals,
  });
  const sharing = sharingModule({ mediaDir: config.mediaDir, catalog, shopName: 'kram', publicUrl: config.publicUrl });
  const sitemap = sitemapModule({ catalog });
  const modules: ShopModule[] = [
    searchInsights,
    catalog,
    content,
    accounts,
    wishlist,
    ratings,
    sitemap,
    captcha,
    feedback,
    delivery,
    promotions,
    orders,
    payments,
    shipping,
    fiscal,
    returns,
    vitals,
    admin,
    sharing,
  ];
  return { modules, accounts, catalog, orders, payments, promotions, shipping };
}
