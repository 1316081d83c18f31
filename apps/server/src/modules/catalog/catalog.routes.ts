import {
  catalogErrors,
  categoryAtPath,
  categoryList,
  categoryNotFound,
  categoryPathQuery,
  product,
  productErrors,
  productList,
  productListQuery,
  productSlugParams,
  suggestion,
  suggestQuery,
} from '@kram/contract/catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sharedAnswer } from '../../infra/http/shared-answer.ts';
import type { CatalogService } from './catalog.service.ts';

/** Told of each listing search (its first page only, so paging does not count it twice). */
export type SearchCounter = (query: string, found: number) => void;

export const catalogRoutes =
  (catalog: CatalogService, searched?: SearchCounter): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/categories/',
      {
        config: sharedAnswer,
        schema: { tags: ['catalogue'], summary: 'The category tree', response: { 200: categoryList } },
      },
      async () => {
        const results = await catalog.categoryTree();
        return { count: results.length, next: null, previous: null, results };
      },
    );

    app.get(
      '/categories/by-path/',
      {
        schema: {
          tags: ['catalogue'],
          summary: 'A category by its full path',
          description:
            'A path the category had before it (or a category above it) was renamed answers 404 with `moved_to`: where it is now.',
          querystring: categoryPathQuery,
          response: { 200: categoryAtPath, 400: catalogErrors[400], 404: categoryNotFound },
        },
      },
      async (request) => catalog.categoryAt(request.query.path),
    );

    app.get(
      '/products',
      {
        config: sharedAnswer,
        schema: {
          tags: ['catalogue'],
          summary: 'A page of products with the facets of the listing',
          description: 'Prices, price filters and the cheap/expensive sorts apply to signed-in shoppers only.',
          querystring: productListQuery,
          response: { 200: productList, ...catalogErrors },
        },
      },
      async (request) => {
        const list = await catalog.listProducts(request.query, await request.viewer());
        // Counted here, not in the cached listing, so a search answered from the cache counts too.
        if (request.query.search !== undefined && request.query.page === 1)
          searched?.(request.query.search, list.count);
        return list;
      },
    );

    app.get(
      '/products/:slug',
      {
        config: sharedAnswer,
        schema: {
          tags: ['catalogue'],
          summary: 'One product',
          description:
            'A slug the product held before it was renamed answers 404 with `moved_to`: its slug and category path now.',
          params: productSlugParams,
          response: { 200: product, ...productErrors },
        },
      },
      async (request) => catalog.product(request.params.slug, await request.viewer()),
    );

    app.get(
      '/search/suggest',
      {
        config: sharedAnswer,
        schema: {
          tags: ['catalogue'],
          summary: 'Suggestions for a search box: up to 8 products and 3 categories',
          querystring: suggestQuery,
          response: { 200: suggestion, 400: catalogErrors[400] },
        },
      },
      async (request) => catalog.suggest(request.query.q),
    );
  };
