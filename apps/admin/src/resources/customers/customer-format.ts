import { type AdminCustomer, customerCodes } from '@kram/contract/admin-customers';
import { formatHryvnias as hryvnias } from '@kram/contract/money';
import { errorCodes } from '../../error-messages.ts';

/** Money and dates read the Ukrainian way in both languages of the back office: "1 234,50 ₴", "23.11.26, 10:05". */
// On Kyiv's clock whatever the browser's zone, as the shop's other screens show times.
const dateTime = new Intl.DateTimeFormat('uk-UA', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Kyiv' });

/** An amount as the API sends it ("1234.50"); shown, never summed, as the whole shop writes money. */
export const formatHryvnias = (amount: string): string => hryvnias(amount);

export const formatDateTime = (iso: string): string => dateTime.format(new Date(iso));

/** An order as shop staff and shoppers call it: "#" and the last 7 characters of its id. */
export const orderNumber = (orderId: string): string => `#${orderId.slice(-7)}`;

export type CustomerStatus = 'active' | 'blocked' | 'deleted';

export const customerStatus = (customer: Pick<AdminCustomer, 'is_active' | 'deleted_at'>): CustomerStatus =>
  customer.deleted_at ? 'deleted' : customer.is_active ? 'active' : 'blocked';

/** Names as typed, or the e-mail when the customer gave none; undefined for a deleted account. */
export function customerName(customer: Pick<AdminCustomer, 'first_name' | 'last_name' | 'email' | 'deleted_at'>) {
  if (customer.deleted_at) return undefined;
  return [customer.first_name, customer.last_name].filter(Boolean).join(' ') || customer.email;
}

interface ApiError {
  status?: number;
  body?: unknown;
}

const bodyOf = (error: unknown): Record<string, unknown> => {
  const body = (error as ApiError | null)?.body;
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
};

const customerRefusals: Record<string, string> = {
  [customerCodes.ownAccount]: 'resources.customers.errors.own_account',
  [customerCodes.accountDeleted]: 'resources.customers.errors.account_deleted',
  [customerCodes.staffAccount]: 'resources.customers.errors.staff_account',
  [customerCodes.ordersInProgress]: 'resources.customers.errors.orders_in_progress',
};

/**
 * The translation key for a refused block, unblock or deletion, by the server's `code` (or, for a
 * superuser's account, the 403's code `admin.superuser_only`); undefined when the error is none of those, to be shown as it came.
 */
export function customerRefusalKey(error: unknown): string | undefined {
  const body = bodyOf(error);
  if (typeof body.code === 'string' && customerRefusals[body.code]) return customerRefusals[body.code];
  if (errorCodes(error).some((c) => c.code === 'admin.superuser_only'))
    return 'resources.customers.errors.superuser_only';
  return undefined;
}
