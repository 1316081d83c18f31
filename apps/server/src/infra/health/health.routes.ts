import { health, readinessAnswer } from '@kram/contract/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Readiness } from './readiness.ts';

export const healthRoutes =
  (ping: () => Promise<void>, readiness: Readiness): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['health'],
          summary: 'Liveness: the process answers, and the database is reachable',
          response: { 200: health, 503: health },
        },
      },
      async (request, reply) => {
        try {
          await ping();
          return { status: 'ok' as const, database: 'up' as const };
        } catch (error) {
          request.log.warn({ err: error }, 'health check: database unreachable');
          return reply.code(503).send({ status: 'unavailable', database: 'down', request_id: request.id });
        }
      },
    );

    app.get(
      '/ready',
      {
        schema: {
          tags: ['health'],
          summary: 'Readiness: whether a load balancer should send this process traffic',
          description:
            '200 once the process has started (migrations applied, search index built) and while it is not ' +
            'shutting down. 503 while it starts, while it drains after a SIGTERM (it still answers other ' +
            'requests then, so a balancer that polls this stops sending before the port closes), and while ' +
            'the database is unreachable.',
          response: { 200: readinessAnswer, 503: readinessAnswer },
        },
      },
      async (request, reply) => {
        const state = readiness.state;
        if (state !== 'ready') {
          return reply.code(503).header('retry-after', '5').send({ status: state, request_id: request.id });
        }
        try {
          await ping();
        } catch (error) {
          request.log.warn({ err: error }, 'readiness check: database unreachable');
          return reply.code(503).header('retry-after', '5').send({ status: 'unavailable', request_id: request.id });
        }
        return { status: 'ready' as const };
      },
    );
  };
