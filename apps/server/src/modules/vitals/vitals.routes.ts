import { badRequestError, detailError } from '@kram/contract/common';
import { vitalReport, vitalReportMaxBytes } from '@kram/contract/vitals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type RateLimiter, rateLimits } from '../../infra/rate-limit/rate-limiter.ts';
import type { VitalsService } from './vitals.service.ts';

export const vitalsRoutes =
  (vitals: VitalsService, limits: RateLimiter): FastifyPluginAsyncZod =>
  async (app) => {
    // navigator.sendBeacon sends a string as text/plain: in this context, and only here, such a body
    // is read as JSON, by Fastify's own parser (prototype-poisoning checks included).
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('text/plain');
    app.addContentTypeParser('text/plain', { parseAs: 'string' }, (request, body, done) =>
      parseJson(request, body.toString(), done),
    );

    app.post(
      '/vitals/',
      {
        bodyLimit: vitalReportMaxBytes,
        schema: {
          tags: ['vitals'],
          summary: 'One Core Web Vital from a shopper’s browser (LCP, INP or CLS) and the kind of page',
          description:
            'Counted per Kyiv day, kind of page and metric in a histogram; nothing else of the request is kept. ' +
            'The storefront sends it with navigator.sendBeacon, so a text/plain body is read as JSON too.',
          consumes: ['application/json', 'text/plain'],
          body: vitalReport,
          response: {
            204: z.null().describe('Counted.'),
            400: badRequestError,
            413: detailError.describe(`The body is larger than ${vitalReportMaxBytes} bytes.`),
            429: detailError,
          },
        },
        preHandler: async (request) => limits.consume(rateLimits.vitalsPerIp, request.ip),
      },
      async (request, reply) => {
        vitals.record(request.body);
        return reply.code(204).send(null);
      },
    );
  };
