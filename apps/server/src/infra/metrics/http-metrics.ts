import type { FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Histogram, type Registry } from 'prom-client';
import { servesFiles } from '../../lib/logger.ts';

// Labels come from this fixed set and from the routes' own patterns, never from what a client
// sends, so a scanner trying a million addresses adds no series.
const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const statusClasses = ['1xx', '1xx', '2xx', '3xx', '4xx', '5xx'];

/**
 * The route a request matched, as a bounded label: its pattern (`/api/products/:slug`), `page` for
 * the storefront's pages (one catch-all route), `static` for files, `not_found` for no route.
 */
export function routeLabel(request: FastifyRequest): string {
  const url = request.routeOptions.url;
  if (url === undefined) return 'not_found';
  if (servesFiles(request)) return 'static';
  if (url === '/*') return 'page';
  return url;
}

/** Request rate, latency and errors by route; `observe` is called once per answered request. */
export function httpMetrics(registry: Registry) {
  const duration = new Histogram({
    name: 'kram_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status_class'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const errors = new Counter({
    name: 'kram_http_server_errors_total',
    help: 'Requests answered with a 5xx status, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  return {
    observe(request: FastifyRequest, reply: FastifyReply): void {
      const method = knownMethods.has(request.method) ? request.method : 'other';
      const route = routeLabel(request);
      const status = reply.statusCode;
      duration.observe(
        { method, route, status_class: statusClasses[Math.trunc(status / 100)] ?? '5xx' },
        reply.elapsedTime / 1000,
      );
      if (status >= 500) errors.inc({ method, route, status });
    },
  };
}
