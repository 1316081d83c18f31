import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, pgliteOnly, type TestContext } from '../../../test/helpers.ts';
import { bearer, signUp, staffUser, type TestUser } from '../../../test/users.ts';

interface Operation {
  method: string;
  path: string;
  url: string;
}

/** Paths only a superuser may call (staff management). */
const superuserOnly = (path: string) => path.startsWith('/api/admin/staff/');

/** Every back-office operation the API document lists, with sample values in its path. */
async function adminOperations(ctx: TestContext): Promise<Operation[]> {
  const document = (await ctx.app.inject('/api/docs')).json() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/admin/'))
    .flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => ['get', 'post', 'patch', 'put', 'delete'].includes(method))
        .map((method) => ({
          method: method.toUpperCase(),
          path,
          url: path.replace(/\{id\}/g, (_, offset: number) =>
            path.startsWith('/api/admin/orders/') && offset === '/api/admin/orders/'.length
              ? '00000000-0000-4000-8000-000000000000'
              : '999999',
          ),
        })),
    );
}

describe.each(pgliteOnly)('the back office API on %s', (backend) => {
  let ctx: TestContext;
  let operations: Operation[];
  let shopper: TestUser;
  let staff: TestUser;
  let superuser: TestUser;

  const call = (operation: Operation, token?: string) =>
    ctx.app.inject({
      method: operation.method as 'GET',
      url: operation.url,
      headers: token ? bearer(token) : {},
      ...(['POST', 'PATCH', 'PUT'].includes(operation.method) ? { payload: {} } : {}),
    });

  beforeAll(async () => {
    // The app as `npm start` builds it, storefront build included: a fault of the process as shipped
    // (the API document it serves, the routes it adds) shows here too.
    ctx = await createTestContext(backend, {}, { storefront: true });
    operations = await adminOperations(ctx);
    shopper = await signUp(ctx.app);
    staff = await staffUser(ctx.app, ctx.database);
    superuser = await staffUser(ctx.app, ctx.database, { superuser: true });
  });
  afterAll(() => ctx?.close());

  it('lists its operations in /api/docs', () => {
    expect(operations.map((o) => `${o.method} ${o.path}`)).toContain('GET /api/admin/audit/');
  });

  it('refuses every operation to an anonymous visitor with 401, before reading the body', async () => {
    for (const operation of operations) {
      const res = await call(operation);
      expect(res.statusCode, `${operation.method} ${operation.path}`).toBe(401);
      expect(res.json()).toEqual({
        detail: 'Authentication credentials were not provided.',
        code: 'not_authenticated',
      });
    }
  });

  it('refuses every operation to a signed-in shopper with 403', async () => {
    for (const operation of operations) {
      const res = await call(operation, shopper.access);
      expect(res.statusCode, `${operation.method} ${operation.path}`).toBe(403);
      expect(res.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    }
  });

  it('lets staff through every operation but staff management, which is the superuser’s', async () => {
    for (const operation of operations) {
      const res = await call(operation, staff.access);
      if (superuserOnly(operation.path)) {
        expect(res.statusCode, `${operation.method} ${operation.path}`).toBe(403);
      } else {
        expect([401, 403], `${operation.method} ${operation.path}: ${res.body}`).not.toContain(res.statusCode);
        expect(res.statusCode, `${operation.method} ${operation.path}: ${res.body}`).toBeLessThan(500);
      }
    }
  });

  it('lets a superuser through every operation', async () => {
    for (const operation of operations) {
      const res = await call(operation, superuser.access);
      expect([401, 403], `${operation.method} ${operation.path}: ${res.body}`).not.toContain(res.statusCode);
      expect(res.statusCode, `${operation.method} ${operation.path}: ${res.body}`).toBeLessThan(500);
    }
  });
});
