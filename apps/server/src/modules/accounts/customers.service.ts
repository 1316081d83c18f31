import { adminMessages } from '@kram/contract/admin';
import {
  type AdminCustomer,
  type AdminCustomerDetail,
  type AdminCustomerListQuery,
  customerCodes,
  customerMessages,
} from '@kram/contract/admin-customers';
import type { Executor } from '../../db/client.ts';
import { Conflict, Forbidden, NotFound } from '../../lib/domain-errors.ts';
import type { AuditLog } from '../audit/index.ts';
import type { AccountState, AccountsRepository } from './accounts.repository.ts';
import type { SessionInvalidation } from './active-account-verifier.ts';
import type { AccountEraser, CustomerOrders } from './customer-orders.ts';
import type { CustomerRow, CustomersRepository } from './customers.repository.ts';
import type { SessionsRepository } from './sessions.repository.ts';
import type { StaffMember } from './staff-member.ts';

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

export interface CustomersDeps {
  repo: CustomersRepository;
  accounts: AccountsRepository;
  sessions: SessionsRepository;
  /** The customer's orders, as the orders module reports them. */
  orders: Pick<CustomerOrders, 'newest'>;
  /** Every other module's part in deleting an account (its orders, wishlist…), in the order registered. */
  erasers: readonly AccountEraser[];
  audit: AuditLog;
  /** This process's cache of bearer-token checks, emptied for the account after every change. */
  invalidation: SessionInvalidation;
}

/** Customers in the back office: reading them, blocking, unblocking, and deletion on request. */
export function customersService(deps: CustomersDeps) {
  const { repo, accounts, audit, invalidation } = deps;

  async function detail(id: number): Promise<AdminCustomerDetail> {
    const row = await repo.byId(id);
    if (!row) throw new NotFound(customerMessages.notFound);
    return { ...toAdminCustomer(row), orders: await deps.orders.newest(id) };
  }

  /** The account locked for a change by `actor`, or the refusal the rules give. */
  async function changeable(tx: Executor, actor: StaffMember, id: number): Promise<AccountState> {
    const account = await accounts.lock(id, tx);
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
     * Deletes an account on its owner's request, in one transaction: the account row is emptied but
     * kept (orders keep pointing at it), its sign-ins go, and every module registered with `onErase`
     * takes out what it keeps of the user (the orders lose the buyer's personal data, the wishlist
     * goes…). Refused for a member of staff, and by any module that cannot let the user go yet (an
     * order still in progress: the shop still has to reach the buyer to deliver it).
     */
    async deleteOnRequest(actor: StaffMember, id: number): Promise<void> {
      await accounts.transaction(async (tx) => {
        const account = await changeable(tx, actor, id);
        if (account.isStaff || account.isSuperuser) {
          throw new Conflict(customerMessages.staffAccount, customerCodes.staffAccount);
        }
        await accounts.erase(id, deletedEmail(id), unusablePasswordHash, tx);
        await deps.sessions.removeAll(id, tx);
        let kept: Record<string, unknown> = {};
        for (const erase of deps.erasers) kept = { ...kept, ...(await erase(tx, id)) };
        await audit.record(tx, actor, {
          action: 'customer.delete',
          entity: 'customer',
          entityId: id,
          before: { ...auditState(account), created_at: account.createdAt, ...kept },
          after: null,
        });
      });
      invalidation.forgetAccount(id);
    },
  };
}

export type CustomersService = ReturnType<typeof customersService>;
