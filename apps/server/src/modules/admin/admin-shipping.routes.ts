import { adminErrors, uuidParams } from '@kram/contract/admin';
import {
  type BulkWaybillResult,
  bulkOrders,
  bulkWaybillResult,
  labelsQuery,
  orderShipping,
  registerView,
  senderOptions,
  shipmentView,
  shippingErrors,
  shippingMessages,
  shippingSettingsErrors,
  shippingSettingsUpdate,
  shippingSettingsView,
  waybillByHand,
  waybillDraft,
  waybillEstimate,
} from '@kram/contract/admin-shipping';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorCodesFor } from '../../lib/domain-error-codes.ts';
import { Conflict, DomainError } from '../../lib/domain-errors.ts';
import type { ShippingModule } from '../shipping/index.ts';
import { adminRoute } from './admin-route.ts';
import { staffMember } from './staff.ts';

export type AdminShipping = Pick<
  ShippingModule,
  | 'settings'
  | 'saveSettings'
  | 'senderOptions'
  | 'ofOrder'
  | 'estimate'
  | 'create'
  | 'enterByHand'
  | 'update'
  | 'remove'
  | 'labels'
  | 'register'
  | 'registerPdf'
  | 'trackNow'
>;

const pdf = { description: 'A PDF file.', content: { 'application/pdf': { schema: z.custom<Buffer>() } } };

/**
 * Shipping in the back office: the shop as sender, an order's waybill (through the carrier or typed
 * by hand), several orders' waybills, labels and register at once, and tracking on demand.
 */
export const adminShippingRoutes =
  (shipping: AdminShipping): FastifyPluginAsyncZod =>
  async (app) => {
    const area = adminRoute('shipping');

    app.get(
      '/shipping/settings/',
      {
        schema: {
          ...area,
          summary: 'The sender and the cargo defaults',
          response: { 200: shippingSettingsView, ...adminErrors },
        },
      },
      async () => shipping.settings(),
    );

    app.patch(
      '/shipping/settings/',
      {
        schema: {
          ...area,
          summary:
            'Change the sender or the cargo defaults; a new sender is checked with the carrier before the next waybill',
          body: shippingSettingsUpdate,
          response: { 200: shippingSettingsView, ...adminErrors },
        },
      },
      async (request) => shipping.saveSettings(request.body, staffMember(request)),
    );

    app.get(
      '/shipping/senders/',
      {
        schema: {
          ...area,
          summary: 'The shop’s counterparties and contact persons as the carrier knows them',
          response: { 200: senderOptions, ...shippingSettingsErrors, 409: shippingErrors[409] },
        },
      },
      async () => shipping.senderOptions(),
    );

    app.post(
      '/shipping/track/',
      {
        schema: {
          ...area,
          summary: 'Read every open parcel’s status now',
          body: z.strictObject({}).nullish(),
          response: { 200: z.object({ asked: z.number().int(), changed: z.number().int() }), ...adminErrors },
        },
      },
      async () => shipping.trackNow(),
    );

    app.get(
      '/orders/:id/shipping/',
      {
        schema: {
          ...area,
          summary: 'An order’s waybill with its history, or the defaults of a new one',
          params: uuidParams,
          response: { 200: orderShipping, ...shippingErrors },
        },
      },
      async (request) => shipping.ofOrder(request.params.id),
    );

    app.post(
      '/orders/:id/shipping/estimate/',
      {
        schema: {
          ...area,
          summary: 'The carrier’s price and delivery day for a waybill as filled in',
          params: uuidParams,
          body: waybillDraft,
          response: { 200: waybillEstimate, ...shippingErrors },
        },
      },
      async (request) => shipping.estimate(request.params.id, request.body),
    );

    app.post(
      '/orders/:id/shipping/',
      {
        schema: {
          ...area,
          summary: 'Make the order’s waybill through the carrier',
          description:
            'A refusal names the fields at fault (code `shipping.carrier_refused`, with the carrier’s reason in ' +
            'Ukrainian and Russian); nothing is kept. A 502 when the carrier is silent: trying again finds a ' +
            'waybill it made meanwhile instead of making a second.',
          params: uuidParams,
          body: waybillDraft,
          response: { 201: shipmentView, ...shippingErrors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await shipping.create(request.params.id, request.body, staffMember(request))),
    );

    app.put(
      '/orders/:id/shipping/',
      {
        schema: {
          ...area,
          summary: 'Change the order’s waybill while the carrier allows it',
          params: uuidParams,
          body: waybillDraft,
          response: { 200: shipmentView, ...shippingErrors },
        },
      },
      async (request) => shipping.update(request.params.id, request.body, staffMember(request)),
    );

    app.delete(
      '/orders/:id/shipping/',
      {
        schema: {
          ...area,
          summary: 'Delete the order’s waybill while the carrier allows it',
          params: uuidParams,
          response: { 204: z.null(), ...shippingErrors },
        },
      },
      async (request, reply) => {
        await shipping.remove(request.params.id, staffMember(request));
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/orders/:id/shipping/by-hand/',
      {
        schema: {
          ...area,
          summary: 'A waybill made elsewhere, typed by hand: the order is shipped',
          params: uuidParams,
          body: waybillByHand,
          response: { 201: shipmentView, ...shippingErrors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await shipping.enterByHand(request.params.id, request.body.number, staffMember(request))),
    );

    app.post(
      '/shipping/bulk/',
      {
        schema: {
          ...area,
          summary: 'Make the waybills of several orders with their defaults, one by one; each order’s outcome',
          body: bulkOrders,
          response: { 200: z.object({ results: z.array(bulkWaybillResult) }), ...adminErrors },
        },
      },
      async (request) => {
        const actor = staffMember(request);
        const results: BulkWaybillResult[] = [];
        for (const orderId of request.body.order_ids) {
          const refused = (error: DomainError) =>
            results.push({
              order_id: orderId,
              ok: false,
              number: null,
              error: error.message,
              error_codes: errorCodesFor(error),
            });
          try {
            const { draft, blocked, shipment } = await shipping.ofOrder(orderId);
            if (shipment) refused(new Conflict(shippingMessages.alreadyShipped));
            else if (!draft) refused(new Conflict(blocked ?? shippingMessages.notShippable));
            else {
              const made = await shipping.create(orderId, draft, actor);
              results.push({ order_id: orderId, ok: true, number: made.number, error: null, error_codes: [] });
            }
          } catch (error) {
            // One order's refusal (the carrier's reasons, a missing sender) does not stop the others.
            if (!(error instanceof DomainError)) throw error;
            refused(error);
          }
        }
        return { results };
      },
    );

    app.get(
      '/shipping/labels.pdf',
      {
        schema: {
          ...area,
          summary: 'The labels of the orders’ waybills as one PDF: 100×100 mm markings or A4',
          querystring: labelsQuery,
          response: { 200: pdf, ...shippingErrors },
        },
      },
      async (request, reply) => {
        const file = await shipping.labels(request.query.order_id, request.query.format);
        return reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="labels-${request.query.format}.pdf"`)
          .send(Buffer.from(file));
      },
    );

    app.post(
      '/shipping/registers/',
      {
        schema: {
          ...area,
          summary: 'Hand the orders’ waybills over with one register (scan sheet)',
          body: bulkOrders,
          response: { 201: registerView, ...shippingErrors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await shipping.register(request.body.order_ids, staffMember(request))),
    );

    app.get(
      '/shipping/registers/:ref/pdf',
      {
        schema: {
          ...area,
          summary: 'A register, printable',
          params: z.strictObject({ ref: z.string().regex(/^[0-9A-Za-z-]{1,64}$/) }),
          response: { 200: pdf, ...shippingErrors },
        },
      },
      async (request, reply) =>
        reply
          .type('application/pdf')
          .header('content-disposition', 'inline; filename="register.pdf"')
          .send(Buffer.from(await shipping.registerPdf(request.params.ref))),
    );
  };
