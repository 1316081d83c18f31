import { adminFiscalMessages } from '@kram/contract/admin-fiscal';
import type { OrderReceipts } from '@kram/contract/fiscal';
import { Conflict, type DomainError, NotFound, noMatch, UpstreamFailed } from '../../lib/domain-errors.ts';
import type { OrderRecord } from '../orders/index.ts';
import { orderReceiptView, type ReceiptLinks } from './receipt-views.ts';
import type { ReceiptsRepository } from './receipts.repository.ts';
import { type FiscalRegister, isRegisterError } from './register.ts';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => uuid.test(value);

/** The register was silent (502), or refused in its own words (409). */
export function registerFailure(error: unknown): DomainError {
  if (isRegisterError(error, 'unavailable')) return new UpstreamFailed(adminFiscalMessages.registerDown);
  if (isRegisterError(error)) return new Conflict(error.message);
  throw error;
}

/** An order's receipts as whoever holds its id sees them: the list, the mail's link, the PDF. */
export function buyerReceipts(deps: {
  receipts: ReceiptsRepository;
  orders: { byId(orderId: string): Promise<OrderRecord | undefined> };
  register: FiscalRegister | undefined;
  links: ReceiptLinks;
}) {
  const { receipts, register, links } = deps;
  const orderOf = async (orderId: string) => (isUuid(orderId) ? deps.orders.byId(orderId.toLowerCase()) : undefined);

  return {
    /** The order's receipts for whoever holds its id. */
    async orderReceipts(orderId: string): Promise<OrderReceipts> {
      const order = await orderOf(orderId);
      if (!order) throw noMatch('Order');
      const rows = await receipts.ofOrder(order.id);
      return {
        order_id: order.id,
        by_carrier: rows.some((r) => r.status === 'by_carrier'),
        receipts: rows.map((r) => orderReceiptView(r, links)),
      };
    },

    /**
     * What the buyer's link to the receipt leads to: the register's page of the order's sell receipt
     * once it is fiscalised; else whether it is being issued or is the carrier's. Undefined for no order.
     */
    async buyerLink(
      orderId: string,
    ): Promise<
      { order: OrderRecord; url: string } | { order: OrderRecord; state: 'issuing' | 'carrier' | 'none' } | undefined
    > {
      const order = await orderOf(orderId);
      if (!order) return undefined;
      const rows = await receipts.ofOrder(order.id);
      const done = rows.filter((r) => r.kind === 'sell' && r.status === 'done').at(-1);
      const url = done ? links.pageUrl(done.id) : undefined;
      if (url) return { order, url };
      if (rows.some((r) => r.kind === 'sell' && (r.status === 'pending' || r.status === 'issuing'))) {
        return { order, state: 'issuing' };
      }
      return { order, state: rows.some((r) => r.status === 'by_carrier') ? 'carrier' : 'none' };
    },

    /** A fiscalised receipt of the order as a PDF, from the register; undefined when there is none. */
    async receiptPdf(orderId: string, id: string): Promise<Uint8Array | undefined> {
      if (!isUuid(orderId) || !isUuid(id) || !register) return undefined;
      const row = await receipts.byId(id.toLowerCase());
      if (!row || row.orderId !== orderId.toLowerCase() || row.status !== 'done') return undefined;
      try {
        return await register.pdf(row.id);
      } catch (error) {
        if (isRegisterError(error, 'refused')) throw new NotFound();
        throw registerFailure(error);
      }
    },
  };
}
