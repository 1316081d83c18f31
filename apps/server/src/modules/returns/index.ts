/**
 * Returns: a buyer asks to send goods back within 14 days of receiving them (a guest from the link in
 * the order's mail); the back office accepts or refuses the request, receives the goods and refunds
 * their price (never the delivery) within 7 days: a card payment through the bank, a cash one by
 * transfer. The refunded units go back on sale and a return receipt is issued; each step mails the buyer.
 */
import type { Database } from '../../db/client.ts';
import type { RateLimiter } from '../../infra/rate-limit/rate-limiter.ts';
import type { ShopModule } from '../../lib/shop-module.ts';
import type { AuditLog } from '../audit/index.ts';
import { type ReturnPayments, type ReturnStock, refundReturn } from './return-refund.ts';
import { staffReturns } from './return-staff.ts';
import type { ReturnReceipts } from './return-step.ts';
import { returnsRepository } from './returns.repository.ts';
import { returnsRoutes } from './returns.routes.ts';
import { type ReturnMailOutbox, type ReturnOrders, returnsService } from './returns.service.ts';

export type { ReturnPayments, ReturnStock } from './return-refund.ts';
export type { AdminReturnsQuery } from './return-staff.ts';
export { noReturnReceipts, type ReturnReceipts } from './return-step.ts';
export type { ReturnMailOutbox, ReturnOrders, ReturnsService } from './returns.service.ts';

export interface ReturnsModuleDeps {
  database: Database;
  /** Orders as returns read them, locked while a request is made (the orders module's `returns`). */
  orders: ReturnOrders;
  /** Card refunds through the bank (the payments module's). */
  payments: ReturnPayments;
  /** Refunded units back on sale (the catalogue's stock). */
  stock: ReturnStock;
  /** The return receipt of each refund (the fiscal module's; `noReturnReceipts` issues none). */
  receipts: ReturnReceipts;
  outbox: ReturnMailOutbox;
  audit: Pick<AuditLog, 'record'>;
  /** Where the shop's copy of a new request goes. */
  shopEmail: string;
  /** Where goods sent back to the shop go (the shop as the carrier's sender); empty when not set. */
  shopAddress: () => Promise<string>;
  limits: RateLimiter;
}

export type ReturnsModule = ReturnType<typeof returnsModule>;
/** The back office's side: the list, one return, the dashboard's counts, and the steps with the refund. */
export type StaffReturns = ReturnsModule['staff'];

/** The returns module: the buyer's routes under /api, and the back office's side for the admin routes. */
export function returnsModule(deps: ReturnsModuleDeps) {
  const repo = returnsRepository(deps.database);
  const steps = { ...deps, repo };
  const buyers = returnsService(steps);
  const staff = { ...staffReturns(steps), refund: refundReturn(steps) };
  const module: ShopModule = {
    plugin: async (app) => {
      await app.register(returnsRoutes(buyers, deps.limits), { prefix: '/api' });
    },
  };
  return { ...module, ...buyers, staff };
}

/**
 * The shop's address for goods sent back, from the shop as the carrier's sender (the shipping
 * settings): its city and branch, and whom to address the parcel to; empty until the sender is set.
 */
export function senderAddress(sender: {
  city_name: string;
  warehouse_name: string;
  counterparty_name: string;
  contact_name: string;
  phone: string;
}): string {
  if (!sender.city_name || !sender.warehouse_name) return '';
  const recipient = [sender.contact_name || sender.counterparty_name, sender.phone].filter(Boolean).join(', ');
  return `${sender.city_name}, ${sender.warehouse_name}${recipient ? `; ${recipient}` : ''}`;
}
