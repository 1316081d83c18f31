import { adminErrors, adminRecordErrors, adminWriteErrors, idParams, listOf } from '@kram/contract/admin';
import { adminStaffGrant, adminStaffListQuery, adminStaffMember, adminStaffUpdate } from '@kram/contract/admin-staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { StaffService } from '../accounts/index.ts';
import { adminRoute } from './admin-route.ts';
import { requireSuperuser, staffMember } from './staff.ts';

/** Staff accounts, for superusers only: list, grant, change the superuser flag, revoke. */
export const adminStaffRoutes =
  (staff: StaffService): FastifyPluginAsyncZod =>
  async (app) => {
    requireSuperuser(app);
    const area = adminRoute('staff');

    app.get(
      '/staff/',
      {
        schema: {
          ...area,
          summary: 'Members of staff and superusers; by e-mail unless sorted',
          querystring: adminStaffListQuery,
          response: { 200: listOf(adminStaffMember), ...adminErrors },
        },
      },
      async (request) => staff.list(request.query),
    );

    app.get(
      '/staff/:id/',
      {
        schema: {
          ...area,
          summary: 'One member of staff',
          params: idParams,
          response: { 200: adminStaffMember, ...adminRecordErrors },
        },
      },
      async (request) => staff.member(request.params.id),
    );

    app.post(
      '/staff/',
      {
        schema: {
          ...area,
          summary: 'Make an existing account a member of staff (or a superuser)',
          description: 'The account must exist, be active and not be staff already (400 on `email` otherwise).',
          body: adminStaffGrant,
          response: { 201: adminStaffMember, ...adminWriteErrors },
        },
      },
      async (request, reply) => reply.code(201).send(await staff.grant(staffMember(request), request.body)),
    );

    app.patch(
      '/staff/:id/',
      {
        schema: {
          ...area,
          summary: 'Change a member of staff’s flags',
          description:
            'Your own flags cannot be taken away (409 `own_account`), nor the last active superuser’s ' +
            'superuser flag (409 `last_superuser`); a superuser is always staff (400).',
          params: idParams,
          body: adminStaffUpdate,
          response: { 200: adminStaffMember, ...adminWriteErrors },
        },
      },
      async (request) => staff.update(staffMember(request), request.params.id, request.body),
    );

    app.delete(
      '/staff/:id/',
      {
        schema: {
          ...area,
          summary: 'Revoke staff access; the account stays a shopper’s',
          params: idParams,
          response: { 204: z.null(), ...adminWriteErrors },
        },
      },
      async (request, reply) => {
        await staff.revoke(staffMember(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
