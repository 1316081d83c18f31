import { adminErrors } from '@kram/contract/admin';
import { adminHomeContent, homeContent } from '@kram/contract/site-content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ContentService } from '../content/content.service.ts';
import { adminRoute } from './admin.routes.ts';
import { staffMember } from './staff.ts';

/** The home page's content in the back office: read it, and save it whole. */
export const adminContentRoutes =
  (content: ContentService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/content/home/',
      {
        schema: {
          ...adminRoute('content'),
          summary: 'The home page’s content, with when it was last saved (null: never, the shop’s defaults)',
          response: { 200: adminHomeContent, ...adminErrors },
        },
      },
      async () => content.homeForStaff(),
    );

    app.put(
      '/content/home/',
      {
        schema: {
          ...adminRoute('content'),
          summary: 'Save the home page’s content (all of it)',
          description: 'The storefront shows it at once; the audit log keeps it as it was and as it became.',
          body: homeContent,
          response: { 200: adminHomeContent, ...adminErrors },
        },
      },
      async (request) => content.saveHome(staffMember(request), request.body),
    );
  };
