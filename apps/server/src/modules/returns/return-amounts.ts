import type { PaidPrice } from '../payments/index.ts';

/**
 * What a return gives back. Each unit is refunded at the price paid for it: the line's price less its
 * share of the promo code's discount, shared as the card invoice and the sell receipt shared it
 * (payments' `paidPrices`). A line whose share does not divide by its quantity was paid with some units
 * a kopiyka dearer; those go back first, to the units asked back first. Every request counts, a
 * refused one too, so what a return refunds never changes after it was asked for: a line refused and
 * asked back again is refunded at the lower price, never more than it was paid. Delivery is never part
 * of it.
 */

/** An order line as returns price it: its position, how many were ordered, and what they were paid. */
export interface PaidLine extends PaidPrice {
  position: number;
  quantity: number;
}

/** A return's line as asked: the order line's position and how many units. */
export interface AskedLine {
  position: number;
  quantity: number;
}

/** What one line of a return gives back: `dearer` of its units at `unit + 1` kopiyky, the rest at `unit`. */
export interface RefundedLine extends AskedLine {
  unit: number;
  dearer: number;
  /** Kopiyky. */
  total: number;
}

/** Units asked back of each line by the returns given (in the order they were asked), by position. */
export function askedSoFar(returns: readonly { lines: readonly AskedLine[] }[]): Map<number, number> {
  const asked = new Map<number, number>();
  for (const r of returns) for (const l of r.lines) asked.set(l.position, (asked.get(l.position) ?? 0) + l.quantity);
  return asked;
}

/** The line's `quantity` units asked back after `before` others were: how many of them are the dearer ones. */
export function refundedLine(paid: PaidLine, before: number, quantity: number): RefundedLine {
  const dearer = Math.min(quantity, Math.max(0, paid.dearer - before));
  return {
    position: paid.position,
    quantity,
    unit: paid.unit,
    dearer,
    total: quantity * paid.unit + dearer,
  };
}

/**
 * Each return's lines priced, for the returns of one order given oldest first (every one, refused
 * too): what each line of each gives back, by return id.
 */
export function pricedReturns(
  lines: readonly PaidLine[],
  returns: readonly { id: string; lines: readonly AskedLine[] }[],
): Map<string, RefundedLine[]> {
  const byPosition = new Map(lines.map((l) => [l.position, l]));
  const asked = new Map<number, number>();
  const priced = new Map<string, RefundedLine[]>();
  for (const r of returns) {
    const rows: RefundedLine[] = [];
    for (const line of r.lines) {
      const paid = byPosition.get(line.position);
      const before = asked.get(line.position) ?? 0;
      asked.set(line.position, before + line.quantity);
      rows.push(paid ? refundedLine(paid, before, line.quantity) : { ...line, unit: 0, dearer: 0, total: 0 });
    }
    priced.set(r.id, rows);
  }
  return priced;
}

/** The unit price one line shows: exact when all its units cost the same, else their average to the kopiyka. */
export const shownUnit = (line: RefundedLine): number =>
  line.quantity === 0 ? line.unit : Math.round(line.total / line.quantity);

/**
 * The goods as a receipt or the bank lists them: a line with dearer units as two, `price` per unit in
 * kopiyky.
 */
export function refundGoods<T>(line: RefundedLine, goods: (quantity: number, price: number) => T): T[] {
  return [
    ...(line.dearer > 0 ? [goods(line.dearer, line.unit + 1)] : []),
    ...(line.quantity - line.dearer > 0 ? [goods(line.quantity - line.dearer, line.unit)] : []),
  ];
}
