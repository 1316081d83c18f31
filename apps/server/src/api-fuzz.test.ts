import type { Product } from '@kram/contract/catalog';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solvedCaptcha } from '../test/captcha.ts';
import { createTestContext, pgliteOnly, type TestContext } from '../test/helpers.ts';
import { catalogProducts, lineOf, orderPayload } from '../test/orders.ts';
import { type JsonSchema, type Known, type Operation, requestFor } from '../test/request-arbitrary.ts';
import { signUp, staffUser } from '../test/users.ts';
import { loadBundledIfEmpty } from './modules/delivery/index.ts';

/**
 * Every operation of the API document gets requests built from its own schemas, with hostile values
 * mixed in (wrong types, huge strings, NUL, unpaired surrogates, prototype keys, deep JSON, broken
 * encodings). None may answer 5xx, and each answer's status must be one the document lists for it.
 * The run is bounded: FUZZ_REQUESTS requests per database (2,500 unless set), FUZZ_SEED to replay.
 */
const requestsPerBackend = Number(process.env.FUZZ_REQUESTS ?? 2500);
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

describe.each(pgliteOnly)('hostile requests to every operation (%s)', (backend) => {
  let ctx: TestContext;
  let document: {
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Record<string, JsonSchema> };
  };
  let tokens: string[];
  let known: Known;
  let examples: Record<string, unknown[]>;

  beforeAll(async () => {
    // The app as `npm start` builds it, storefront build included: a fault of the process as shipped
    // (the API document it serves, the routes it adds) shows here too.
    ctx = await createTestContext(backend, {}, { storefront: true });
    document = (await ctx.app.inject('/api/docs')).json();
    const shopper = await signUp(ctx.app);
    // A superuser's token too, so hostile input reaches the back office's handlers, not only its guard.
    const superuser = await staffUser(ctx.app, ctx.database, { superuser: true });
    tokens = [shopper.access, shopper.refresh, superuser.access];
    // Values that exist, so requests get past "no such product" into the code behind it.
    await loadBundledIfEmpty(ctx.database);
    const products = (await ctx.app.inject('/api/products?limit=25')).json().results.products as Product[];
    const cities = (await ctx.app.inject(`/api/novaposhta/cities/?search=${encodeURIComponent('Київ')}`)).json()
      .cities as { ref: string }[];
    expect(cities.length).toBeGreaterThan(0);
    const cityRef = cities[0]?.ref ?? '';
    const branches = (await ctx.app.inject(`/api/novaposhta/warehouses/?city_ref=${cityRef}`)).json().warehouses as {
      ref: string;
    }[];
    const captchas = [];
    for (let i = 0; i < 20; i++) captchas.push(await solvedCaptcha(ctx.app));
    known = {
      product: products.map((p) => p.id),
      product_id: products.map((p) => p.id),
      slug: products.map((p) => p.slug),
      size: products.flatMap((p) => p.sizes.map((size) => size.id)),
      color: products.flatMap((p) => p.colors.map((color) => color.id)),
      city_ref: cities.map((c) => c.ref),
      branch_ref: branches.map((b) => b.ref),
      captcha: captchas,
      isAgreement: [true],
    };
    const inStock = (await catalogProducts(ctx.database)).filter((p) => p.inStock).slice(0, 5);
    const cart = inStock.map((p) => lineOf(p));
    examples = {
      'post /api/orders/': cart.map((line) => orderPayload([line])),
      'post /api/create-monobank-invoice/': cart.map((line) => orderPayload([line], { payment_method: 'card' })),
      'post /api/login/': [{ email_or_phone: shopper.email, password: shopper.password }],
      'post /api/password-reset-request/': [{ email: shopper.email, lng: 'uk' }],
      'post /api/wishlist/': inStock.map((p) => ({ product_id: p.id })),
      'post /api/rate-product/': inStock.map((p) => ({ product_id: p.id, rating: 5 })),
    };
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it(`answers no 5xx and only documented statuses (seed ${seed})`, { timeout: 240_000 }, async () => {
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
    );
    const perOperation = Math.ceil(requestsPerBackend / operations.length);
    const problems = new Map<string, string>();
    let sent = 0;
    const statuses = new Map<string, Record<number, number>>();
    for (const [index, { path, method, operation }] of operations.entries()) {
      const requests = fc.sample(
        requestFor(method, path, operation, { components: document.components.schemas, tokens, known, examples }),
        { numRuns: perOperation, seed: seed + index },
      );
      for (const request of requests) {
        const res = await ctx.app.inject({
          method: request.method as 'GET',
          url: request.url,
          headers: request.headers,
          payload: request.payload,
        });
        sent++;
        const tally = `${method.toUpperCase()} ${path}`;
        statuses.set(tally, {
          ...statuses.get(tally),
          [res.statusCode]: (statuses.get(tally)?.[res.statusCode] ?? 0) + 1,
        });
        const documented = Object.hasOwn(operation.responses, String(res.statusCode));
        if (res.statusCode >= 500 || !documented) {
          const key = `${method.toUpperCase()} ${path} → ${res.statusCode}`;
          if (!problems.has(key)) {
            problems.set(
              key,
              `${key}${documented ? '' : ' (not in the document)'}: ${request.method} ${request.url.slice(0, 200)} ` +
                `${(request.payload ?? '').slice(0, 300)} ⇒ ${res.body.slice(0, 300)}`,
            );
          }
        }
      }
    }
    // FUZZ_VERBOSE=1: how far the requests got, operation by operation.
    if (process.env.FUZZ_VERBOSE) for (const [op, counts] of statuses) console.info(op, JSON.stringify(counts));
    expect(sent).toBeGreaterThanOrEqual(requestsPerBackend);
    expect([...problems.values()]).toEqual([]);
  });
});
