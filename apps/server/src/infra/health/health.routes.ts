import { health } from '@kram/contract/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes =
  (ping: () => Promise<void>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/health',
      {
        schema: { tags: ['health'], summary: 'Up, and the database reachable', response: { 200: health, 503: health } },
      },
      async (request, reply) => {
        try {
          await ping();
          return { status: 'ok' as const, database: 'up' as const };
        } catch (error) {
          request.log.warn({ err: error }, 'health check: database unreachable');
          return reply.code(503).send({ status: 'unavailable', database: 'down' });
        }
      },
    );
  };
