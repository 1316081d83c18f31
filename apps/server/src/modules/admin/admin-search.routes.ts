import { adminErrors, adminRecordErrors, adminWriteErrors, idParams, listOf } from '@kram/contract/admin';
import {
  adminSearchInsights,
  adminSearchInsightsQuery,
  adminSynonymGroup,
  adminSynonymListQuery,
  adminSynonymUpdate,
  adminSynonymWrite,
} from '@kram/contract/admin-search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AdminDeps } from './admin-deps.ts';
import { adminRoute } from './admin-route.ts';
import { staffMember } from './staff.ts';

/** Search in the back office: the shop's synonym groups, and what shoppers searched for. */
export const adminSearchRoutes =
  (deps: AdminDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { synonyms } = deps.catalog;
    const area = adminRoute('search');

    app.get(
      '/search/synonyms/',
      {
        schema: {
          ...area,
          summary: 'Synonym groups; q finds groups with a term containing the text',
          querystring: adminSynonymListQuery,
          response: { 200: listOf(adminSynonymGroup), ...adminErrors },
        },
      },
      async (request) => synonyms.list(request.query),
    );

    app.post(
      '/search/synonyms/',
      {
        schema: {
          ...area,
          summary: 'Creates a synonym group (2–10 terms, each in no other group; at most 500 groups)',
          body: adminSynonymWrite,
          response: { 201: adminSynonymGroup, ...adminWriteErrors },
        },
      },
      async (request, reply) => reply.code(201).send(await synonyms.create(staffMember(request), request.body)),
    );

    app.get(
      '/search/synonyms/:id/',
      {
        schema: {
          ...area,
          summary: 'One synonym group',
          params: idParams,
          response: { 200: adminSynonymGroup, ...adminRecordErrors },
        },
      },
      async (request) => synonyms.get(request.params.id),
    );

    app.patch(
      '/search/synonyms/:id/',
      {
        schema: {
          ...area,
          summary: "Replaces a synonym group's terms",
          params: idParams,
          body: adminSynonymUpdate,
          response: { 200: adminSynonymGroup, ...adminWriteErrors },
        },
      },
      async (request) => synonyms.update(staffMember(request), request.params.id, request.body),
    );

    app.delete(
      '/search/synonyms/:id/',
      {
        schema: {
          ...area,
          summary: 'Deletes a synonym group',
          params: idParams,
          response: { 204: z.null(), ...adminWriteErrors },
        },
      },
      async (request, reply) => {
        await synonyms.remove(staffMember(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/search/insights/',
      {
        schema: {
          ...area,
          summary:
            'The most frequent queries, those that found nothing, and daily totals (Kyiv days; last 30 by default)',
          querystring: adminSearchInsightsQuery,
          response: { 200: adminSearchInsights, ...adminErrors },
        },
      },
      async (request) => deps.searchInsights.report(request.query),
    );
  };
