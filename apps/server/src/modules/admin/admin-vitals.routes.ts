import { adminErrors } from '@kram/contract/admin';
import { adminVitals, adminVitalsQuery } from '@kram/contract/admin-vitals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminDeps } from './admin-deps.ts';
import { adminRoute } from './admin-route.ts';

/** The storefront's Core Web Vitals as shoppers' browsers measured them. */
export const adminVitalsRoutes =
  (deps: Pick<AdminDeps, 'vitals'>): FastifyPluginAsyncZod =>
  async (app) => {
    // Answered with and without the trailing slash (`/api/admin/vitals` is how it is asked for outside
    // the back office); the document shows the slashed one, as every admin resource.
    for (const [url, hide] of [
      ['/vitals/', false],
      ['/vitals', true],
    ] as const) {
      app.get(
        url,
        {
          schema: {
            ...adminRoute('vitals'),
            hide,
            summary:
              'LCP, INP and CLS per kind of storefront page: p75, samples and rating (Kyiv days; last 28 by default)',
            description:
              'The p75 is read from per-day histograms (buckets at most 10 % wide, linear within a bucket) and ' +
              'rounded up to a whole ms (CLS: a thousandth); rated by Google’s thresholds, LCP 2500/4000 ms, ' +
              'INP 200/500 ms, CLS 0.1/0.25. Only kinds of page with reports in the range are listed.',
            querystring: adminVitalsQuery,
            response: { 200: adminVitals, ...adminErrors },
          },
        },
        async (request) => deps.vitals.report(request.query),
      );
    }
  };
