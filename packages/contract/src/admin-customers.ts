import { z } from 'zod';
import { listQuery, queryFlag, queryText } from './admin.ts';
import { money } from './common.ts';
import { deliveryTypes, orderStatuses, paymentMethods } from './orders.ts';

/**
 * The back office's customers (`/api/admin/customers/`): every shop account with what it ordered,
 * blocked and unblocked, and deleted on the customer's request (the row and its orders stay, emptied
 * of personal data).
 */

/** Orders that no longer count as in progress: an account with any other order is not deleted. */
export const settledOrderStatuses = ['completed', 'cancelled', 'returned'] as const;

/** Orders that are not money the customer spent: called off, or given back. */
export const unspentOrderStatuses = ['cancelled', 'returned'] as const;

/** Refusals a client must tell apart (`code` of a 409). */
export const customerCodes = {
  ownAccount: 'own_account',
  accountDeleted: 'account_deleted',
  staffAccount: 'staff_account',
  ordersInProgress: 'orders_in_progress',
} as const;

export const customerMessages = {
  notFound: 'No customer matches the given query.',
  ownAccount: 'You cannot block or delete your own account.',
  accountDeleted: 'This account was deleted on request: it cannot be changed.',
  staffAccount: 'This account belongs to a member of staff: revoke its staff access before deleting it.',
  ordersInProgress: (n: number) =>
    `This customer has ${n} ${n === 1 ? 'order' : 'orders'} in progress: complete, cancel or return ` +
    `${n === 1 ? 'it' : 'them'} before deleting the account.`,
} as const;

/** One account as the customers list shows it. */
export const adminCustomer = z
  .object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    telephone: z.string().nullable(),
    is_active: z.boolean(),
    is_staff: z.boolean(),
    is_superuser: z.boolean(),
    created_at: z.string(),
    /** Set when the account was deleted on request; its personal fields are empty then. */
    deleted_at: z.string().nullable(),
    orders_count: z.number().int(),
    /** The sum of the customer's orders that were neither cancelled nor returned. */
    total_spent: money,
  })
  .meta({ id: 'AdminCustomer' });
export type AdminCustomer = z.infer<typeof adminCustomer>;

/** One of a customer's orders on their page; the order itself is `/api/admin/orders/<id>/`. */
export const adminCustomerOrder = z
  .object({
    id: z.uuid(),
    status: z.enum(orderStatuses),
    amount: money,
    payment_method: z.enum(paymentMethods),
    delivery_type: z.enum(deliveryTypes),
    items_count: z.number().int(),
    created_at: z.string(),
  })
  .meta({ id: 'AdminCustomerOrder' });
export type AdminCustomerOrder = z.infer<typeof adminCustomerOrder>;

/** How many of a customer's orders their page lists (the newest); `orders_count` counts them all. */
export const customerPageOrders = 100;

export const adminCustomerDetail = adminCustomer
  .extend({ orders: z.array(adminCustomerOrder) })
  .meta({ id: 'AdminCustomerDetail' });
export type AdminCustomerDetail = z.infer<typeof adminCustomerDetail>;

/**
 * `q` matches names, e-mail and telephone (a telephone typed with spaces, brackets or without +38
 * still matches); `deleted` tells accounts deleted on request from the others. Without `sort`: the
 * newest accounts first.
 */
export const adminCustomerListQuery = listQuery(['id', 'created_at', 'email', 'orders_count'], {
  q: queryText(),
  is_active: queryFlag,
  is_staff: queryFlag,
  deleted: queryFlag,
});
export type AdminCustomerListQuery = z.infer<typeof adminCustomerListQuery>;

/** Block and unblock take no fields. */
export const adminCustomerAction = z.strictObject({}).meta({ id: 'AdminCustomerAction' });
