import { adminErrors, adminRecordErrors, adminWriteErrors, idParams, listOf } from '@kram/contract/admin';
import { adminSize, adminSizeCreate, adminSizeListQuery, adminSizeUpdate } from '@kram/contract/admin-catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CatalogApi } from '../catalog/index.ts';
import { adminRoute } from './admin-route.ts';
import { staffMember } from './staff.ts';

/** Sizes in the back office: list, create, rename, reposition, delete while unused. */
export const adminSizesRoutes =
  ({ sizes }: Pick<CatalogApi, 'sizes'>): FastifyPluginAsyncZod =>
  async (app) => {
    const area = adminRoute('sizes');

    app.get(
      '/sizes/',
      {
        schema: {
          ...area,
          summary: 'Sizes, by position unless sorted, with how many products use each',
          querystring: adminSizeListQuery,
          response: { 200: listOf(adminSize), ...adminErrors },
        },
      },
      async (request) => sizes.list(request.query),
    );

    app.post(
      '/sizes/',
      {
        schema: {
          ...area,
          summary: 'Creates a size (after the last one unless a position is given)',
          body: adminSizeCreate,
          response: { 201: adminSize, ...adminWriteErrors },
        },
      },
      async (request, reply) => reply.code(201).send(await sizes.create(staffMember(request), request.body)),
    );

    app.get(
      '/sizes/:id/',
      {
        schema: {
          ...area,
          summary: 'One size',
          params: idParams,
          response: { 200: adminSize, ...adminRecordErrors },
        },
      },
      async (request) => sizes.get(request.params.id),
    );

    app.patch(
      '/sizes/:id/',
      {
        schema: {
          ...area,
          summary: 'Renames or repositions a size',
          params: idParams,
          body: adminSizeUpdate,
          response: { 200: adminSize, ...adminWriteErrors },
        },
      },
      async (request) => sizes.update(staffMember(request), request.params.id, request.body),
    );

    app.delete(
      '/sizes/:id/',
      {
        schema: {
          ...area,
          summary: 'Deletes a size no product is offered in',
          params: idParams,
          response: { 204: z.null(), ...adminWriteErrors },
        },
      },
      async (request, reply) => {
        await sizes.remove(staffMember(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
