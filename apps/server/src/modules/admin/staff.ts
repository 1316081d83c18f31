import { accountMessages } from '@kram/contract/accounts';
import { adminMessages } from '@kram/contract/admin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Forbidden, Unauthenticated } from '../../lib/domain-errors.ts';
import type { StaffMember } from '../accounts/index.ts';

/** Reads the e-mail the audit log names a member of staff by (the accounts module's); undefined when the account is gone. */
export type StaffEmailLookup = (userId: number) => Promise<string | undefined>;

const members = new WeakMap<FastifyRequest, StaffMember>();

/**
 * Lets only staff and superusers through every route of `app` (a plugin's own context): a guest gets
 * a 401, a shopper a 403, before the body is even read. Flags come from the database through the
 * token verifier, so a demoted or blocked member of staff is refused at once on writes and within the
 * verifier's cache time on reads.
 */
export function requireStaff(app: FastifyInstance, emailOf: StaffEmailLookup): void {
  app.addHook('onRequest', async (request) => {
    const viewer = await request.viewer();
    if (!viewer) throw new Unauthenticated(accountMessages.notAuthenticated, 'not_authenticated');
    if (!viewer.isStaff && !viewer.isSuperuser) throw new Forbidden(adminMessages.staffOnly);
    const email = await emailOf(viewer.id);
    if (email === undefined) throw new Unauthenticated(accountMessages.notAuthenticated, 'not_authenticated');
    members.set(request, { id: viewer.id, email, isSuperuser: viewer.isSuperuser });
  });
}

/** Only superusers through every route of `app`; registered inside a context that already requires staff. */
export function requireSuperuser(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!staffMember(request).isSuperuser) throw new Forbidden(adminMessages.superuserOnly);
  });
}

/** The member of staff behind a request that passed `requireStaff`. */
export function staffMember(request: FastifyRequest): StaffMember {
  const member = members.get(request);
  if (!member) throw new Error('staffMember() outside a route that requires staff');
  return member;
}
