import { averageRating, ratingBody, ratingErrors, ratingQuery, ratingSaved } from '@kram/contract/ratings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sharedAnswer } from '../../infra/http/shared-answer.ts';
import { signedIn } from '../accounts/index.ts';
import type { RatingsService } from './ratings.service.ts';

export const ratingsRoutes =
  (ratings: RatingsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/rate-product/',
      {
        config: sharedAnswer,
        schema: {
          tags: ['ratings'],
          summary: "A product's average rating (0 while unrated)",
          querystring: ratingQuery,
          response: { 200: averageRating, 400: ratingErrors[400], 404: ratingErrors[404] },
        },
      },
      async (request) => ratings.average(request.query.product_id),
    );

    app.post(
      '/rate-product/',
      {
        schema: {
          tags: ['ratings'],
          summary: 'Rate a product from 1 to 5; rating again replaces your rating',
          security: [{ bearer: [] }],
          body: ratingBody,
          response: { 200: ratingSaved, ...ratingErrors },
        },
      },
      async (request) => ratings.rate(await signedIn(request), request.body.product_id, request.body.rating),
    );
  };
