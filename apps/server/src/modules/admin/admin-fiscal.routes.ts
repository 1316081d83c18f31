import { adminErrors, adminRecordErrors, adminWriteErrors, listOf, uuidParams } from '@kram/contract/admin';
import {
  adminOrderReceipts,
  adminReceipt,
  adminReceiptsQuery,
  adminShift,
  adminShiftsQuery,
  counterReceiptBody,
  fiscalAlerts,
  fiscalSettings,
  fiscalSettingsUpdate,
} from '@kram/contract/admin-fiscal';
import { detailError } from '@kram/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FiscalService } from '../fiscal/index.ts';
import { adminRoute } from './admin-route.ts';
import { staffMember } from './staff.ts';

export type AdminFiscal = FiscalService;

/** The register's failures the back office may meet besides its own: silent (502). */
const registerErrors = { ...adminWriteErrors, 502: detailError.describe('The cash register did not answer.') };

/**
 * Fiscal receipts in the back office: the register's settings, the receipts with their attempts and
 * a retry, the overdue alert, an order's receipts and the counter's receipt of a pickup order, and the
 * shifts with their Z-reports.
 */
export const adminFiscalRoutes =
  (fiscal: AdminFiscal): FastifyPluginAsyncZod =>
  async (app) => {
    const area = adminRoute('fiscal');

    app.get(
      '/fiscal/settings/',
      {
        schema: {
          ...area,
          summary: 'The fiscal receipts’ settings: on or off, taxes, the shift’s daily close, the cashier',
          response: { 200: fiscalSettings, ...adminErrors },
        },
      },
      async () => fiscal.settings(),
    );

    app.put(
      '/fiscal/settings/',
      {
        schema: {
          ...area,
          summary: 'Change the fiscal receipts’ settings (all of them at once)',
          body: fiscalSettingsUpdate,
          response: { 200: fiscalSettings, ...adminWriteErrors },
        },
      },
      async (request) => fiscal.saveSettings(request.body, staffMember(request)),
    );

    app.get(
      '/fiscal/receipts/',
      {
        schema: {
          ...area,
          summary: 'The receipts, newest first, with their attempts and the register’s last refusal',
          querystring: adminReceiptsQuery,
          response: { 200: listOf(adminReceipt), ...adminErrors },
        },
      },
      async (request) => fiscal.receiptList(request.query),
    );

    app.get(
      '/fiscal/receipts/:id/',
      {
        schema: {
          ...area,
          summary: 'One receipt',
          params: uuidParams,
          response: { 200: adminReceipt, ...adminRecordErrors },
        },
      },
      async (request) => fiscal.receipt(request.params.id),
    );

    app.post(
      '/fiscal/receipts/:id/retry/',
      {
        schema: {
          ...area,
          summary: 'Try a receipt not issued yet again now',
          description: 'Waits a few seconds for the register; the receipt as it then stands. 409 when it is issued.',
          params: uuidParams,
          response: { 200: adminReceipt, ...adminWriteErrors },
        },
      },
      async (request) => fiscal.retry(request.params.id, staffMember(request)),
    );

    app.get(
      '/fiscal/alerts/',
      {
        schema: {
          ...area,
          summary: 'How many receipts are not issued an hour after they fell due',
          response: { 200: fiscalAlerts, ...adminErrors },
        },
      },
      async () => fiscal.alerts(),
    );

    app.get(
      '/orders/:id/receipts/',
      {
        schema: {
          ...area,
          summary: 'An order’s receipts, and whether the counter’s receipt may be issued',
          params: uuidParams,
          response: { 200: adminOrderReceipts, ...adminRecordErrors },
        },
      },
      async (request) => fiscal.adminOrderReceipts(request.params.id),
    );

    app.post(
      '/orders/:id/receipts/',
      {
        schema: {
          ...area,
          summary: 'Issue the receipt of a pickup order paid at the counter, in cash or by card',
          description:
            'Written to the receipts’ outbox and issued at once (the answer waits a few seconds for the register; ' +
            'a receipt the register refused or did not answer is tried again by itself). 409 when the order is not ' +
            'a pickup order paid at the shop, or has its receipt.',
          params: uuidParams,
          body: counterReceiptBody,
          response: { 201: adminReceipt, ...registerErrors },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await fiscal.issueCounter(request.params.id, request.body.payment_type, staffMember(request))),
    );

    app.get(
      '/fiscal/shifts/',
      {
        schema: {
          ...area,
          summary: 'The register’s shifts, newest first, with the Z-report of each closed one',
          querystring: adminShiftsQuery,
          response: { 200: listOf(adminShift), ...adminErrors },
        },
      },
      async (request) => fiscal.shifts(request.query),
    );

    app.post(
      '/fiscal/shifts/close/',
      {
        schema: {
          ...area,
          summary: 'Close the open shift now, keeping its Z-report',
          description: '409 when no shift is open; 502 when the register does not answer.',
          response: { 200: adminShift, ...registerErrors },
        },
      },
      async (request) => fiscal.closeShift(staffMember(request)),
    );
  };
