import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppMetrics } from './metrics.ts';

const digest = (text: string) => crypto.createHash('sha256').update(text).digest();

/**
 * GET /metrics in Prometheus's text format, for a scraper holding `Authorization: Bearer <token>`.
 * Registered at the root before the storefront, whose catch-all would otherwise answer it; left out
 * of the API document, which describes the shop's API only.
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: AppMetrics, token: string): void {
  // Compared as digests of equal length, so the time taken tells nothing of the token or its length.
  const expected = digest(token);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = /^Bearer +(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!crypto.timingSafeEqual(digest(given), expected)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ detail: 'The metrics need the token set in METRICS_TOKEN, sent as "Authorization: Bearer <token>".' });
    }
    const text = await metrics.registry.metrics();
    // Never stored by a proxy: it holds the shop's counts, and a stale scrape is worse than none.
    return reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store').send(text);
  });
}
