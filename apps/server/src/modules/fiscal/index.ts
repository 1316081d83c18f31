/**
 * Fiscal receipts: a software cash register (Checkbox) issues a receipt for every card payment, for a
 * pickup order paid at the counter, and a return receipt for every refund; a cash-on-delivery parcel's
 * receipt is the carrier's, recorded and not issued. Receipts are written to an outbox of their own in
 * the transaction of what they record and issued by a worker, never twice. Without a licence key the
 * shop's own stand-in for the register answers the same protocol (outside production by default).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { Scheduler } from '../../infra/jobs/scheduler.ts';
import type { ShopModule } from '../../lib/shop-module.ts';
import type { AuditLog } from '../audit/index.ts';
import type { OrderRecord } from '../orders/index.ts';
import { checkboxRegister } from './checkbox-register.ts';
import { checkboxHttpTransport, checkboxInProcessTransport } from './checkbox-transport.ts';
import { fiscalRoutes, receiptPageRoutes } from './fiscal.routes.ts';
import { type FiscalOrderLookup, type FiscalProducts, fiscalService } from './fiscal.service.ts';
import { receiptPdfPath } from './receipt-views.ts';
import { receiptWorker } from './receipt-worker.ts';
import { dedupeKeys, type Refund, receiptWriters } from './receipt-writers.ts';
import { receiptsRepository } from './receipts.repository.ts';
import type { FiscalRegister } from './register.ts';
import { type CheckboxSandbox, checkboxSandbox } from './sandbox/checkbox-sandbox.ts';
import { sandboxReceiptPdf } from './sandbox/receipt-print.ts';
import { sandboxReceiptPath, sandboxReceiptRoutes } from './sandbox/sandbox.routes.ts';
import { databaseSandboxStore } from './sandbox/sandbox-store.ts';
import { settingsRepository } from './settings.repository.ts';
import { shiftsRepository } from './shifts.repository.ts';
import { nextCloseAfter, shiftCloseLock, shiftKeeper } from './shifts.ts';

export type { FiscalService } from './fiscal.service.ts';
export type { Refund } from './receipt-writers.ts';
export type { FiscalRegister } from './register.ts';

/** What the fiscal module needs of the orders module: its payments and moves, and one order whole. */
export interface FiscalOrders extends FiscalOrderLookup {
  /** `listener` writes in the transaction that records a card payment. */
  onPaymentReceived(listener: (order: OrderRecord, tx: Executor) => Promise<void>): void;
  /** `listener` writes in the transaction that moves an order to another status. */
  onStatusChanged(listener: (order: OrderRecord, tx: Executor) => Promise<void>): void;
  /** `listener` is told once a card payment is committed. */
  afterPaymentReceived(listener: () => Promise<void>): void;
  /** The payment mail links the receipt with what `link` answers for the order (in the payment's `tx`). */
  linkReceiptsWith(link: (order: OrderRecord, tx: Executor) => Promise<string | undefined>): void;
}

export interface FiscalModuleDeps {
  database: Database;
  config: Pick<Config, 'env' | 'checkbox' | 'fiscalSandbox' | 'publicUrl'>;
  orders: FiscalOrders;
  products: FiscalProducts;
  audit: Pick<AuditLog, 'record'>;
  jobs: Scheduler;
  /** The manager's chat: receipts not issued within an hour are told there. */
  notifyManager: (text: string) => Promise<void>;
  log: FastifyBaseLogger;
  /** How often the worker looks for due receipts without a wake-up, in ms. */
  workerIntervalMs?: number;
}

/** The stand-in's credentials: it is in the same process, so they only follow the protocol's form. */
const sandboxCredentials = { licenseKey: 'sandbox-license-key', pinCode: '0000' };

/** Checkbox with a licence key; else the stand-in when allowed; else none (receipts cannot be issued). */
function configuredRegister(
  database: Database,
  config: FiscalModuleDeps['config'],
): { register: FiscalRegister | undefined; sandbox: CheckboxSandbox | undefined } {
  if (config.checkbox) {
    const { apiUrl, licenseKey, pinCode, receiptUrl } = config.checkbox;
    return {
      register: checkboxRegister({ transport: checkboxHttpTransport({ apiUrl }), licenseKey, pinCode, receiptUrl }),
      sandbox: undefined,
    };
  }
  if (!config.fiscalSandbox) return { register: undefined, sandbox: undefined };
  const pageUrl = (id: string) => `${config.publicUrl}${sandboxReceiptPath(id)}`;
  const sandbox = checkboxSandbox(databaseSandboxStore(database), {
    ...sandboxCredentials,
    pageUrl,
    pdf: sandboxReceiptPdf,
  });
  const register = checkboxRegister({
    transport: checkboxInProcessTransport(sandbox.handle),
    ...sandboxCredentials,
    receiptUrl: `${config.publicUrl}/fiscal/sandbox/receipts`,
    kind: 'sandbox',
  });
  return { register, sandbox };
}

export type FiscalModule = ReturnType<typeof fiscalModule>;

export function fiscalModule(deps: FiscalModuleDeps) {
  const { database, config, log } = deps;
  const { register, sandbox } = configuredRegister(database, config);
  if (config.env === 'production' && sandbox) {
    log.warn(
      "FISCAL_SANDBOX=true in production: receipts are issued by the shop's own stand-in for the cash register, " +
        'which fiscalises nothing. Set CHECKBOX_LICENSE_KEY and CHECKBOX_CASHIER_PIN to issue real receipts.',
    );
  } else if (config.env === 'production' && !register) {
    log.warn(
      'fiscal receipts are off: set CHECKBOX_LICENSE_KEY and CHECKBOX_CASHIER_PIN (the software cash register) ' +
        'to issue the receipts the law asks for card payments and refunds',
    );
  }
  const settings = settingsRepository(database);
  const receipts = receiptsRepository(database);
  const shifts = shiftsRepository(database);
  const writers = receiptWriters({ receipts, settings, hasRegister: register !== undefined });
  const keeper = register ? shiftKeeper({ register, shifts, settings }) : undefined;
  const worker =
    register && keeper
      ? receiptWorker({
          register,
          receipts,
          shifts: keeper,
          active: () => writers.active(),
          notifyManager: deps.notifyManager,
          log,
          intervalMs: deps.workerIntervalMs,
        })
      : undefined;
  const links = {
    pageUrl: (id: string) => register?.pageUrl(id),
    pdfUrl: (orderId: string, id: string) => `${config.publicUrl}${receiptPdfPath(orderId, id)}`,
  };
  const service = fiscalService({
    settings,
    receipts,
    shifts,
    writers,
    register,
    keeper,
    worker,
    orders: deps.orders,
    products: deps.products,
    audit: deps.audit,
    links,
  });

  deps.orders.onPaymentReceived((order, tx) => writers.paymentReceived(order, tx));
  deps.orders.onStatusChanged((order, tx) => writers.orderShipped(order, tx));
  deps.orders.afterPaymentReceived(async () => worker?.wake());
  deps.orders.linkReceiptsWith(async (order, tx) =>
    (await writers.active(tx)) ? `${config.publicUrl}/receipt/${order.id}` : undefined,
  );

  if (keeper) {
    deps.jobs.add({
      name: shiftCloseLock,
      async dueAt() {
        const row = await settings.ensure();
        if (!row.shiftCloseTime) return new Date(Date.now() + 24 * 3_600_000);
        return nextCloseAfter(row.lastCloseAt ?? row.updatedAt, row.shiftCloseTime);
      },
      async run() {
        await keeper.closeNow();
        await settings.setLastCloseAt(new Date());
      },
    });
  }

  const module: ShopModule = {
    plugin: async (app) => {
      await app.register(fiscalRoutes(service), { prefix: '/api' });
      await app.register(receiptPageRoutes(service));
      if (sandbox) await app.register(sandboxReceiptRoutes(sandbox));
      if (worker) {
        app.addHook('onReady', async () => worker.start());
        app.addHook('onClose', async () => worker.stop());
      }
    },
  };

  return {
    ...module,
    /** The back office's side: settings, receipts, an order's receipts and the counter's, shifts. */
    admin: service,
    /**
     * A refund's return receipt, written in the refund's transaction `tx` (the returns module's): its id,
     * or undefined when receipts are off or the order has no sell receipt of the shop's own.
     */
    returnReceipt: (refund: Refund, tx: Executor): Promise<string | undefined> => writers.returnReceipt(refund, tx),
    /** The id of a return's receipt, if it has one. */
    returnReceiptOf: async (returnId: string): Promise<string | undefined> =>
      (await receipts.byDedupeKey(dedupeKeys.refund(returnId)))?.id,
  };
}
