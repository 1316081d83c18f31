import { adminErrors, adminRecordErrors, adminWriteErrors, idParams, listOf } from '@kram/contract/admin';
import {
  adminCategory,
  adminCategoryCreate,
  adminCategoryListQuery,
  adminCategoryNode,
  adminCategoryOrder,
  adminCategoryUpdate,
} from '@kram/contract/admin-catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CatalogApi } from '../catalog/index.ts';
import { adminRoute } from './admin-route.ts';
import { staffMember } from './staff.ts';

/** The category tree in the back office: read it flat or nested, create, rename, move, order, delete. */
export const adminCategoriesRoutes =
  ({ categories }: Pick<CatalogApi, 'categories'>): FastifyPluginAsyncZod =>
  async (app) => {
    const area = adminRoute('categories');

    app.get(
      '/categories/',
      {
        schema: {
          ...area,
          summary: 'Categories, flat: tree order unless sorted, with their product counts',
          querystring: adminCategoryListQuery,
          response: { 200: listOf(adminCategory), ...adminErrors },
        },
      },
      async (request) => categories.list(request.query),
    );

    app.get(
      '/categories/tree/',
      {
        schema: {
          ...area,
          summary: 'The category tree, top level first, each with its subcategories by position',
          response: { 200: z.array(adminCategoryNode), ...adminErrors },
        },
      },
      async () => categories.tree(),
    );

    app.post(
      '/categories/',
      {
        schema: {
          ...area,
          summary: 'Creates a category, at most three levels deep',
          body: adminCategoryCreate,
          response: { 201: adminCategory, ...adminWriteErrors },
        },
      },
      async (request, reply) => reply.code(201).send(await categories.create(staffMember(request), request.body)),
    );

    app.post(
      '/categories/order/',
      {
        schema: {
          ...area,
          summary: 'Orders the subcategories of one parent (null: the top level)',
          body: adminCategoryOrder,
          response: { 200: listOf(adminCategory), ...adminWriteErrors },
        },
      },
      async (request) => {
        const results = await categories.order(staffMember(request), request.body);
        return { count: results.length, results };
      },
    );

    app.get(
      '/categories/:id/',
      {
        schema: {
          ...area,
          summary: 'One category',
          params: idParams,
          response: { 200: adminCategory, ...adminRecordErrors },
        },
      },
      async (request) => categories.get(request.params.id),
    );

    app.patch(
      '/categories/:id/',
      {
        schema: {
          ...area,
          summary: 'Renames or moves a category; the paths of everything under it follow',
          params: idParams,
          body: adminCategoryUpdate,
          response: { 200: adminCategory, ...adminWriteErrors },
        },
      },
      async (request) => categories.update(staffMember(request), request.params.id, request.body),
    );

    app.delete(
      '/categories/:id/',
      {
        schema: {
          ...area,
          summary: 'Deletes an empty category (no products in or under it, no subcategories)',
          params: idParams,
          response: { 204: z.null(), ...adminWriteErrors },
        },
      },
      async (request, reply) => {
        await categories.remove(staffMember(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
