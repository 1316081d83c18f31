import crypto from 'node:crypto';
import type { ReceiptPaymentType } from '@kram/contract/fiscal';
import { formatMoney, parseMoney } from '@kram/contract/money';
import type { Executor } from '../../db/client.ts';
import { lineTitle, type OrderRecord } from '../orders/index.ts';
import type { ReceiptRow, ReceiptsRepository } from './receipts.repository.ts';
import type { ReceiptBody, ReceiptGood } from './schema.ts';
import { defaultSettings, type SettingsRepository } from './settings.repository.ts';

/** A refund as the returns module reports it: the goods taken back, each at the price it refunds. */
export interface Refund {
  orderId: string;
  returnId: string;
  /** `code` is the line's SKU, or its product id when it has none; `unitPrice` in kopiyky. */
  lines: { code: string; name: string; unitPrice: number; quantity: number }[];
  email: string | null;
}

/** The dedupe keys: what one payment, one shipment, one counter sale or one refund may have once. */
export const dedupeKeys = {
  payment: (orderId: string) => `payment:${orderId}`,
  carrier: (orderId: string) => `carrier:${orderId}`,
  counter: (orderId: string) => `counter:${orderId}`,
  refund: (returnId: string) => `refund:${returnId}`,
};

/** The code a receipt names a good by: its SKU, else its product id, else its place in the order. */
export const goodCode = (line: OrderRecord['lines'][number]) =>
  line.sku || (line.productId !== null ? String(line.productId) : `line-${line.position + 1}`);

/**
 * The rows the receipts' outbox is written with, each in the transaction of what it records (the
 * payment, the shipment, the refund). Nothing is written while receipts are off, except the carrier's
 * records: that a parcel's cash is fiscalised by the carrier is a fact whether or not the shop issues.
 */
export function receiptWriters(deps: {
  receipts: ReceiptsRepository;
  settings: SettingsRepository;
  /** Whether a register is configured. */
  hasRegister: boolean;
}) {
  const { receipts, settings } = deps;

  async function settingsOf(tx?: Executor) {
    return (await settings.read(tx)) ?? defaultSettings;
  }

  /** Receipts are issued: a register is configured and the shop turned them on. */
  async function active(tx?: Executor): Promise<boolean> {
    return deps.hasRegister && (await settingsOf(tx)).enabled;
  }

  /** The order's goods at their full unit price, with the product's tax code (else the shop's, else none). */
  async function bodyOf(order: OrderRecord, tx: Executor): Promise<ReceiptBody> {
    const productIds = order.lines.flatMap((l) => (l.productId === null ? [] : [l.productId]));
    const [own, shop] = await Promise.all([settings.taxesOf(productIds, tx), settingsOf(tx)]);
    const goods: ReceiptGood[] = order.lines.map((line) => {
      const tax = (line.productId !== null ? own.get(line.productId) : undefined) ?? shop.defaultTaxCode;
      return {
        code: goodCode(line),
        name: lineTitle(line, 'uk'),
        price: parseMoney(line.price),
        quantity: line.quantity * 1000,
        taxes: tax === null || tax === undefined ? [] : [tax],
      };
    });
    const discount = parseMoney(order.discount);
    return {
      goods,
      discount: order.promoCode && discount > 0 ? { value: discount, name: `Промокод ${order.promoCode}` } : null,
      email: order.email || null,
    };
  }

  const sell = async (
    order: OrderRecord,
    tx: Executor,
    row: { source: ReceiptRow['source']; paymentType: ReceiptPaymentType; dedupeKey: string; byCarrier?: boolean },
  ) =>
    receipts.insert(
      {
        id: crypto.randomUUID(),
        orderId: order.id,
        kind: 'sell',
        source: row.source,
        paymentType: row.paymentType,
        status: row.byCarrier ? 'by_carrier' : 'pending',
        amount: order.amount,
        body: await bodyOf(order, tx),
        dedupeKey: row.dedupeKey,
      },
      tx,
    );

  return {
    active,

    /** A card payment arrived (in `tx`): its sell receipt. */
    async paymentReceived(order: OrderRecord, tx: Executor): Promise<void> {
      if (!(await active(tx))) return;
      await sell(order, tx, { source: 'card_payment', paymentType: 'card', dedupeKey: dedupeKeys.payment(order.id) });
    },

    /** A cash-on-delivery parcel left (in `tx`): the carrier takes the cash and fiscalises it; recorded. */
    async orderShipped(order: OrderRecord, tx: Executor): Promise<void> {
      if (order.status !== 'shipped' || order.paymentMethod !== 'cash' || order.deliveryType === 'self_delivery')
        return;
      await sell(order, tx, {
        source: 'carrier_cod',
        paymentType: 'cash',
        dedupeKey: dedupeKeys.carrier(order.id),
        byCarrier: true,
      });
    },

    /** The counter's receipt of a pickup order paid at the shop; undefined when the order has one already. */
    async counter(order: OrderRecord, paymentType: ReceiptPaymentType, tx: Executor): Promise<ReceiptRow | undefined> {
      if (await receipts.sellOf(order.id, tx)) return undefined;
      return sell(order, tx, { source: 'counter', paymentType, dedupeKey: dedupeKeys.counter(order.id) });
    },

    /**
     * A refund's return receipt (in the refund's `tx`), referring to the order's own sell receipt and
     * paid back the way that one was paid; its id. Undefined, and nothing written, while receipts are off
     * or when the order has no sell receipt of the shop's (a cash-on-delivery parcel's was the carrier's).
     * Asked twice for one return, it answers the receipt written the first time.
     */
    async returnReceipt(refund: Refund, tx: Executor): Promise<string | undefined> {
      if (!(await active(tx))) return undefined;
      const key = dedupeKeys.refund(refund.returnId);
      const earlier = await receipts.byDedupeKey(key, tx);
      if (earlier) return earlier.id;
      const sold = await receipts.sellOf(refund.orderId, tx);
      if (!sold || refund.lines.length === 0) return undefined;
      const shop = await settingsOf(tx);
      const taxesByCode = new Map(sold.body.goods.map((g) => [g.code, g.taxes]));
      const goods: ReceiptGood[] = refund.lines.map((line) => ({
        code: line.code,
        name: line.name,
        price: line.unitPrice,
        quantity: line.quantity * 1000,
        taxes: taxesByCode.get(line.code) ?? (shop.defaultTaxCode === null ? [] : [shop.defaultTaxCode]),
      }));
      const amount = refund.lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
      const written = await receipts.insert(
        {
          id: crypto.randomUUID(),
          orderId: refund.orderId,
          kind: 'return',
          source: 'refund',
          paymentType: sold.paymentType,
          amount: formatMoney(amount),
          body: { goods, discount: null, email: refund.email },
          relatedReceiptId: sold.id,
          returnId: refund.returnId,
          dedupeKey: key,
        },
        tx,
      );
      return (written ?? (await receipts.byDedupeKey(key, tx)))?.id;
    },
  };
}

export type ReceiptWriters = ReturnType<typeof receiptWriters>;
