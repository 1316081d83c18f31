import { accountErrors, profileUpdateBody, userProfile } from '@kram/contract/accounts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type RateLimiter, rateLimits } from '../../infra/rate-limit/rate-limiter.ts';
import type { AccountsService } from './accounts.service.ts';
import { accountLockoutSubject } from './sessions.service.ts';
import { signedIn } from './signed-in.ts';

export const profileRoutes =
  (accounts: AccountsService, limits: RateLimiter): FastifyPluginAsyncZod =>
  async (app) => {
    // The storefront's profile hook PATCHes once with no data; an empty JSON body is "no change",
    // here only. Everything else is Fastify's own parser (prototype-poisoning checks included).
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = body.toString();
      if (text === '') done(null, undefined);
      else parseJson(request, text, done);
    });

    app.get(
      '/user-profile/',
      {
        schema: {
          tags: ['accounts'],
          summary: "The signed-in shopper's profile",
          security: [{ bearer: [] }],
          response: { 200: userProfile, 401: accountErrors[401] },
        },
      },
      async (request) => accounts.profile(await signedIn(request)),
    );

    app.patch(
      '/user-profile/',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Change any of the profile fields',
          description:
            'E-mail and telephone must stay unique, as at registration. An empty body changes nothing. ' +
            'A new e-mail needs `current_password` (400 `{"current_password": ["validation.current_password_required"]}` ' +
            'without it, `["validation.current_password_invalid"]` when wrong); it ends every other sign-in of the ' +
            'account and is told to the old address by mail. Password tries count against the sign-in lockout.',
          security: [{ bearer: [] }],
          body: profileUpdateBody,
          response: { 200: userProfile, ...accountErrors },
        },
        preHandler: async (request) => {
          // A stolen access token must not buy unlimited guesses at the password: the tries count
          // with the account's sign-in attempts.
          if (request.body.current_password === undefined) return;
          const viewer = await signedIn(request);
          await limits.consume(rateLimits.loginPerAccount, accountLockoutSubject(viewer.id));
        },
      },
      async (request) => {
        const viewer = await signedIn(request);
        const { profile, emailChanged } = await accounts.updateProfile(viewer, request.body, request.language);
        if (emailChanged) await limits.reset(rateLimits.loginPerAccount, accountLockoutSubject(viewer.id));
        return profile;
      },
    );
  };
