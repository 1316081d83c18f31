import { readFile } from 'node:fs/promises';
import { languages } from '@kram/contract/languages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ShareFile, ShareImages } from './share-images.service.ts';

/**
 * The link-preview pictures at addresses that stay the same while what they show follows the shop
 * (`@kram/contract/share-images`). Not immutable like the other media: a renamed category keeps its
 * address, so caches keep a copy for an hour and then ask again with its ETag.
 */
export const shareImagesRoutes = (images: ShareImages) => async (app: FastifyInstance) => {
  async function send(request: FastifyRequest, reply: FastifyReply, found: ShareFile | undefined) {
    if (!found) return reply.callNotFound();
    reply.header('cache-control', 'public, max-age=3600');
    reply.header('etag', found.etag);
    if (request.headers['if-none-match'] === found.etag) return reply.code(304).send();
    return reply.type(found.type).send(await readFile(found.file));
  }

  const hidden = { schema: { hide: true } };
  app.get('/media/share/home.jpg', hidden, async (request, reply) => send(request, reply, await images.home()));
  app.get('/media/share/logo.png', hidden, async (request, reply) => send(request, reply, await images.logo()));

  app.get<{ Params: { lng: string; file: string } }>(
    '/media/share/:lng/category/:file',
    hidden,
    async (request, reply) => {
      const { lng, file } = request.params;
      const slug = /^(.+)\.jpg$/.exec(file)?.[1];
      const language = languages.find((l) => l === lng);
      return send(request, reply, slug && language ? await images.category(language, slug) : undefined);
    },
  );

  app.get<{ Params: { file: string } }>('/media/share/products/:file', hidden, async (request, reply) => {
    const name = /^(.+)\.jpg$/.exec(request.params.file)?.[1];
    return send(request, reply, name ? await images.product(name) : undefined);
  });

  // The kept files' own names are not addresses: only the ones above are.
  app.get('/media/share/*', hidden, async (_request, reply) => reply.callNotFound());
};
