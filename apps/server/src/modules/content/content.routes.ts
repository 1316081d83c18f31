import { homeContent } from '@kram/contract/site-content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sharedAnswer } from '../../infra/http/shared-answer.ts';
import type { ContentService } from './content.service.ts';

export const contentRoutes =
  (content: ContentService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/home-content/',
      {
        config: sharedAnswer,
        schema: {
          tags: ['content'],
          summary: 'The home page’s banner, tiles and promo text, in Ukrainian and Russian',
          description:
            'What the shop’s staff saved in the back office, or the shop’s own texts until they do. Image ' +
            'addresses are paths on this origin (`/media/…` uploaded, `/images/…` bundled); a tile without an ' +
            'image shows its place’s icon.',
          response: { 200: homeContent },
        },
      },
      async () => content.home(),
    );
  };
