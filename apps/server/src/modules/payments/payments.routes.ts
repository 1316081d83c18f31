import { paymentErrors } from '@kram/contract/payments';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PaymentsService } from './payments.service.ts';

export const webhookPath = '/api/payments/monobank/webhook/';

/** Monobank's (or the sandbox's) webhook; card orders are placed through the orders module's checkout. */
export const paymentsRoutes =
  (payments: PaymentsService): FastifyPluginAsyncZod =>
  async (app) => {
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
