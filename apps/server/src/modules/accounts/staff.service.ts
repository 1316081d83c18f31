import {
  type AdminStaffGrant,
  type AdminStaffListQuery,
  type AdminStaffMember,
  type AdminStaffUpdate,
  staffCodes,
  staffMessages,
} from '@kram/contract/admin-staff';
import { Conflict, InvalidInput, NotFound } from '../../lib/domain-errors.ts';
import type { AuditLog } from '../audit/index.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import type { SessionInvalidation } from './active-account-verifier.ts';
import type { StaffRepository, StaffRow } from './staff.repository.ts';
import type { StaffMember } from './staff-member.ts';

export const toAdminStaffMember = (row: StaffRow): AdminStaffMember => ({
  id: row.id,
  email: row.email,
  first_name: row.firstName,
  last_name: row.lastName,
  is_active: row.isActive,
  is_staff: row.isStaff,
  is_superuser: row.isSuperuser,
  created_at: row.createdAt.toISOString(),
});

type Flags = { isStaff: boolean; isSuperuser: boolean };

/** The audit log keeps the flags alone (no personal data: the account may later be deleted on request). */
const auditFlags = (flags: Flags) => ({ is_staff: flags.isStaff, is_superuser: flags.isSuperuser });

export interface StaffDeps {
  repo: StaffRepository;
  accounts: AccountsRepository;
  audit: AuditLog;
  /** Emptied for the account after every change, so its new flags apply to its very next call. */
  invalidation: SessionInvalidation;
}

/**
 * Staff accounts, managed by superusers: grant staff access to an existing account, make or unmake a
 * superuser, revoke. Nobody takes away their own access, and the last active superuser stays one.
 */
export function staffService(deps: StaffDeps) {
  const { repo, accounts, audit, invalidation } = deps;

  async function member(id: number): Promise<AdminStaffMember> {
    const row = await repo.byId(id);
    if (!row) throw new NotFound(staffMessages.notFound);
    return toAdminStaffMember(row);
  }

  /** Sets a member of staff's flags to `next(current)`; answers the account as it is then. */
  async function change(
    actor: StaffMember,
    id: number,
    next: (current: Flags) => Flags,
    action: 'staff.update' | 'staff.revoke',
  ): Promise<StaffRow> {
    const changed = await accounts.transaction(async (tx) => {
      // Locked first, so concurrent demotions are counted one after the other.
      const superusers = await repo.lockActiveSuperusers(tx);
      const current = await repo.byId(id, tx);
      if (!current) throw new NotFound(staffMessages.notFound);
      const flags = next(current);
      if (flags.isSuperuser && !flags.isStaff) throw new InvalidInput({ is_staff: [staffMessages.superuserIsStaff] });
      const losesStaff = current.isStaff && !flags.isStaff;
      const losesSuperuser = current.isSuperuser && !flags.isSuperuser;
      if (id === actor.id && (losesStaff || losesSuperuser)) {
        throw new Conflict(staffMessages.ownAccount, staffCodes.ownAccount);
      }
      if (losesSuperuser && superusers.every((superuserId) => superuserId === id)) {
        throw new Conflict(staffMessages.lastSuperuser, staffCodes.lastSuperuser);
      }
      if (flags.isStaff === current.isStaff && flags.isSuperuser === current.isSuperuser) return current;
      await accounts.setStaffFlags(id, flags, tx);
      await audit.record(tx, actor, {
        action,
        entity: 'staff',
        entityId: id,
        before: auditFlags(current),
        after: auditFlags(flags),
      });
      return { ...current, ...flags };
    });
    invalidation.forgetAccount(id);
    return changed;
  }

  return {
    async list(query: AdminStaffListQuery): Promise<{ count: number; results: AdminStaffMember[] }> {
      const { count, rows } = await repo.list(query);
      return { count, results: rows.map(toAdminStaffMember) };
    },

    member,

    /** Makes an existing, active account a member of staff (and a superuser, if asked). */
    async grant(actor: StaffMember, input: AdminStaffGrant): Promise<AdminStaffMember> {
      const id = await accounts.transaction(async (tx) => {
        const found = await accounts.byEmail(input.email, tx);
        const account = found ? await accounts.lock(found.id, tx) : undefined;
        if (!account || account.deletedAt) throw new InvalidInput({ email: [staffMessages.noAccount] });
        if (account.isStaff || account.isSuperuser) throw new InvalidInput({ email: [staffMessages.alreadyStaff] });
        if (!account.isActive) throw new InvalidInput({ email: [staffMessages.blocked] });
        const flags = { isStaff: true, isSuperuser: input.is_superuser };
        await accounts.setStaffFlags(account.id, flags, tx);
        await audit.record(tx, actor, {
          action: 'staff.grant',
          entity: 'staff',
          entityId: account.id,
          before: auditFlags(account),
          after: auditFlags(flags),
        });
        return account.id;
      });
      invalidation.forgetAccount(id);
      return member(id);
    },

    async update(actor: StaffMember, id: number, input: AdminStaffUpdate): Promise<AdminStaffMember> {
      const row = await change(
        actor,
        id,
        (current) => ({
          isStaff: input.is_staff ?? current.isStaff,
          isSuperuser: input.is_superuser ?? current.isSuperuser,
        }),
        'staff.update',
      );
      return toAdminStaffMember(row);
    },

    /** Takes staff access away; the account stays, a shopper's. */
    async revoke(actor: StaffMember, id: number): Promise<void> {
      await change(actor, id, () => ({ isStaff: false, isSuperuser: false }), 'staff.revoke');
    },
  };
}

export type StaffService = ReturnType<typeof staffService>;
