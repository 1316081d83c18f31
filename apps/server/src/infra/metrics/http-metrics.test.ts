import type { FastifyReply, FastifyRequest } from 'fastify';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteOnly } from '../../../test/helpers.ts';
import { type LoggedApp, loggedApp } from '../../../test/log-lines.ts';
import { httpMetrics } from './http-metrics.ts';

const token = 'metrics-token-for-the-tests-0123';

describe.each(pgliteOnly)('request metrics on %s', (backend) => {
  let ctx: LoggedApp;
  beforeAll(async () => {
    ctx = await loggedApp(backend, { METRICS_TOKEN: token });
  });
  afterAll(() => ctx?.close());

  it('keep a bounded set of series whatever addresses and methods clients send', async () => {
    for (let i = 0; i < 100; i++) {
      const noise = `${i}-${Math.random().toString(36).slice(2)}`;
      await ctx.app.inject(`/api/products/${noise}`);
      await ctx.app.inject(`/${noise}/../${noise}?q=${noise}`);
      await ctx.app.inject({ method: i % 2 ? 'PROPFIND' : 'DELETE', url: `/api/${noise}` });
    }
    const text = (await ctx.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } })).body;
    const series = text.split('\n').filter((line) => line.startsWith('kram_http_request_duration_seconds_count'));
    expect(series.length).toBeLessThanOrEqual(5);
    for (const line of series) expect(line).toMatch(/route="(\/api\/products\/:slug|not_found)"/);
    expect(text).toMatch(/method="other"/);
  });
});

describe('observing a request', () => {
  it('costs about as little as a label lookup: no work that grows with the request', () => {
    const observe = httpMetrics(new Registry()).observe;
    const request = {
      method: 'GET',
      routeOptions: { url: '/api/products/:slug', config: {} },
    } as unknown as FastifyRequest;
    const reply = { statusCode: 200, elapsedTime: 3.2 } as FastifyReply;
    const calls = 20_000;
    const started = performance.now();
    for (let i = 0; i < calls; i++) observe(request, reply);
    const microseconds = ((performance.now() - started) * 1000) / calls;
    // Measured near 1 µs; the bound only catches work per request out of all proportion.
    expect(microseconds).toBeLessThan(50);
  });
});
