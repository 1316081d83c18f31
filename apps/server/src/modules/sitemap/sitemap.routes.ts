import {
  sitemapErrors,
  sitemapProductPage,
  sitemapProductsQuery,
  sitemapSummary,
  sitemapSummaryQuery,
} from '@kram/contract/sitemap';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sharedAnswer } from '../../infra/http/shared-answer.ts';
import type { SitemapService } from './sitemap.service.ts';

/** What the storefront's sitemaps read (decision 029): which files hold products, and a file page by page. */
export const sitemapRoutes =
  (sitemap: SitemapService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/sitemap/',
      {
        config: sharedAnswer,
        schema: {
          tags: ['catalogue'],
          summary: 'The sitemap’s product files: products grouped by id, per_file ids to a file',
          description:
            'File N holds the products with ids from (N − 1) × per_file + 1 to N × per_file; files with no products are left out.',
          querystring: sitemapSummaryQuery,
          response: { 200: sitemapSummary, ...sitemapErrors },
        },
      },
      async (request) => sitemap.summary(request.query.per_file),
    );

    app.get(
      '/sitemap/products/',
      {
        config: sharedAnswer,
        schema: {
          tags: ['catalogue'],
          summary: 'One page of a sitemap file’s products: address, last change and photos, in id order',
          description:
            'At most 1,000 products; `next_after` is the `after` of the next page, null after the file’s last.',
          querystring: sitemapProductsQuery,
          response: { 200: sitemapProductPage, ...sitemapErrors },
        },
      },
      async (request) => sitemap.page(request.query),
    );
  };
