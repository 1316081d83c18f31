import { adminErrors } from '@kram/contract/admin';
import { carrierStatus, carrierSyncBody, carrierSyncErrors, carrierSyncRun } from '@kram/contract/admin-carrier';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DeliveryModule } from '../delivery/index.ts';
import { adminRoute } from './admin-route.ts';
import { staffMember } from './staff.ts';

/** The Nova Poshta directory in the back office: its state, and a sync on demand. */
export const adminCarrierRoutes =
  (directory: Pick<DeliveryModule, 'status' | 'syncNow'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/carrier/',
      {
        schema: {
          ...adminRoute('carrier'),
          summary: 'The Nova Poshta directory: where it syncs from, what it holds, the last and next runs',
          response: { 200: carrierStatus, ...adminErrors },
        },
      },
      async () => directory.status(),
    );

    app.post(
      '/carrier/sync/',
      {
        schema: {
          ...adminRoute('carrier'),
          summary: 'Sync the Nova Poshta directory now',
          description:
            'From the API with NOVA_POSHTA_API_KEY, else from the directory bundled with the shop. Answers 202 with ' +
            'the run as soon as it has started; `GET /api/admin/carrier/` follows it. 409 `{code: "sync_running"}` ' +
            'while another sync runs (on any of the shop’s processes).',
          body: carrierSyncBody,
          response: { 202: carrierSyncRun, ...carrierSyncErrors },
        },
      },
      async (request, reply) => reply.code(202).send(await directory.syncNow(staffMember(request))),
    );
  };
