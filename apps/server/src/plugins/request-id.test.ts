import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteOnly } from '../../test/helpers.ts';
import { type LoggedApp, loggedApp } from '../../test/log-lines.ts';
import { Unavailable } from '../lib/domain-errors.ts';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(pgliteOnly)('request ids on %s', (backend) => {
  let ctx: LoggedApp;
  beforeAll(async () => {
    ctx = await loggedApp(backend, {}, (app) => {
      app.get('/api/test/fails', async () => {
        throw new Error('the handler broke');
      });
      app.get('/api/test/unavailable', async () => {
        throw new Unavailable('The service is down for a moment.');
      });
    });
  });
  afterAll(() => ctx?.close());

  const requestLine = (id: string) => ctx.log.find((entry) => entry.msg === 'request' && entry.reqId === id);

  it('names every answer with X-Request-Id, a new UUID when the client sent none', async () => {
    const answers = await Promise.all([
      ctx.app.inject('/api/health'),
      ctx.app.inject('/api/no/such/route'),
      ctx.app.inject('/api/products/%E0%A4%A'),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 404, 400]);
    const ids = answers.map((a) => a.headers['x-request-id'] as string);
    for (const id of ids) expect(id).toMatch(uuid);
    expect(new Set(ids).size).toBe(3);
    // The request's log line carries the id the client was given.
    expect(requestLine(ids[0] as string)).toMatchObject({ url: '/api/health', status: 200 });
  });

  it('keeps a short, plain id from the proxy in front (nginx $request_id)', async () => {
    const given = 'a3f9c2e1b4d5867f90a1b2c3d4e5f607';
    const res = await ctx.app.inject({ url: '/api/health', headers: { 'x-request-id': given } });
    expect(res.headers['x-request-id']).toBe(given);
    expect(requestLine(given)).toMatchObject({ url: '/api/health' });
  });

  it('replaces an id that is long or holds anything but letters, digits, dot, dash and underscore', async () => {
    for (const unsafe of ['x'.repeat(65), 'two words', 'id"}{"level":60', 'ід-запиту', '']) {
      const res = await ctx.app.inject({ url: '/api/health', headers: { 'x-request-id': unsafe } });
      expect(res.headers['x-request-id']).toMatch(uuid);
      expect(ctx.log.some((entry) => entry.reqId === unsafe)).toBe(false);
    }
  });

  it('puts the id in a 500 answer, the same as in the logged error and the request line', async () => {
    const res = await ctx.app.inject('/api/test/fails');
    expect(res.statusCode).toBe(500);
    const id = res.headers['x-request-id'] as string;
    expect(res.json()).toEqual({ detail: 'Internal server error.', request_id: id });
    const error = ctx.log.find((entry) => entry.msg === 'unhandled error');
    expect(error).toMatchObject({ level: 50, reqId: id, err: { message: 'the handler broke' } });
    expect(requestLine(id)).toMatchObject({ status: 500 });
  });

  it('puts the id in a 5xx a service answers on purpose, beside its detail', async () => {
    const res = await ctx.app.inject({ url: '/api/test/unavailable', headers: { 'x-request-id': 'shopper-42' } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ detail: 'The service is down for a moment.', request_id: 'shopper-42' });
    expect(ctx.log.find((entry) => entry.msg === 'request refused for now')).toMatchObject({ reqId: 'shopper-42' });
  });

  it('keeps the id out of 4xx answers, which the shopper can act on alone', async () => {
    const res = await ctx.app.inject('/api/no/such/route');
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });
});
