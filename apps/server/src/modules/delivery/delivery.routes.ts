import { citiesQuery, cityList, deliveryErrors, warehouseList, warehousesQuery } from '@kram/contract/delivery';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sharedAnswer } from '../../infra/http/shared-answer.ts';
import type { DeliveryService } from './delivery.service.ts';

export const deliveryRoutes =
  (delivery: DeliveryService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/novaposhta/cities/',
      {
        config: sharedAnswer,
        schema: {
          tags: ['delivery'],
          summary: 'Nova Poshta cities by name (Ukrainian or Russian)',
          description:
            'Names that begin with the text first, then names containing it; at most 50. Descriptions are in the ' +
            'language of the request (`lng` cookie or Accept-Language).',
          querystring: citiesQuery,
          response: { 200: cityList, 400: deliveryErrors[400] },
        },
      },
      async (request) => ({ cities: await delivery.cities(request.query.search, request.language) }),
    );

    app.get(
      '/novaposhta/warehouses/',
      {
        config: sharedAnswer,
        schema: {
          tags: ['delivery'],
          summary: 'A city’s Nova Poshta branches and parcel lockers',
          description:
            'With `search`: the branch of that number first, then descriptions beginning with or containing it.',
          querystring: warehousesQuery,
          response: { 200: warehouseList, 400: deliveryErrors[400] },
        },
      },
      async (request) => ({
        warehouses: await delivery.warehouses(request.query.city_ref, request.query.search, request.language),
      }),
    );
  };
