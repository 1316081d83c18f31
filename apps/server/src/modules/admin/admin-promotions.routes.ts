import { adminRecordErrors, adminWriteErrors, idParams, listOf } from '@kram/contract/admin';
import {
  adminPromoCode,
  adminPromoCodeCreate,
  adminPromoCodeListQuery,
  adminPromoCodeUpdate,
  adminSale,
  adminSaleCreate,
  adminSaleListQuery,
  adminSaleUpdate,
} from '@kram/contract/admin-promotions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PromoCodesService, SalesService } from '../promotions/index.ts';
import { adminRoute } from './admin-route.ts';
import { staffMember } from './staff.ts';

/** What the back office does with promotions (the promotions module's API). */
export interface AdminPromotions {
  codes: Pick<PromoCodesService, 'list' | 'get' | 'create' | 'update' | 'remove'>;
  sales: Pick<SalesService, 'list' | 'get' | 'create' | 'update' | 'remove'>;
}

/** Promo codes with their uses and revenue, and scheduled sales: each change in the audit log. */
export const adminPromotionsRoutes =
  ({ codes, sales }: AdminPromotions): FastifyPluginAsyncZod =>
  async (app) => {
    const area = adminRoute('promotions');
    const resources = [
      {
        path: '/promo-codes/',
        service: codes,
        thing: 'promo code',
        schemas: {
          item: adminPromoCode,
          query: adminPromoCodeListQuery,
          create: adminPromoCodeCreate,
          update: adminPromoCodeUpdate,
        },
      },
      {
        path: '/sales/',
        service: sales,
        thing: 'scheduled sale',
        schemas: { item: adminSale, query: adminSaleListQuery, create: adminSaleCreate, update: adminSaleUpdate },
      },
    ] as const;

    for (const { path, service, thing, schemas } of resources) {
      // One shape for both resources; each answer is checked against the resource's schema on the way out.
      type Actor = ReturnType<typeof staffMember>;
      const api = service as unknown as {
        list(query: unknown): Promise<never>;
        get(id: number): Promise<never>;
        create(actor: Actor, input: unknown): Promise<never>;
        update(actor: Actor, id: number, input: unknown): Promise<never>;
        remove(actor: Actor, id: number): Promise<void>;
      };
      app.get(
        path,
        {
          schema: {
            ...area,
            summary: `The ${thing}s`,
            querystring: schemas.query,
            response: { 200: listOf(schemas.item), ...adminRecordErrors },
          },
        },
        async (request) => api.list(request.query),
      );
      app.post(
        path,
        {
          schema: {
            ...area,
            summary: `Creates a ${thing}`,
            body: schemas.create,
            response: { 201: schemas.item, ...adminWriteErrors },
          },
        },
        async (request, reply) => reply.code(201).send(await api.create(staffMember(request), request.body)),
      );
      app.get(
        `${path}:id/`,
        {
          schema: {
            ...area,
            summary: `One ${thing}`,
            params: idParams,
            response: { 200: schemas.item, ...adminRecordErrors },
          },
        },
        async (request) => api.get(request.params.id),
      );
      app.patch(
        `${path}:id/`,
        {
          schema: {
            ...area,
            summary: `Changes a ${thing}`,
            params: idParams,
            body: schemas.update,
            response: { 200: schemas.item, ...adminWriteErrors },
          },
        },
        async (request) => api.update(staffMember(request), request.params.id, request.body),
      );
      app.delete(
        `${path}:id/`,
        {
          schema: {
            ...area,
            summary: `Deletes a ${thing}`,
            params: idParams,
            response: { 204: z.null(), ...adminWriteErrors },
          },
        },
        async (request, reply) => {
          await api.remove(staffMember(request), request.params.id);
          return reply.code(204).send(null);
        },
      );
    }
  };
