import { accountErrors, profileUpdateBody, userProfile } from '@kram/contract/accounts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountsService } from './accounts.service.ts';
import { signedIn } from './signed-in.ts';

export const profileRoutes =
  (accounts: AccountsService): FastifyPluginAsyncZod =>
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
          description: 'E-mail and telephone must stay unique, as at registration. An empty body changes nothing.',
          security: [{ bearer: [] }],
          body: profileUpdateBody,
          response: { 200: userProfile, 400: accountErrors[400], 401: accountErrors[401] },
        },
      },
      async (request) => accounts.updateProfile(await signedIn(request), request.body),
    );
  };
