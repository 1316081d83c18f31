import { deliveryErrors, shippingEstimate, shippingEstimateQuery } from '@kram/contract/delivery';
import { normalizeMoney } from '@kram/contract/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ShippingService } from './shipping.service.ts';

/** How long one estimate is reused for the same city, amount and payment, ms. */
const estimateTtlMs = 10 * 60_000;
const estimateCacheSize = 2000;

/** The shop's public shipping calls: the checkout's estimate of the carrier's price and day. */
export const shippingRoutes =
  (shipping: Pick<ShippingService, 'checkoutEstimate'>): FastifyPluginAsyncZod =>
  async (app) => {
    // The carrier is asked once per city, amount, payment and delivery in ten minutes, whoever types.
    const cache = new Map<string, { at: number; answer: { cost: string | null; delivery_day: string | null } }>();
    app.get(
      '/shipping/estimate/',
      {
        schema: {
          tags: ['delivery'],
          summary: 'The carrier’s price and delivery day to a city, for the checkout',
          description:
            'Information only: the order’s delivery line stays 0 and the buyer pays the carrier at its tariff. ' +
            'Null fields when the carrier cannot say.',
          querystring: shippingEstimateQuery,
          response: { 200: shippingEstimate, 400: deliveryErrors[400] },
        },
      },
      async (request) => {
        const { city_ref: cityRef, payment_method: payment, delivery_type: delivery } = request.query;
        const amount = normalizeMoney(request.query.amount);
        const key = `${cityRef}|${amount}|${payment}|${delivery}`;
        const hit = cache.get(key);
        if (hit && Date.now() - hit.at < estimateTtlMs) return hit.answer;
        const service = delivery === 'address' ? 'address' : 'branch';
        const estimate = await shipping.checkoutEstimate(cityRef, amount, payment === 'cash', service);
        const answer = estimate ?? { cost: null, delivery_day: null };
        if (cache.size >= estimateCacheSize) cache.delete(cache.keys().next().value as string);
        cache.set(key, { at: Date.now(), answer });
        return answer;
      },
    );
  };
