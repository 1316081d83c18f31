import { adminErrors } from '@kram/contract/admin';
import { dashboard } from '@kram/contract/admin-dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from './admin.routes.ts';
import { adminDashboardRepository } from './admin-dashboard.repository.ts';
import { adminDashboardService } from './admin-dashboard.service.ts';
import type { AdminDeps } from './admin-deps.ts';

export const adminDashboardRoutes =
  (deps: Pick<AdminDeps, 'database'>): FastifyPluginAsyncZod =>
  async (app) => {
    const service = adminDashboardService(adminDashboardRepository(deps.database));
    app.get(
      '/dashboard/',
      {
        schema: {
          ...adminRoute('dashboard'),
          summary: 'Today’s orders, orders waiting for the shop, and revenue by day for 30 days',
          description:
            'Days are Kyiv’s. Revenue counts the orders placed each day that were not cancelled or returned; ' +
            'amounts are decimal strings.',
          response: { 200: dashboard, ...adminErrors },
        },
      },
      async () => service.summary(),
    );
  };
