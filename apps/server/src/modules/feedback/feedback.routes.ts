import { message } from '@kram/contract/accounts';
import { feedbackBody, feedbackErrors } from '@kram/contract/feedback';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type RateLimiter, rateLimits } from '../../infra/rate-limit/rate-limiter.ts';
import type { FeedbackService } from './feedback.service.ts';

export const feedbackRoutes =
  (feedback: FeedbackService, limits: RateLimiter): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/feedback/',
      {
        schema: {
          tags: ['feedback'],
          summary: 'Write to the shop (captcha required)',
          description: 'Saved, and mailed to SHOP_EMAIL with Reply-To set to the sender.',
          body: feedbackBody,
          response: { 201: message, ...feedbackErrors },
        },
        preHandler: async (request) => {
          await limits.consume(rateLimits.feedbackPerIp, request.ip);
          await limits.consume(rateLimits.feedbackPerAccount, request.body.email);
        },
      },
      async (request, reply) => reply.code(201).send(await feedback.send(request.body, request.language)),
    );
  };
