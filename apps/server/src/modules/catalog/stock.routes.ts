import { stockAlertBody, stockAlertCreated, stockAlertErrors, stockAlertParams } from '@kram/contract/stock';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type RateLimiter, rateLimits } from '../../infra/rate-limit/rate-limiter.ts';
import type { StockService } from './stock.service.ts';

const created = {
  uk: 'Ми напишемо вам, щойно товар з’явиться в наявності.',
  ru: 'Мы напишем вам, как только товар появится в наличии.',
} as const;

/** The shop's public stock calls: "tell me when it is back", and the mail's way out of it. */
export const stockRoutes =
  (stock: Pick<StockService, 'subscribe' | 'unsubscribe'>, limits: RateLimiter): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/stock-alerts/',
      {
        schema: {
          tags: ['catalog'],
          summary: 'Mail me once when this sold-out size (and colour) is back',
          description:
            'A product with sizes needs the size; a colour left out means any colour. 400 when the variant can be bought now.',
          body: stockAlertBody,
          response: { 201: stockAlertCreated, ...stockAlertErrors },
        },
        preHandler: async (request) => limits.consume(rateLimits.stockAlertsPerIp, request.ip),
      },
      async (request, reply) => {
        await stock.subscribe(request.body, request.language);
        return reply.code(201).send({ detail: created[request.language] });
      },
    );

    app.delete(
      '/stock-alerts/:token/',
      {
        schema: {
          tags: ['catalog'],
          summary: 'Unsubscribe from a back-in-stock mail (the link in it)',
          params: stockAlertParams,
          response: { 204: z.null(), 400: stockAlertErrors[400], 404: stockAlertErrors[404] },
        },
      },
      async (request, reply) => {
        await stock.unsubscribe(request.params.token);
        return reply.code(204).send(null);
      },
    );
  };
