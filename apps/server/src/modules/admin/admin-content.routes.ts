import { adminErrors } from '@kram/contract/admin';
import { adminHomeContent, homeContent, homeImageUpload } from '@kram/contract/site-content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptImageUploads } from '../../infra/http/image-uploads.ts';
import type { ContentService } from '../content/index.ts';
import { uploadErrors } from './admin-products.routes.ts';
import { adminRoute } from './admin-route.ts';
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

    // Multipart forms are taken by the upload alone.
    const uploadRoutes: FastifyPluginAsyncZod = async (uploads) => {
      await acceptImageUploads(uploads);
      uploads.post(
        '/content/home/images/',
        {
          schema: {
            ...adminRoute('content'),
            summary: 'Upload a picture for the banner or a tile (JPEG, PNG or WebP up to 15 MB)',
            description:
              'Cut to the slot’s size (banner_wide 1200 × 520, banner_narrow 500 × 500, a tile 96 × 96), kept as ' +
              'WebP, and saved in the content at once; the picture it replaces is deleted if it was uploaded.',
            consumes: ['multipart/form-data'],
            body: homeImageUpload,
            response: { 200: adminHomeContent, ...uploadErrors },
          },
        },
        async (request) => content.setHomeImage(staffMember(request), request.body.slot, request.body.file),
      );
    };
    await app.register(uploadRoutes);
  };
