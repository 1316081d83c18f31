import { orderBody, orderHeaders } from '@kram/contract/orders';
import { invoiceCreated, paymentErrors } from '@kram/contract/payments';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type RateLimiter, rateLimits } from '../../infra/rate-limit/rate-limiter.ts';
import type { PaymentsService } from './payments.service.ts';

export const webhookPath = '/api/payments/monobank/webhook/';

export const paymentsRoutes =
  (payments: PaymentsService, limits: RateLimiter): FastifyPluginAsyncZod =>
  async (app) => {
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
        const created = await payments.createInvoice(request.body, {
          viewer: await request.viewer(),
          language: request.language,
          idempotencyKey: request.headers['idempotency-key'],
        });
        return reply.code(201).send(created);
      },
    );

    // The webhook reads its body as bytes: the signature covers them exactly as sent, so they must
    // never be parsed and serialised again before the check. This context alone parses that way.
    await app.register(async (context) => {
      const hook = context.withTypeProvider<ZodTypeProvider>();
      hook.removeAllContentTypeParsers();
      hook.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_r, body, done) =>
        done(null, body),
      );
      hook.post(
        '/payments/monobank/webhook/',
        {
          schema: {
            tags: ['payments'],
            summary: 'Monobank’s invoice status webhook',
            description:
              '`X-Sign` must be the base64 ECDSA SHA-256 signature of the raw body by Monobank’s key ' +
              '(/api/merchant/pubkey), or by the sandbox’s key without MONOBANK_TOKEN.',
            headers: z.object({ 'x-sign': z.string().max(1000).optional() }),
            response: { 200: z.object({ applied: z.boolean() }), 400: paymentErrors[400] },
          },
        },
        async (request) => {
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          return payments.handleWebhook(body, request.headers['x-sign']);
        },
      );
    });
  };
