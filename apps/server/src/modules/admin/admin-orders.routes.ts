import { adminErrors, adminRecordErrors, adminWriteErrors, listOf, uuidParams } from '@kram/contract/admin';
import {
  adminOrder,
  adminOrderExportQuery,
  adminOrderLineBody,
  adminOrderLineParams,
  adminOrderListQuery,
  adminOrderNote,
  adminOrderNoteBody,
  adminOrderStatusBody,
  adminOrderSummary,
  maxExportRows,
} from '@kram/contract/admin-orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { kyivDateTime } from '../../lib/kyiv-time.ts';
import type { StaffOrdersService } from '../orders/index.ts';
import { ordersCsv } from './admin-orders.csv.ts';
import { adminRoute } from './admin-route.ts';
import { staffMember } from './staff.ts';

/** The Kyiv date of today, for the export's file name. */
const today = () => kyivDateTime(new Date()).slice(0, 10);

/**
 * Orders in the back office: the list and its CSV export, one order, and the manager's changes
 * (status, a line's price, a line's removal, notes), each recorded in the audit log and mailed to
 * the customer with the change.
 */
export const adminOrdersRoutes =
  (service: StaffOrdersService): FastifyPluginAsyncZod =>
  async (app) => {
    const area = adminRoute('orders');

    app.get(
      '/orders/',
      {
        schema: {
          ...area,
          summary: 'Orders, newest first unless sorted; filter by status, payment, delivery, Kyiv days, or search',
          description:
            '`q` finds an order by its number (`#` and the end of its id, as the shop shows it, or the start of ' +
            'its id), the customer’s name, e-mail or telephone (digits compared, with or without +380 or 0).',
          querystring: adminOrderListQuery,
          response: { 200: listOf(adminOrderSummary), ...adminErrors },
        },
      },
      async (request) => service.list(request.query),
    );

    // Before the routes of one order: `export.csv` is a file, not an order's id.
    app.get(
      '/orders/export.csv',
      {
        schema: {
          ...area,
          summary: 'The orders the list’s filters match, as a CSV file (UTF-8 with a BOM, RFC 4180)',
          description:
            `At most ${maxExportRows} orders; more is a 400 with \`code: export_too_large\`. Cells that a ` +
            'spreadsheet would run as a formula start with an apostrophe.',
          querystring: adminOrderExportQuery,
          response: {
            200: { description: 'The file.', content: { 'text/csv': { schema: z.string() } } },
            ...adminErrors,
          },
        },
      },
      async (request, reply) => {
        const orders = await service.forExport(request.query);
        return reply
          .header('content-disposition', `attachment; filename="orders-${today()}.csv"`)
          .type('text/csv; charset=utf-8')
          .send(ordersCsv(orders, request.query.lng ?? request.language));
      },
    );

    app.get(
      '/orders/:id/',
      {
        schema: {
          ...area,
          summary: 'One order: lines as ordered, contact, delivery, payment and invoice, notes, history',
          params: uuidParams,
          response: { 200: adminOrder, ...adminRecordErrors },
        },
      },
      async (request) => service.detail(request.params.id),
    );

    app.post(
      '/orders/:id/status/',
      {
        schema: {
          ...area,
          summary: 'Move the order along its life; the customer is mailed',
          description:
            'Only the moves of `orderTransitions` (the order’s `next_statuses`); any other is a 409 naming the ' +
            'current status, `code: order_status_conflict`. Cancelling needs a `reason`, which the mail gives.',
          params: uuidParams,
          body: adminOrderStatusBody,
          response: { 200: adminOrder, ...adminWriteErrors },
        },
      },
      async (request) =>
        service.changeStatus(request.params.id, request.body.status, staffMember(request), request.body.reason),
    );

    app.patch(
      '/orders/:id/items/:itemId/',
      {
        schema: {
          ...area,
          summary: 'Change a line’s unit price before confirmation; the amount follows and the customer is mailed',
          description:
            'Only while the order is new or awaiting payment without a card invoice (409 `order_lines_frozen`, ' +
            '`order_invoice_issued`): an issued invoice is paid for its own amount.',
          params: adminOrderLineParams,
          body: adminOrderLineBody,
          response: { 200: adminOrder, ...adminWriteErrors },
        },
      },
      async (request) =>
        service.setLinePrice(request.params.id, request.params.itemId, request.body.price, staffMember(request)),
    );

    app.delete(
      '/orders/:id/items/:itemId/',
      {
        schema: {
          ...area,
          summary: 'Remove a line before confirmation (out of stock, refused); never the last one',
          description: 'The same rules as a price change; the last line is a 409 `order_last_line` (cancel instead).',
          params: adminOrderLineParams,
          response: { 204: z.null(), ...adminWriteErrors },
        },
      },
      async (request, reply) => {
        await service.removeLine(request.params.id, request.params.itemId, staffMember(request));
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/orders/:id/notes/',
      {
        schema: {
          ...area,
          summary: 'The staff’s notes on an order, oldest first',
          params: uuidParams,
          response: { 200: listOf(adminOrderNote), ...adminRecordErrors },
        },
      },
      async (request) => service.notes(request.params.id),
    );

    app.post(
      '/orders/:id/notes/',
      {
        schema: {
          ...area,
          summary: 'Add a note for the staff; the customer never sees it',
          params: uuidParams,
          body: adminOrderNoteBody,
          response: { 201: adminOrderNote, ...adminRecordErrors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await service.addNote(request.params.id, request.body.text, staffMember(request))),
    );
  };
