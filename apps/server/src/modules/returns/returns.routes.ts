import { badRequestError, detailError } from '@kram/contract/common';
import { orderReturns, orderReturnsParams, returnRequestBody, returnView } from '@kram/contract/returns';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RateLimiter, RateLimitRule } from '../../infra/rate-limit/rate-limiter.ts';
import type { ReturnsService } from './returns.service.ts';

/**
 * A buyer asks for a return a few times at most; a script filling the shop's inbox with requests (and
 * the buyers' mailboxes with their mails) gets 10 in ten minutes from one address.
 */
export const returnRequestsPerIp: RateLimitRule = { name: 'returns:ip', limit: 10, windowMs: 10 * 60_000 };

/** An order's returns for whoever holds its id (a guest from the order's mail too), and a new request. */
export const returnsRoutes =
  (returns: ReturnsService, limits: RateLimiter): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/orders/:order_id/returns/',
      {
        schema: {
          tags: ['orders'],
          summary: 'What of an order may be returned, until when, and its returns so far, by its id (guests too)',
          description:
            'A return may be asked for once the order was received (delivered or completed), for 14 days. ' +
            'Each line says how many units are left to return and what one gives back (its price less its ' +
            'share of the promo code’s discount); delivery is never refunded. An unknown order is a 404.',
          params: orderReturnsParams,
          response: { 200: orderReturns, 404: detailError },
        },
      },
      async (request) => returns.orderReturns(request.params.order_id),
    );

    app.post(
      '/orders/:order_id/returns/',
      {
        schema: {
          tags: ['orders'],
          summary: 'Ask to return some of an order’s goods (guests too)',
          description:
            '400 names the fields: a line the order does not have, named twice, or more than is left to return; ' +
            'the reason; the IBAN (required when the order was not paid by card) and its holder. 409 when the ' +
            'order cannot be returned now: not received yet, received more than 14 days ago, or nothing left. ' +
            'The buyer and the shop are mailed.',
          params: orderReturnsParams,
          body: returnRequestBody,
          response: { 201: returnView, 400: badRequestError, 404: detailError, 409: detailError, 429: detailError },
        },
        preHandler: async (request) => limits.consume(returnRequestsPerIp, request.ip),
      },
      async (request, reply) =>
        reply.code(201).send(await returns.request(request.params.order_id, request.body, request.language)),
    );
  };
