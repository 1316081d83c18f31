import { adminErrors, adminRecordErrors, adminWriteErrors, idParams, listOf } from '@kram/contract/admin';
import {
  adminColor,
  adminColorCreate,
  adminColorListQuery,
  adminColorSwatchUpload,
  adminColorUpdate,
} from '@kram/contract/admin-products';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptImageUploads } from '../../infra/http/image-uploads.ts';
import type { CatalogApi } from '../catalog/index.ts';
import { uploadErrors } from './admin-products.routes.ts';
import { adminRoute } from './admin-route.ts';
import { staffMember } from './staff.ts';

/** Colours in the back office: list, create, edit, swatch image, delete while unused. */
export const adminColorsRoutes =
  ({ colors }: Pick<CatalogApi, 'colors'>): FastifyPluginAsyncZod =>
  async (app) => {
    const area = adminRoute('colors');

    app.get(
      '/colors/',
      {
        schema: {
          ...area,
          summary: 'Colours, by position unless sorted, with how many products come in each',
          querystring: adminColorListQuery,
          response: { 200: listOf(adminColor), ...adminErrors },
        },
      },
      async (request) => colors.list(request.query),
    );

    app.post(
      '/colors/',
      {
        schema: {
          ...area,
          summary: 'Creates a colour (after the last one unless a position is given)',
          body: adminColorCreate,
          response: { 201: adminColor, ...adminWriteErrors },
        },
      },
      async (request, reply) => reply.code(201).send(await colors.create(staffMember(request), request.body)),
    );

    app.get(
      '/colors/:id/',
      {
        schema: {
          ...area,
          summary: 'One colour',
          params: idParams,
          response: { 200: adminColor, ...adminRecordErrors },
        },
      },
      async (request) => colors.get(request.params.id),
    );

    app.patch(
      '/colors/:id/',
      {
        schema: {
          ...area,
          summary: 'Renames, recolours or repositions a colour',
          params: idParams,
          body: adminColorUpdate,
          response: { 200: adminColor, ...adminWriteErrors },
        },
      },
      async (request) => colors.update(staffMember(request), request.params.id, request.body),
    );

    app.delete(
      '/colors/:id/',
      {
        schema: {
          ...area,
          summary: 'Deletes a colour no product comes in',
          params: idParams,
          response: { 204: z.null(), ...adminWriteErrors },
        },
      },
      async (request, reply) => {
        await colors.remove(staffMember(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.delete(
      '/colors/:id/swatch/',
      {
        schema: {
          ...area,
          summary: 'Removes the colour’s swatch image',
          params: idParams,
          response: { 200: adminColor, ...adminWriteErrors },
        },
      },
      async (request) => colors.removeSwatch(staffMember(request), request.params.id),
    );

    // Multipart forms are taken by the upload alone.
    const uploadRoutes: FastifyPluginAsyncZod = async (uploads) => {
      await acceptImageUploads(uploads);
      uploads.post(
        '/colors/:id/swatch/',
        {
          schema: {
            ...area,
            summary: 'Uploads the colour’s swatch (JPEG, PNG or WebP up to 15 MB), cropped to a square',
            consumes: ['multipart/form-data'],
            params: idParams,
            body: adminColorSwatchUpload,
            response: { 200: adminColor, ...uploadErrors },
          },
        },
        async (request) => colors.uploadSwatch(staffMember(request), request.params.id, request.body.file),
      );
    };
    await app.register(uploadRoutes);
  };
