import { wishlist, wishlistBody, wishlistEntry, wishlistErrors } from '@kram/contract/wishlist';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn } from '../accounts/index.ts';
import type { WishlistService } from './wishlist.service.ts';

export const wishlistRoutes =
  (service: WishlistService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/wishlist/',
      {
        schema: {
          tags: ['wishlist'],
          summary: 'The saved products, with prices, most recent first',
          security: [{ bearer: [] }],
          response: { 200: wishlist, 401: wishlistErrors[401] },
        },
      },
      async (request) => service.list(await signedIn(request)),
    );

    app.post(
      '/wishlist/',
      {
        schema: {
          tags: ['wishlist'],
          summary: 'Save a product',
          description: '201 when added, 200 when it was saved already; 404 for an unknown product.',
          security: [{ bearer: [] }],
          body: wishlistBody,
          response: { 200: wishlistEntry, 201: wishlistEntry, ...wishlistErrors },
        },
      },
      async (request, reply) => {
        const { created, entry } = await service.add(await signedIn(request), request.body.product_id);
        return reply.code(created ? 201 : 200).send(entry);
      },
    );

    app.delete(
      '/wishlist/remove/',
      {
        schema: {
          tags: ['wishlist'],
          summary: 'Remove a saved product',
          description: 'Answers 204 whether or not the product was saved.',
          security: [{ bearer: [] }],
          body: wishlistBody,
          response: { 204: z.null(), 400: wishlistErrors[400], 401: wishlistErrors[401] },
        },
      },
      async (request, reply) => {
        await service.remove(await signedIn(request), request.body.product_id);
        return reply.code(204).send(null);
      },
    );
  };
