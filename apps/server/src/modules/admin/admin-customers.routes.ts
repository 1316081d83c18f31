import { adminErrors, adminRecordErrors, adminWriteErrors, idParams, listOf } from '@kram/contract/admin';
import {
  adminCustomer,
  adminCustomerAction,
  adminCustomerDetail,
  adminCustomerListQuery,
} from '@kram/contract/admin-customers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CustomersService } from '../accounts/index.ts';
import { adminRoute } from './admin-route.ts';
import { staffMember } from './staff.ts';

/** Customers in the back office: the list, one customer with their orders, block, unblock, delete on request. */
export const adminCustomersRoutes =
  (customers: CustomersService): FastifyPluginAsyncZod =>
  async (app) => {
    const area = adminRoute('customers');

    app.get(
      '/customers/',
      {
        schema: {
          ...area,
          summary: 'Shop accounts with their order count and spending; newest first unless sorted',
          querystring: adminCustomerListQuery,
          response: { 200: listOf(adminCustomer), ...adminErrors },
        },
      },
      async (request) => customers.list(request.query),
    );

    app.get(
      '/customers/:id/',
      {
        schema: {
          ...area,
          summary: 'One account with its newest orders',
          params: idParams,
          response: { 200: adminCustomerDetail, ...adminRecordErrors },
        },
      },
      async (request) => customers.detail(request.params.id),
    );

    app.post(
      '/customers/:id/block/',
      {
        schema: {
          ...area,
          summary: 'Block an account: it cannot sign in, and its tokens stop working at once',
          description:
            'Every sign-in of the account is revoked. Your own account cannot be blocked (409 `own_account`); ' +
            'a superuser’s only by a superuser (403).',
          params: idParams,
          body: adminCustomerAction,
          response: { 200: adminCustomerDetail, ...adminWriteErrors },
        },
      },
      async (request) => customers.block(staffMember(request), request.params.id),
    );

    app.post(
      '/customers/:id/unblock/',
      {
        schema: {
          ...area,
          summary: 'Unblock an account: it may sign in again',
          params: idParams,
          body: adminCustomerAction,
          response: { 200: adminCustomerDetail, ...adminWriteErrors },
        },
      },
      async (request) => customers.unblock(staffMember(request), request.params.id),
    );

    app.delete(
      '/customers/:id/',
      {
        schema: {
          ...area,
          summary: 'Delete an account on its owner’s request: personal data removed, orders kept',
          description:
            'Refused with 409 `orders_in_progress` while an order is not completed, cancelled or returned, ' +
            'and with 409 `staff_account` for a member of staff. The account is emptied (names, e-mail, ' +
            'telephone, password, sign-ins, wishlist) and its orders lose the buyer’s personal data.',
          params: idParams,
          response: { 204: z.null(), ...adminWriteErrors },
        },
      },
      async (request, reply) => {
        await customers.deleteOnRequest(staffMember(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
