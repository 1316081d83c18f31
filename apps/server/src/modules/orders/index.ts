/**
 * Orders: the checkout (placing an order, whatever its payment), the shopper's orders, the manager's
 * changes, the back office's list and export, and who hears of each (mails, the manager's chat).
 */
import type { Language } from '@kram/contract/languages';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import type { OutboxRepository } from '../../infra/mail/outbox.repository.ts';
import type { RateLimiter } from '../../infra/rate-limit/rate-limiter.ts';
import type { ShopModule } from '../../lib/shop-module.ts';
import type { AccountEraser } from '../accounts/index.ts';
import type { AuditLog } from '../audit/index.ts';
import { type CardPayments, checkout } from './checkout.ts';
import { orderEraser } from './customer-orders.ts';
import { orderDashboard } from './order-dashboard.ts';
import type { OrderDiscounts } from './order-discount.ts';
import { orderEvents } from './order-events.ts';
import { orderListRepository, orderSearchCondition } from './order-list.repository.ts';
import { type InvoiceLookup, orderManagement } from './order-management.ts';
import { type MailOutbox, subscribeOrderNotifications } from './order-notifications.ts';
import type { PricingCatalog } from './order-pricing.ts';
import { type OrderRecord, ordersRepository } from './orders.repository.ts';
import { ordersRoutes } from './orders.routes.ts';
import { type DirectoryCheck, type OrderStock, ordersService } from './orders.service.ts';
import { promoTotalsRepository } from './promo-totals.repository.ts';
import { type StaffEmailLookup, staffOrdersService } from './staff-orders.service.ts';
import { noNotifier, type TelegramOptions, telegramNotifier } from './telegram.ts';

export type { CardPayments, Checkout } from './checkout.ts';
export { customerOrders } from './customer-orders.ts';
export type { OrderDashboard } from './order-dashboard.ts';
export type { OrderDiscounts } from './order-discount.ts';
export { type OrderErasureRepository, orderErasureRepository } from './order-erasure.repository.ts';
export type { OrderEventMap, OrderEvents } from './order-events.ts';
export { lineTitle } from './order-lines.ts';
export type { ShippingCondition } from './order-list.repository.ts';
export { renderOrderMail } from './order-mail.ts';
export type { CarrierMove, InvoiceLookup, OrderInvoice, OrderManagement } from './order-management.ts';
export { type MailOutbox, orderChangeMailKey, orderMailKey } from './order-notifications.ts';
export type { PricingCatalog } from './order-pricing.ts';
export type { DayTotal, OrderLineRow, OrderRecord } from './orders.repository.ts';
export type { DirectoryCheck, OrderStock, OrdersService, ParcelLookup } from './orders.service.ts';
export type { StaffEmailLookup, StaffOrdersService } from './staff-orders.service.ts';

/** What the orders module needs of the payments module: the card checkout, invoices, and news of payments. */
export interface OrderPayments extends CardPayments, InvoiceLookup {
  /** Registers who is told when an invoice is paid, and asked an order's language (the sandbox's). */
  follow(follower: {
    paid(orderId: string, tx: Executor): Promise<(() => Promise<void>) | undefined>;
    languageOf(orderId: string): Promise<Language | undefined>;
  }): void;
}

export interface OrdersModuleDeps {
  database: Database;
  /** Orders are priced from the catalogue (the catalogue module's API). */
  catalog: PricingCatalog;
  /** The carrier refs a branch order names are checked against the directory (the delivery module's API). */
  delivery: DirectoryCheck;
  payments: OrderPayments;
  /** The catalogue's stock: placing takes units, a status or line change gives them back or sends them. */
  stock: OrderStock;
  /** Promo codes (the promotions module's discounts): a code's discount on the order, used with it. */
  discounts: OrderDiscounts;
  /**
   * The mail outbox: order mails are written with what they report and sent by its worker; an erased
   * account's orders' mails still waiting are dropped.
   */
  outbox: MailOutbox & Pick<OutboxRepository, 'forgetOrders'>;
  /** Where the shop's copy of each order mail goes. */
  shopEmail: string;
  /** The storefront's address, for the links in the buyer's mails (the returns page). */
  publicUrl: string;
  /** The manager's chat, when configured. */
  telegram: TelegramOptions | undefined;
  audit: Pick<AuditLog, 'record' | 'list'>;
  /**
   * The accounts module: a member of staff's e-mail names a note's author, and deleting an account on
   * request takes its buyer's data out of its orders.
   */
  accounts: { emailOf: StaffEmailLookup; onErase(eraser: AccountEraser): void };
  limits: RateLimiter;
  log: FastifyBaseLogger;
}

export type OrdersModule = ReturnType<typeof ordersModule>;

/**
 * The orders module: its services, its mails and chat notices wired to its events, and a plugin with
 * its routes under /api. It follows the payments module's news of paid invoices.
 */
export function ordersModule(deps: OrdersModuleDeps) {
  const { database, payments, log } = deps;
  const repo = ordersRepository(database);
  const events = orderEvents(log);
  const notifier = deps.telegram ? telegramNotifier(deps.telegram, log) : noNotifier;
  // The fiscal module names the receipt's link once it is built (`fiscal.linkReceiptsWith`).
  let receiptLink: (order: OrderRecord, tx: Executor) => Promise<string | undefined> = async () => undefined;
  subscribeOrderNotifications(events, {
    outbox: deps.outbox,
    notifier,
    shopEmail: deps.shopEmail,
    publicUrl: deps.publicUrl,
    receiptLink: (order, tx) => receiptLink(order, tx),
  });
  const orders = ordersService({
    repo,
    catalog: deps.catalog,
    directory: deps.delivery,
    events,
    stock: deps.stock,
    discounts: deps.discounts,
  });
  // Whoever moves an order (a manager, the carrier's news) or changes its lines, its stock follows.
  events.onWrite('statusChanged', ({ order }, tx) => deps.stock.settle(order, tx));
  events.onWrite('linesChanged', ({ order }, tx) => deps.stock.settle(order, tx));
  const placing = checkout({ orders, payments, events });
  payments.follow({ paid: orders.paymentReceived, languageOf: orders.languageOf });
  deps.accounts.onErase(orderEraser(database, deps.outbox));
  const management = orderManagement({ repo, events, audit: deps.audit, invoices: payments });
  const list = orderListRepository(database);
  const staff = staffOrdersService({
    repo: list,
    orders: management,
    audit: deps.audit,
    staffEmail: deps.accounts.emailOf,
    parcels: orders.parcelsOf,
  });
  const module: ShopModule = {
    plugin: async (app) => {
      await app.register(ordersRoutes(orders, placing, deps.limits), { prefix: '/api' });
    },
  };
  return {
    ...module,
    /** Placing an order, on receipt or by card. */
    checkout: placing,
    /** The shopper's side: one order, its status, a shopper's orders. */
    orders,
    /** The back office's side: the list, one order whole, the export's orders, the manager's changes. */
    staff,
    /**
     * What the shipping module needs of orders: one order whole, and its moves on the carrier's news
     * (through the same transitions, audit log and mails as a manager's).
     */
    shipping: {
      byId: management.byId,
      byIds: management.byIds,
      carrierMove: management.carrierMove,
      /** The manager's chat. */
      notifyManager: (text: string) => notifier.notify(text),
      /** A waybill was made for the order (in `tx`): its goods are leaving, their stock is sold. */
      waybillMade: async (orderId: string, tx: Executor) => {
        const order = await repo.byId(orderId, tx);
        if (order) await deps.stock.sell(order, tx);
      },
      /** The shipping module answers the order list's shipping filters. */
      filterOrdersWith: list.filterShippingWith,
      /** The shipping module tells the shopper's pages which parcel each order travels in. */
      describeParcelsWith: orders.describeParcelsWith,
    },
    /**
     * What the fiscal module needs of orders: a receipt is written in the transaction of each card
     * payment and of each move (a cash-on-delivery parcel leaving), and the payment mail links it.
     */
    fiscal: {
      byId: management.byId,
      onPaymentReceived: (listener: (order: OrderRecord, tx: Executor) => Promise<void>) =>
        events.onWrite('paymentReceived', ({ order }, tx) => listener(order, tx)),
      onStatusChanged: (listener: (order: OrderRecord, tx: Executor) => Promise<void>) =>
        events.onWrite('statusChanged', ({ order }, tx) => listener(order, tx)),
      afterPaymentReceived: (listener: () => Promise<void>) => events.on('paymentReceived', () => listener()),
      linkReceiptsWith: (link: (order: OrderRecord, tx: Executor) => Promise<string | undefined>) => {
        receiptLink = link;
      },
    },
    /**
     * What the returns module needs of orders: one order whole (read in a transaction when given), the
     * order locked while a return is asked for (so two requests count what is left one after the
     * other), and the back office's search over the orders of its list.
     */
    returns: {
      byId: (orderId: string, executor?: Executor) => repo.byId(orderId, executor),
      byIds: (orderIds: string[]) => repo.byIds(orderIds),
      lock: (orderId: string, tx: Executor) => repo.lock(orderId, tx),
      searchCondition: orderSearchCondition,
    },
    /** How many orders are in each status (the metrics, the dashboard). */
    countByStatus: orders.countByStatus,
    /** What the orders placed with each promo code paid and saved (the back office's promo codes). */
    promoTotals: promoTotalsRepository(database),
    /** The back office's dashboard: revenue by day and orders awaiting work. */
    dashboard: orderDashboard({
      dayTotals: repo.dailyTotals,
      countByStatus: orders.countByStatus,
      countShipping: list.countShipping,
    }),
  };
}
