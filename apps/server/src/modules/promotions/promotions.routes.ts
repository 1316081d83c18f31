import { promoCheck, promoCheckBody, promoCheckErrors } from '@kram/contract/promotions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type RateLimiter, rateLimits } from '../../infra/rate-limit/rate-limiter.ts';
import type { PromoCodesService } from './promo-codes.service.ts';

/** The checkout's preview of a promo code. */
export const promotionsRoutes =
  (codes: Pick<PromoCodesService, 'check'>, limits: RateLimiter): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/promo-codes/check/',
      {
        schema: {
          tags: ['orders'],
          summary: 'What a promo code takes off a cart, before the order (guests too)',
          description:
            'The cart is priced from the catalogue as the order would be. A refusal is a 400 on `promo_code` ' +
            '(`promo.unknown`, `promo.expired`, `promo.not_yet_valid`, `promo.used_up`, `promo.below_minimum` ' +
            'with `minimum`, `promo.not_for_these_goods` in Kram-Error-Codes). Guests get the discount and a null ' +
            '`amount`: they see no prices before they order. Uses per customer are counted when the order is placed.',
          body: promoCheckBody,
          response: { 200: promoCheck, ...promoCheckErrors },
        },
        // Each check is a guess at a code: as tight as placing orders, so codes cannot be tried in bulk.
        preHandler: async (request) => limits.consume(rateLimits.promoChecksPerIp, request.ip),
      },
      async (request) => {
        const checked = await codes.check(request.body.code, request.body.items);
        const viewer = await request.viewer();
        return { ...checked, amount: viewer ? checked.amount : null };
      },
    );
  };
