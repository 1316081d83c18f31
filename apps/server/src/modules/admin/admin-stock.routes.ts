import { adminErrors, adminRecordErrors, idParams } from '@kram/contract/admin';
import {
  adminStockErrors,
  lowStock,
  productStock,
  productStockUpdate,
  stockImportBody,
  stockImportResult,
  stockMovements,
  stockMovementsQuery,
  stockSettings,
  stockSettingsUpdate,
} from '@kram/contract/admin-stock';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CatalogApi } from '../catalog/index.ts';
import { adminRoute } from './admin-route.ts';
import { staffMember } from './staff.ts';

/**
 * Stock in the back office: a product's counts as a grid of sizes × colours (set, or goods received
 * added), its movements, what runs low, the shop's stock settings, and counts from a CSV file.
 */
export const adminStockRoutes =
  ({ stock }: Pick<CatalogApi, 'stock'>): FastifyPluginAsyncZod =>
  async (app) => {
    const area = adminRoute('stock');

    app.get(
      '/products/:id/stock/',
      {
        schema: {
          ...area,
          summary: 'A product’s stock per size and colour: available, reserved, waiting shoppers',
          params: idParams,
          response: { 200: productStock, ...adminRecordErrors },
        },
      },
      async (request) => stock.grid(request.params.id),
    );

    app.patch(
      '/products/:id/stock/',
      {
        schema: {
          ...area,
          summary: 'Set or add to variants’ counts (null stops counting), and the low-stock threshold',
          description: '409 when a count would go below zero; nothing is written then.',
          params: idParams,
          body: productStockUpdate,
          response: { 200: productStock, ...adminStockErrors },
        },
      },
      async (request) => stock.update(staffMember(request), request.params.id, request.body),
    );

    app.get(
      '/products/:id/stock/movements/',
      {
        schema: {
          ...area,
          summary: 'A product’s stock movements, newest first: received, reserved, sold, released, returned, corrected',
          params: idParams,
          querystring: stockMovementsQuery,
          response: { 200: stockMovements, ...adminRecordErrors },
        },
      },
      async (request) => stock.movements(request.params.id, request.query.page, request.query.page_size),
    );

    app.get(
      '/stock/low/',
      {
        schema: {
          ...area,
          summary: 'Counted variants below their low-stock threshold, fewest left first',
          response: { 200: lowStock, ...adminErrors },
        },
      },
      async () => stock.lowStock(),
    );

    app.get(
      '/stock/settings/',
      {
        schema: {
          ...area,
          summary: 'The shop’s default low-stock threshold and whether the manager’s chat hears of low stock',
          response: { 200: stockSettings, ...adminErrors },
        },
      },
      async () => stock.settings(),
    );

    app.patch(
      '/stock/settings/',
      {
        schema: {
          ...area,
          summary: 'Change the stock settings',
          body: stockSettingsUpdate,
          response: { 200: stockSettings, ...adminErrors },
        },
      },
      async (request) => stock.saveSettings(staffMember(request), request.body),
    );

    app.post(
      '/stock/import/',
      {
        bodyLimit: 4 * 1024 * 1024,
        schema: {
          ...area,
          summary: 'Counts from a CSV file (sku, size, color, quantity): a dry run shows what would change',
          description: 'With any row in error nothing is written, whatever dry_run says.',
          body: stockImportBody,
          response: { 200: stockImportResult, ...adminErrors },
        },
      },
      async (request) => stock.importCsv(staffMember(request), request.body.csv, request.body.dry_run),
    );
  };
