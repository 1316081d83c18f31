import type { AdminCustomerOrder } from '@kram/contract/admin-customers';
import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/**
 * What the customers list shows of each account's orders. The orders module provides it when the
 * shop is wired, so accounts reads no orders table and imports no orders code. The two figures are
 * SQL subqueries over the account id, so the list can be sorted by them in one query.
 */
export interface CustomerOrders {
  /** How many orders the account whose id is `userId` has placed (int). */
  countOf(userId: SQL): SQL<number>;
  /** What it has spent: the amounts of its orders except cancelled and returned ones (numeric text, 2 places). */
  spentOf(userId: SQL): SQL<string>;
  /** Its newest orders, for the customer's page. */
  newest(userId: number): Promise<AdminCustomerOrder[]>;
}

/**
 * A module's part in deleting an account on its owner's request, run inside the deletion's
 * transaction after the account itself is emptied: it removes or blanks what it keeps of the user, or
 * throws (a `Conflict`) to refuse the deletion, which then changes nothing. What it answers is added
 * to the audit entry of the deletion (counts, never personal data).
 */
export type AccountEraser = (tx: Executor, userId: number) => Promise<Record<string, unknown> | undefined>;
