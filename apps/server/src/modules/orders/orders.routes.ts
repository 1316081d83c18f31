import { order, orderBody, orderErrors, orderHeaders, orderList } from '@kram/contract/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../accounts/signed-in.ts';
import { requestLanguage } from '../mail/request-language.ts';
import { type OrdersService, toOrderView } from './orders.service.ts';

export const ordersRoutes =
  (orders: OrdersService): FastifyPluginAsyncZod =>
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
      },
      async (request, reply) => {
        const { order: placed, created } = await orders.place(request.body, {
          viewer: await request.viewer(),
          language: requestLanguage(request),
          ip: request.ip,
          idempotencyKey: request.headers['idempotency-key'],
          kind: 'order',
        });
        return reply.code(created ? 201 : 200).send(toOrderView(placed));
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
  };
