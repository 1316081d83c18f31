import { adminErrors } from '@kram/contract/admin';
import { type Dashboard, dashboard } from '@kram/contract/admin-dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from './admin-route.ts';

/** Where the dashboard's figures come from: the orders module's summary. */
export interface DashboardSource {
  summary(): Promise<Dashboard>;
}

export const adminDashboardRoutes =
  (source: DashboardSource): FastifyPluginAsyncZod =>
  async (app) => {
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
      async () => source.summary(),
    );
  };
