import { adminMessages } from '@kram/contract/admin';
import {
  type AdminCustomer,
  type AdminCustomerDetail,
  type AdminCustomerListQuery,
  customerCodes,
  customerMessages,
  settledOrderStatuses,
} from '@kram/contract/admin-customers';
import type { Executor } from '../../db/client.ts';
import type { OutboxRepository } from '../../infra/mail/outbox.repository.ts';
import { Conflict, Forbidden, NotFound } from '../../lib/domain-errors.ts';
import type { AccountsRepository } from '../accounts/accounts.repository.ts';
import type { SessionInvalidation } from '../accounts/active-account-verifier.ts';
import type { StaffMember } from '../accounts/index.ts';
import type { SessionsRepository } from '../accounts/sessions.repository.ts';
import type { AuditLog } from '../audit/index.ts';
import type { OrderErasureRepository } from '../orders/order-erasure.repository.ts';
import type { WishlistRepository } from '../wishlist/wishlist.repository.ts';
import type { AccountState, AdminCustomersRepository, CustomerRow } from './admin-customers.repository.ts';

export function toAdminCustomer(row: CustomerRow): AdminCustomer {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    telephone: row.telephone,
    is_active: row.isActive,
    is_staff: row.isStaff,
    is_superuser: row.isSuperuser,
    created_at: row.createdAt.toISOString(),
    deleted_at: row.deletedAt?.toISOString() ?? null,
    orders_count: row.ordersCount,
    total_spent: row.totalSpent,
  };
}

/** An address no mail reaches (`.invalid` is reserved, RFC 2606), unique because the id is. */
export const deletedEmail = (id: number) => `deleted-${id}@deleted.invalid`;

// Not an Argon2 hash: verifying any password against it fails, so nobody signs in as the account.
const unusablePasswordHash = '!deleted';

/**
 * What the audit log keeps of an account: its state, never its personal data, so the log needs no
 * rewriting when the account is deleted on request.
 */
const auditState = (account: AccountState) => ({
  is_active: account.isActive,
  is_staff: account.isStaff,
  is_superuser: account.isSuperuser,
});

export interface AdminCustomersDeps {
  repo: AdminCustomersRepository;
  accounts: AccountsRepository;
  sessions: SessionsRepository;
  orders: OrderErasureRepository;
  wishlist: WishlistRepository;
  outbox: Pick<OutboxRepository, 'forgetOrders'>;
  audit: AuditLog;
  /** This process's cache of bearer-token checks, emptied for the account after every change. */
  invalidation: SessionInvalidation;
}

/** Customers in the back office: reading them, blocking, unblocking, and deletion on request. */
export function adminCustomersService(deps: AdminCustomersDeps) {
  const { repo, accounts, audit, invalidation } = deps;

  async function detail(id: number): Promise<AdminCustomerDetail> {
    const row = await repo.byId(id);
    if (!row) throw new NotFound(customerMessages.notFound);
    const orders = await repo.orders(id);
    return {
      ...toAdminCustomer(row),
      orders: orders.map((order) => ({
        id: order.id,
        status: order.status,
        amount: order.amount,
        payment_method: order.paymentMethod,
        delivery_type: order.deliveryType,
        items_count: order.itemsCount,
        created_at: order.createdAt.toISOString(),
      })),
    };
  }

  /** The account locked for a change by `actor`, or the refusal the rules give. */
  async function changeable(tx: Executor, actor: StaffMember, id: number): Promise<AccountState> {
    const account = await repo.lock(id, tx);
    if (!account) throw new NotFound(customerMessages.notFound);
    if (account.deletedAt) throw new Conflict(customerMessages.accountDeleted, customerCodes.accountDeleted);
    if (account.id === actor.id) throw new Conflict(customerMessages.ownAccount, customerCodes.ownAccount);
    // A superuser's access is the superusers' to end or give back.
    if (account.isSuperuser && !actor.isSuperuser) throw new Forbidden(adminMessages.superuserOnly);
    return account;
  }

  async function setActive(actor: StaffMember, id: number, isActive: boolean): Promise<AdminCustomerDetail> {
    await accounts.transaction(async (tx) => {
      const account = await changeable(tx, actor, id);
      if (account.isActive === isActive) return;
      await accounts.setActive(id, isActive, tx);
      // Blocked: every sign-in ends, so no refresh token buys a new access token.
      if (!isActive) await deps.sessions.revokeAll(id, tx);
      await audit.record(tx, actor, {
        action: isActive ? 'customer.unblock' : 'customer.block',
        entity: 'customer',
        entityId: id,
        before: auditState(account),
        after: auditState({ ...account, isActive }),
      });
    });
    // After the commit: a check made from now on reads the account as it is.
    invalidation.forgetAccount(id);
    return detail(id);
  }

  return {
    async list(query: AdminCustomerListQuery): Promise<{ count: number; results: AdminCustomer[] }> {
      const { count, rows } = await repo.list(query);
      return { count, results: rows.map(toAdminCustomer) };
    },

    detail,

    block: (actor: StaffMember, id: number) => setActive(actor, id, false),
    unblock: (actor: StaffMember, id: number) => setActive(actor, id, true),

    /**
     * Deletes an account on its owner's request. Refused while an order is in progress (the shop
     * still has to reach the buyer to deliver it). Otherwise the account row is emptied but kept, its
     * sign-ins, wishlist and order mails go, and its orders stay for the shop's accounts without the
     * buyer's personal data.
     */
    async deleteOnRequest(actor: StaffMember, id: number): Promise<void> {
      await accounts.transaction(async (tx) => {
        const account = await changeable(tx, actor, id);
        if (account.isStaff || account.isSuperuser) {
          throw new Conflict(customerMessages.staffAccount, customerCodes.staffAccount);
        }
        const inProgress = await deps.orders.countOtherThan(id, settledOrderStatuses, tx);
        if (inProgress > 0) {
          throw new Conflict(customerMessages.ordersInProgress(inProgress), customerCodes.ordersInProgress);
        }
        await accounts.erase(id, deletedEmail(id), unusablePasswordHash, tx);
        await deps.sessions.removeAll(id, tx);
        await deps.wishlist.clear(id, tx);
        const orderIds = await deps.orders.blankPersonalData(id, tx);
        await deps.outbox.forgetOrders(orderIds, tx);
        await audit.record(tx, actor, {
          action: 'customer.delete',
          entity: 'customer',
          entityId: id,
          before: { ...auditState(account), created_at: account.createdAt, orders_kept: orderIds.length },
          after: null,
        });
      });
      invalidation.forgetAccount(id);
    },
  };
}

export type AdminCustomersService = ReturnType<typeof adminCustomersService>;
