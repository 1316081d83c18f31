import {
  type AdminOrderReceipts,
  type AdminReceipt,
  type AdminShift,
  adminFiscalMessages,
  type FiscalSettings,
  type FiscalSettingsUpdate,
} from '@kram/contract/admin-fiscal';
import type { Product } from '@kram/contract/catalog';
import type { ReceiptPaymentType } from '@kram/contract/fiscal';
import { Conflict, type FieldMessages, InvalidInput, noMatch, said } from '../../lib/domain-errors.ts';
import type { AuditActor, AuditLog } from '../audit/index.ts';
import type { OrderRecord } from '../orders/index.ts';
import { buyerReceipts, isUuid, registerFailure } from './buyer-receipts.ts';
import { adminReceiptView, type ReceiptLinks, shiftView } from './receipt-views.ts';
import type { ReceiptWorker } from './receipt-worker.ts';
import type { ReceiptWriters } from './receipt-writers.ts';
import type { ListedReceipt, ReceiptListQuery, ReceiptsRepository } from './receipts.repository.ts';
import type { FiscalRegister } from './register.ts';
import { defaultSettings, type FiscalSettingsRow, type SettingsRepository } from './settings.repository.ts';
import type { ShiftListQuery, ShiftsRepository } from './shifts.repository.ts';
import type { ShiftKeeper } from './shifts.ts';

/** What the fiscal module reads of orders (the orders module's). */
export interface FiscalOrderLookup {
  byId(orderId: string): Promise<OrderRecord | undefined>;
}

/** The catalogue's products, to name the products with a tax code of their own. */
export interface FiscalProducts {
  productsForPricing(ids: readonly number[]): Promise<Product[]>;
}

export interface FiscalServiceDeps {
  settings: SettingsRepository;
  receipts: ReceiptsRepository;
  shifts: ShiftsRepository;
  writers: ReceiptWriters;
  register: FiscalRegister | undefined;
  keeper: ShiftKeeper | undefined;
  worker: ReceiptWorker | undefined;
  orders: FiscalOrderLookup;
  products: FiscalProducts;
  audit: Pick<AuditLog, 'record'>;
  links: ReceiptLinks;
  /** How long a route that issues a receipt waits for the register, in ms. */
  issueWaitMs?: number;
}

/** How long the settings screen waits to learn the cashier's name from the register. */
const cashierLookupMs = 3_000;

/**
 * Fiscal receipts as staff and buyers see them: the settings (on/off, taxes, the shift's close), the
 * receipts with their attempts, an order's receipts and the counter's receipt of a pickup order, the
 * shifts and their Z-reports, and the buyer's link to a receipt.
 */
export function fiscalService(deps: FiscalServiceDeps) {
  const { settings, receipts, register, links } = deps;
  const issueWaitMs = deps.issueWaitMs ?? 5_000;
  const adminView = (row: ListedReceipt) => adminReceiptView(row, links);

  async function productTaxes(): Promise<FiscalSettings['product_taxes']> {
    const taxes = await settings.productTaxes();
    const products = new Map(
      (await deps.products.productsForPricing(taxes.map((t) => t.productId))).map((p) => [p.id, p]),
    );
    return taxes.map((t) => ({
      product_id: t.productId,
      name: products.get(t.productId)?.name ?? '',
      sku: products.get(t.productId)?.sku ?? '',
      tax_code: t.taxCode,
    }));
  }

  async function settingsView(row: Pick<FiscalSettingsRow, keyof typeof defaultSettings>): Promise<FiscalSettings> {
    return {
      enabled: row.enabled,
      register: register?.kind ?? null,
      cashier_name: row.cashierName,
      default_tax_code: row.defaultTaxCode,
      product_taxes: await productTaxes(),
      shift_close_time: row.shiftCloseTime,
    };
  }

  /** Refuses work that needs the register to issue: none configured, or receipts turned off. */
  async function requireActive(): Promise<void> {
    if (!register) throw new Conflict(adminFiscalMessages.noRegister);
    if (!(await deps.writers.active())) throw new Conflict(adminFiscalMessages.off);
  }

  async function orderOf(orderId: string): Promise<OrderRecord> {
    const order = isUuid(orderId) ? await deps.orders.byId(orderId.toLowerCase()) : undefined;
    if (!order) throw noMatch('Order');
    return order;
  }

  const counterAllowed = (order: OrderRecord) =>
    order.deliveryType === 'self_delivery' &&
    order.paymentMethod !== 'card' &&
    order.status !== 'cancelled' &&
    order.status !== 'returned';

  async function receiptOf(id: string): Promise<ListedReceipt> {
    const row = isUuid(id) ? await receipts.byId(id.toLowerCase()) : undefined;
    if (!row) throw noMatch('Receipt');
    return row;
  }

  async function currentSettings(): Promise<FiscalSettings> {
    let row = (await settings.read()) ?? defaultSettings;
    if (row.cashierName === null && deps.keeper) {
      // The first look after the cashier was configured: ask the register who signs the receipts.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        deps.keeper.learnCashier().catch(() => {}),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, cashierLookupMs);
        }),
      ]);
      clearTimeout(timer);
      row = (await settings.read()) ?? row;
    }
    return settingsView(row);
  }

  return {
    settings: currentSettings,

    async saveSettings(change: FiscalSettingsUpdate, actor: AuditActor): Promise<FiscalSettings> {
      const ids = change.product_taxes.map((t) => t.product_id);
      const known = new Set((await deps.products.productsForPricing(ids)).map((p) => p.id));
      const problems: FieldMessages = {};
      change.product_taxes.forEach((t, i) => {
        if (!known.has(t.product_id))
          problems[`product_taxes.${i}.product_id`] = [said('fiscal.unknown_product', 'No product has this id.')];
        else if (ids.indexOf(t.product_id) !== i) {
          problems[`product_taxes.${i}.product_id`] = [said('fiscal.product_twice', 'This product is listed twice.')];
        }
      });
      if (Object.keys(problems).length > 0) throw new InvalidInput(problems);
      const before = await currentSettings();
      const saved = await settings.transaction(async (tx) => {
        const row = await settings.save(tx, {
          enabled: change.enabled,
          defaultTaxCode: change.default_tax_code,
          shiftCloseTime: change.shift_close_time,
        });
        await settings.replaceProductTaxes(
          tx,
          change.product_taxes.map((t) => ({ productId: t.product_id, taxCode: t.tax_code })),
        );
        await deps.audit.record(tx, actor, {
          action: 'fiscal.settings',
          entity: 'fiscal_settings',
          entityId: 1,
          before,
          after: { ...before, ...change },
        });
        return row;
      });
      return settingsView(saved);
    },

    async receiptList(query: ReceiptListQuery): Promise<{ count: number; results: AdminReceipt[] }> {
      const { count, rows } = await receipts.list(query);
      return { count, results: rows.map(adminView) };
    },

    async receipt(id: string): Promise<AdminReceipt> {
      return adminView(await receiptOf(id));
    },

    /** Tries a receipt not issued yet again now, and waits a few seconds for the register. */
    async retry(id: string, actor: AuditActor): Promise<AdminReceipt> {
      const row = await receiptOf(id);
      if (row.status === 'done' || row.status === 'by_carrier') throw new Conflict(adminFiscalMessages.notRetryable);
      await requireActive();
      if (!(await receipts.dueNow(row.id))) throw new Conflict(adminFiscalMessages.notRetryable);
      await receipts.transaction((tx) =>
        deps.audit.record(tx, actor, {
          action: 'fiscal.receipt_retry',
          entity: 'fiscal_receipt',
          entityId: row.id,
          before: { status: row.status, attempts: row.attempts, last_error: row.lastError },
          after: null,
        }),
      );
      await deps.worker?.runNow(issueWaitMs);
      return adminView(await receiptOf(row.id));
    },

    async alerts(): Promise<{ overdue: number; oldest_due_at: string | null }> {
      const { overdue, oldestDueAt } = await receipts.alerts();
      return { overdue, oldest_due_at: oldestDueAt?.toISOString() ?? null };
    },

    async adminOrderReceipts(orderId: string): Promise<AdminOrderReceipts> {
      const order = await orderOf(orderId);
      const rows = await receipts.ofOrder(order.id);
      const sold = rows.some((r) => r.kind === 'sell' && r.status !== 'by_carrier');
      return {
        order_id: order.id,
        by_carrier: rows.some((r) => r.status === 'by_carrier'),
        can_issue_counter: counterAllowed(order) && !sold && (await deps.writers.active()),
        receipts: rows.map(adminView),
      };
    },

    /** The counter's receipt of a pickup order paid at the shop, issued through the outbox; waits a few seconds for it. */
    async issueCounter(orderId: string, paymentType: ReceiptPaymentType, actor: AuditActor): Promise<AdminReceipt> {
      const order = await orderOf(orderId);
      await requireActive();
      if (!counterAllowed(order)) throw new Conflict(adminFiscalMessages.notCounter);
      const written = await receipts.transaction(async (tx) => {
        const row = await deps.writers.counter(order, paymentType, tx);
        if (!row) return undefined;
        await deps.audit.record(tx, actor, {
          action: 'fiscal.counter_receipt',
          entity: 'fiscal_receipt',
          entityId: row.id,
          before: null,
          after: { order_id: order.id, payment_type: paymentType, amount: row.amount },
        });
        return row;
      });
      if (!written) throw new Conflict(adminFiscalMessages.alreadyIssued);
      await deps.worker?.runNow(issueWaitMs);
      return adminView(await receiptOf(written.id));
    },

    async shifts(query: ShiftListQuery): Promise<{ count: number; results: AdminShift[] }> {
      const { count, rows } = await deps.shifts.list(query);
      return { count, results: rows.map(shiftView) };
    },

    /** Closes the open shift now, keeping its Z-report. */
    async closeShift(actor: AuditActor): Promise<AdminShift> {
      if (!deps.keeper) throw new Conflict(adminFiscalMessages.noRegister);
      const closed = await deps.keeper.closeNow().catch((error) => {
        throw registerFailure(error);
      });
      if (!closed) throw new Conflict(adminFiscalMessages.noShift);
      const view = shiftView(closed);
      await receipts.transaction((tx) =>
        deps.audit.record(tx, actor, {
          action: 'fiscal.shift_close',
          entity: 'fiscal_shift',
          entityId: closed.id,
          before: null,
          after: view,
        }),
      );
      return view;
    },

    ...buyerReceipts({ receipts, orders: deps.orders, register, links }),
  };
}

export type FiscalService = ReturnType<typeof fiscalService>;
