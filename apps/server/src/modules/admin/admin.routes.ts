import { adminErrors, auditEntry, auditListQuery, listOf } from '@kram/contract/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminCarrierRoutes } from './admin-carrier.routes.ts';
import { adminCategoriesRoutes } from './admin-categories.routes.ts';
import { adminColorsRoutes } from './admin-colors.routes.ts';
import { adminContentRoutes } from './admin-content.routes.ts';
import { adminCustomersRoutes } from './admin-customers.routes.ts';
import { adminDashboardRoutes } from './admin-dashboard.routes.ts';
import type { AdminDeps } from './admin-deps.ts';
import { adminFiscalRoutes } from './admin-fiscal.routes.ts';
import { adminInboxRoutes } from './admin-inbox.routes.ts';
import { adminOrdersRoutes } from './admin-orders.routes.ts';
import { adminProductsRoutes } from './admin-products.routes.ts';
import { adminPromotionsRoutes } from './admin-promotions.routes.ts';
import { adminReturnsRoutes } from './admin-returns.routes.ts';
import { adminRoute } from './admin-route.ts';
import { adminSearchRoutes } from './admin-search.routes.ts';
import { adminShippingRoutes } from './admin-shipping.routes.ts';
import { adminSizesRoutes } from './admin-sizes.routes.ts';
import { adminStaffRoutes } from './admin-staff.routes.ts';
import { adminStockRoutes } from './admin-stock.routes.ts';
import { adminVitalsRoutes } from './admin-vitals.routes.ts';
import { requireStaff } from './staff.ts';

/**
 * The back office's API under /api/admin: staff only (requireStaff), every input checked against the
 * contract, every change written to the audit log with the change itself. Each area registers its
 * routes here.
 */
export const adminRoutes =
  (deps: AdminDeps): FastifyPluginAsyncZod =>
  async (app) => {
    requireStaff(app, deps.accounts.emailOf);
    await app.register(adminCustomersRoutes(deps.accounts.customers));
    await app.register(adminStaffRoutes(deps.accounts.staff));
    await app.register(adminCategoriesRoutes(deps.catalog));
    await app.register(adminSizesRoutes(deps.catalog));
    await app.register(adminProductsRoutes(deps.catalog));
    await app.register(adminColorsRoutes(deps.catalog));
    await app.register(adminInboxRoutes(deps.feedback, deps.ratings));
    await app.register(adminContentRoutes(deps.content));
    await app.register(adminCarrierRoutes(deps.delivery));
    await app.register(adminDashboardRoutes(deps.dashboard));
    await app.register(adminOrdersRoutes(deps.orders));
    await app.register(adminShippingRoutes(deps.shipping));
    await app.register(adminFiscalRoutes(deps.fiscal));
    await app.register(adminStockRoutes(deps.catalog));
    await app.register(adminPromotionsRoutes(deps.promotions));
    await app.register(adminReturnsRoutes(deps.returns));
    await app.register(adminSearchRoutes(deps));
    await app.register(adminVitalsRoutes(deps));

    app.get(
      '/audit/',
      {
        schema: {
          ...adminRoute('audit'),
          summary: 'The audit log: who changed what, when, before and after',
          querystring: auditListQuery,
          response: { 200: listOf(auditEntry), ...adminErrors },
        },
      },
      async (request) => deps.audit.list(request.query),
    );
  };
