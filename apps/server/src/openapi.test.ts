import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/helpers.ts';
import { operationIdFor } from './openapi.ts';

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '..');
const redocly = path.resolve(serverDir, '../../node_modules/@redocly/cli/bin/cli.js');

describe('the API document', () => {
  let ctx: TestContext;
  // The process as `npm start` runs it: the storefront's server build is loaded beside the API, with
  // whatever of the contract it carries.
  beforeAll(async () => {
    ctx = await createTestContext('pglite', {}, { storefront: true });
  });
  afterAll(() => ctx?.close());

  it('answers 200 with the storefront loaded: the contract’s schemas are registered once', async () => {
    const res = await ctx.app.inject('/api/docs');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().components.schemas.Product).toBeDefined();
  });

  it('describes the order, delivery and payment calls from the contract', async () => {
    const doc = (await ctx.app.inject('/api/docs')).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/orders/',
        '/api/novaposhta/cities/',
        '/api/novaposhta/warehouses/',
        '/api/create-monobank-invoice/',
        '/api/payments/monobank/webhook/',
      ]),
    );
    expect(doc.components.schemas.Order.properties).toHaveProperty('order_id');
    expect(JSON.stringify(doc.paths['/api/orders/'].post.requestBody)).toContain('OrderRequest');
    expect(JSON.stringify(doc.components.schemas.OrderRequestInput)).toContain('isAgreement');
  });

  it('lints clean with Redocly’s recommended rules, lists only the API, and documents the webhook’s body', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kram-openapi-'));
    const file = path.join(dir, 'openapi.json');
    try {
      const doc = (await ctx.app.inject('/api/docs')).json();
      expect(Object.keys(doc.paths).filter((p) => !p.startsWith('/api/'))).toEqual([]);
      expect(doc.paths['/api/payments/monobank/webhook/'].post.requestBody.content['application/json'].schema).toEqual({
        $ref: '#/components/schemas/MonobankWebhook',
      });
      fs.writeFileSync(file, JSON.stringify(doc));
      const linted = await run(
        process.execPath,
        [redocly, 'lint', file, '--config', path.join(serverDir, 'redocly.yaml'), '--format', 'json'],
        // Offline: no usage reports, no update check.
        { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
      ).catch((failed: { stdout: string }) => failed);
      const problems = (JSON.parse(linted.stdout) as { problems: { ruleId: string; message: string }[] }).problems;
      expect(problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names operations after their method and path', () => {
    expect(operationIdFor('post', '/api/orders/{order_id}/status/')).toBe('postOrdersOrderIdStatus');
    expect(operationIdFor('get', '/api/search/suggest')).toBe('getSearchSuggest');
  });
});
