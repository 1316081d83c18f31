import { adminErrors, adminRecordErrors, adminWriteErrors, listOf, uuidParams } from '@kram/contract/admin';
import {
  acceptReturnBody,
  adminReturn,
  adminReturnsQuery,
  receiveReturnBody,
  refundReturnBody,
  refuseReturnBody,
  returnAlerts,
} from '@kram/contract/admin-returns';
import { detailError } from '@kram/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { StaffReturns } from '../returns/index.ts';
import { adminRoute } from './admin-route.ts';
import { staffMember } from './staff.ts';

/** What the back office does with returns (the returns module's staff side). */
export type AdminReturns = Pick<StaffReturns, 'list' | 'one' | 'alerts' | 'accept' | 'refuse' | 'receive' | 'refund'>;

/**
 * Returns in the back office: the list, one return, the dashboard's counts, and its steps (accept,
 * refuse, receive the goods, refund), each recorded in the audit log and mailed to the buyer.
 */
export const adminReturnsRoutes =
  (returns: AdminReturns): FastifyPluginAsyncZod =>
  async (app) => {
    const area = adminRoute('returns');

    app.get(
      '/returns/',
      {
        schema: {
          ...area,
          summary: 'Returns, newest first unless sorted; filter by status, overdue refunds, order, or search',
          description:
            '`q` finds a return by its order: the order’s number, the buyer’s name, e-mail or telephone. ' +
            '`overdue`: goods received and not refunded within 7 days.',
          querystring: adminReturnsQuery,
          response: { 200: listOf(adminReturn), ...adminErrors },
        },
      },
      async (request) => returns.list(request.query),
    );

    app.get(
      '/returns/alerts/',
      {
        schema: {
          ...area,
          summary: 'The dashboard’s counts: requests waiting, refunds due and overdue',
          response: { 200: returnAlerts, ...adminErrors },
        },
      },
      async () => returns.alerts(),
    );

    app.get(
      '/returns/:id/',
      {
        schema: {
          ...area,
          summary: 'One return: its lines, the order and buyer, the account or card refunded, its steps',
          params: uuidParams,
          response: { 200: adminReturn, ...adminRecordErrors },
        },
      },
      async (request) => returns.one(request.params.id),
    );

    app.post(
      '/returns/:id/accept/',
      {
        schema: {
          ...area,
          summary: 'Accept the request; the buyer is told where to send the goods',
          description: 'Only from `requested` (409 otherwise).',
          params: uuidParams,
          body: acceptReturnBody,
          response: { 200: adminReturn, ...adminWriteErrors },
        },
      },
      async (request) => returns.accept(request.params.id, request.body, staffMember(request)),
    );

    app.post(
      '/returns/:id/refuse/',
      {
        schema: {
          ...area,
          summary: 'Refuse the request for one of the terms’ reasons, which the buyer’s mail gives',
          description: 'From `requested` or `accepted` (409 otherwise).',
          params: uuidParams,
          body: refuseReturnBody,
          response: { 200: adminReturn, ...adminWriteErrors },
        },
      },
      async (request) => returns.refuse(request.params.id, request.body, staffMember(request)),
    );

    app.post(
      '/returns/:id/receive/',
      {
        schema: {
          ...area,
          summary: 'The goods came back; the refund is due within 7 days, and the buyer is told by when',
          description: 'Only from `accepted` (409 otherwise).',
          params: uuidParams,
          body: receiveReturnBody,
          response: { 200: adminReturn, ...adminWriteErrors },
        },
      },
      async (request) => returns.receive(request.params.id, request.body, staffMember(request)),
    );

    app.post(
      '/returns/:id/refund/',
      {
        schema: {
          ...area,
          summary: 'Refund the goods’ price (never the delivery) once they came back',
          description:
            'A card payment is refunded through the bank (the whole invoice when it is the whole amount, else ' +
            'that part): 409 with the bank’s words when it refuses, 502 when it does not answer (pressing again ' +
            'asks the bank what it did before sending anything). A cash order’s refund is the transfer the ' +
            'manager made: its `reference` is required. The units go back in stock and a return receipt is issued.',
          params: uuidParams,
          body: refundReturnBody,
          response: { 200: adminReturn, ...adminWriteErrors, 502: detailError },
        },
      },
      async (request) => returns.refund(request.params.id, request.body, staffMember(request)),
    );
  };
