import { captchaChallenge, captchaErrors } from '@kram/contract/captcha';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CaptchaService } from './captcha.service.ts';

export const captchaRoutes =
  (captcha: CaptchaService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/captcha/challenge/',
      {
        schema: {
          tags: ['captcha'],
          summary: 'A fresh proof-of-work challenge (ALTCHA) for the feedback form',
          description: 'Answers 404 when the shop is configured for reCAPTCHA instead.',
          response: { 200: captchaChallenge, ...captchaErrors },
        },
      },
      // Each challenge is single use: never from a cache (no-store, plugins/private-answers.ts).
      async () => captcha.challenge(),
    );
  };
