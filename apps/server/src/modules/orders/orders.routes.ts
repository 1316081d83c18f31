import { detailError } from '@kram/contract/common';
import {
  order,
  orderBody,
  orderErrors,
  orderHeaders,
  orderList,
  orderShipment,
  orderShipments,
  orderStatusParams,
  orderStatusView,
} from '@kram/contract/orders';
import { invoiceCreated, paymentErrors } from '@kram/contract/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type RateLimiter, rateLimits } from '../../infra/rate-limit/rate-limiter.ts';
import { signedIn } from '../accounts/index.ts';
import type { Checkout } from './checkout.ts';
import { type OrdersService, toOrderView } from './orders.service.ts';

/** Placing orders (on receipt, and by card with its invoice), the shopper's orders, one order's status. */
export const ordersRoutes =
  (orders: OrdersService, checkout: Checkout, limits: RateLimiter): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/orders/',
      {
        schema: {
          tags: ['orders'],
          summary: 'Place an order (guests too; a bearer token links it to the account)',
          description:
            'Priced by the server from the catalogue: the `price`s and `amount` sent are ignored. ' +
            'Orders over 50,000 UAH are refused. Card payments go through /api/create-monobank-invoice/. ' +
            'A repeated `Idempotency-Key` answers the order it placed (200) instead of placing another.',
          headers: orderHeaders,
          body: orderBody,
          response: { 200: order, 201: order, ...orderErrors },
        },
        preHandler: async (request) => limits.consume(rateLimits.ordersPerIp, request.ip),
      },
      async (request, reply) => {
        const { order: placed, created } = await checkout.place(request.body, {
          viewer: await request.viewer(),
          language: request.language,
          idempotencyKey: request.headers['idempotency-key'],
        });
        return reply.code(created ? 201 : 200).send(toOrderView(placed));
      },
    );

    app.post(
      '/create-monobank-invoice/',
      {
        schema: {
          tags: ['payments'],
          summary: 'Place a card order and open its Monobank invoice',
          description:
            'The order payload of POST /api/orders/. The order is created awaiting payment; the answer says where ' +
            'to send the shopper. Without MONOBANK_TOKEN the payment page is the shop’s own sandbox. A repeated ' +
            '`Idempotency-Key` answers the same order and invoice.',
          headers: orderHeaders,
          body: orderBody,
          response: { 200: invoiceCreated, 201: invoiceCreated, ...paymentErrors },
        },
        preHandler: async (request) => limits.consume(rateLimits.ordersPerIp, request.ip),
      },
      async (request, reply) => {
        const created = await checkout.placeByCard(request.body, {
          viewer: await request.viewer(),
          language: request.language,
          idempotencyKey: request.headers['idempotency-key'],
        });
        return reply.code(201).send(created);
      },
    );

    app.get(
      '/orders/',
      {
        schema: {
          tags: ['orders'],
          summary: 'The signed-in shopper’s orders, newest first',
          security: [{ bearer: [] }],
          response: { 200: orderList, 401: orderErrors[401] },
        },
      },
      async (request) => orders.history(await signedIn(request)),
    );

    app.get(
      '/orders/:order_id/status/',
      {
        schema: {
          tags: ['orders'],
          summary: 'One order’s status, by its id (guests too)',
          description:
            'For the shopper back from the card payment page. The id is the unguessable UUID the order was ' +
            'placed with; an unknown or malformed one is a 404. No prices or personal data.',
          params: orderStatusParams,
          response: { 200: orderStatusView, 404: detailError },
        },
      },
      // A status changes when the payment lands: never from a cache (no-store, plugins/private-answers.ts).
      async (request) => orders.status(request.params.order_id),
    );

    app.get(
      '/orders/:order_id/shipment/',
      {
        schema: {
          tags: ['orders'],
          summary: 'One order’s parcel, by its id (guests too): the waybill, where it is, its days',
          description:
            'Null `shipment` before the order has a waybill. The id is the unguessable UUID the order was placed ' +
            'with; an unknown or malformed one is a 404. No address, prices or personal data.',
          params: orderStatusParams,
          response: { 200: orderShipment, 404: detailError },
        },
      },
      async (request) => orders.shipment(request.params.order_id),
    );

    app.get(
      '/orders/shipments/',
      {
        schema: {
          tags: ['orders'],
          summary: 'The parcels of the signed-in shopper’s orders, by order id',
          description: 'Orders without a waybill are absent.',
          security: [{ bearer: [] }],
          response: { 200: orderShipments, 401: orderErrors[401] },
        },
      },
      async (request) => orders.shipments(await signedIn(request)),
    );
  };
