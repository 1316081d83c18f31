import { orderStatuses } from '@kram/contract/orders';
import { invoiceStatuses } from '@kram/contract/payments';
import type { FastifyBaseLogger } from 'fastify';
import { Counter, Gauge, type Registry } from 'prom-client';

/** Where the shop's state is read: one grouped query each, through the repositories. */
export interface ShopStateSource {
  ordersByStatus(): Promise<{ status: string; count: number }[]>;
  invoicesByStatus(): Promise<{ status: string; count: number }[]>;
  outboxDepth(): Promise<{ unsent: number; failing: number }>;
}

interface ShopState {
  orders: { status: string; count: number }[];
  invoices: { status: string; count: number }[];
  outbox: { unsent: number; failing: number };
}

/**
 * Orders and invoices by status and the mail outbox's depth, read when Prometheus scrapes. One read
 * serves every scrape for `ttlMs`, so several scrapers, or one retrying in a loop, cost the database
 * three small queries per interval at most. A failed read is logged and counted, and leaves these
 * gauges as they were; the rest of the metrics are still answered.
 */
export function shopStateMetrics(
  registry: Registry,
  source: ShopStateSource,
  options: { log: FastifyBaseLogger; ttlMs?: number; now?: () => number },
): void {
  const ttlMs = options.ttlMs ?? 5000;
  const now = options.now ?? Date.now;
  const registers = [registry];
  const readErrors = new Counter({
    name: 'kram_shop_state_read_errors_total',
    help: 'Failed reads of orders, invoices and the mail outbox for the metrics (their gauges kept the last values).',
    registers,
  });
  let cached: { at: number; state: Promise<ShopState | undefined> } | undefined;

  const current = (): Promise<ShopState | undefined> => {
    if (cached && now() - cached.at < ttlMs) return cached.state;
    const state = Promise.all([source.ordersByStatus(), source.invoicesByStatus(), source.outboxDepth()]).then(
      ([orders, invoices, outbox]) => ({ orders, invoices, outbox }),
      (error: unknown) => {
        readErrors.inc();
        options.log.warn({ err: error }, 'metrics: reading orders, invoices and the mail outbox failed');
        return undefined;
      },
    );
    cached = { at: now(), state };
    return state;
  };

  // Every known status is reported, zero included, so a status that empties drops to 0 on the graph.
  const byStatus = (gauge: Gauge, known: readonly string[], rows: { status: string; count: number }[]) => {
    for (const status of known) gauge.set({ status }, 0);
    for (const row of rows) gauge.set({ status: row.status }, row.count);
  };

  const orders: Gauge = new Gauge({
    name: 'kram_orders',
    help: 'Orders by status.',
    labelNames: ['status'],
    registers,
    collect: async () => {
      const state = await current();
      if (!state) return;
      orders.reset();
      byStatus(orders, orderStatuses, state.orders);
    },
  });
  const invoices: Gauge = new Gauge({
    name: 'kram_invoices',
    help: 'Card payment invoices by status.',
    labelNames: ['status'],
    registers,
    collect: async () => {
      const state = await current();
      if (!state) return;
      invoices.reset();
      byStatus(invoices, invoiceStatuses, state.invoices);
    },
  });
  const unsent: Gauge = new Gauge({
    name: 'kram_mail_outbox_unsent',
    help: 'Mails in the outbox not sent yet.',
    registers,
    collect: async () => {
      const state = await current();
      if (!state) return;
      unsent.set(state.outbox.unsent);
    },
  });
  const failing: Gauge = new Gauge({
    name: 'kram_mail_outbox_failing',
    help: 'Unsent mails that failed at least once and wait for their next attempt.',
    registers,
    collect: async () => {
      const state = await current();
      if (!state) return;
      failing.set(state.outbox.failing);
    },
  });
}
