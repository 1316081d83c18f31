import type { RouteConfigEntry } from '@react-router/dev/routes';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pathNamespaces } from '../lib/i18n-namespaces';
import routes from '../routes';
import { headers } from './order-returns';

const toObjects = (entries: RouteConfigEntry[]): RouteObject[] =>
  entries.map((e) =>
    e.index
      ? { id: e.id ?? e.file, index: true, path: e.path }
      : { id: e.id ?? e.file, path: e.path, children: e.children ? toObjects(e.children) : undefined },
  );
const tree = toObjects(routes);
const match = (path: string) => matchRoutes(tree, path)?.at(-1);

const orderId = '4f9c2a1e-0000-4000-8000-00000a1b2c3d';

describe('the return page’s address', () => {
  it('is /returns/{order_id} in Ukrainian and /ru/returns/{order_id} in Russian, outside the account area', () => {
    const uk = match(`/returns/${orderId}`);
    const ru = match(`/ru/returns/${orderId}`);
    expect(uk?.route.id).toBe('routes/order-returns.tsx');
    expect(ru?.route.id).toBe('routes/order-returns.ru');
    expect(uk?.params.orderId).toBe(orderId);
    expect(ru?.params.orderId).toBe(orderId);
    // Guests come from the order mail: no sign-in layout above it.
    expect(matchRoutes(tree, `/returns/${orderId}`)?.map((m) => m.route.id)).not.toContain('routes/account.tsx');
    expect(match('/returns')?.route.id).toBe('routes/not-found.tsx');
  });

  it('brings the page’s texts, and the order history brings the receipts’ and returns’ too', () => {
    expect([...pathNamespaces(`/returns/${orderId}`)]).toContain('returns');
    expect([...pathNamespaces(`/ru/returns/${orderId}`)]).toContain('returns');
    expect([...pathNamespaces('/profile-orders')]).toEqual(expect.arrayContaining(['receipts', 'returns']));
    expect([...pathNamespaces('/return')]).not.toContain('returns');
  });

  it('lets no linked page see the order’s id, and no shared cache keep the page', () => {
    const sent = headers({ parentHeaders: new Headers({ 'Content-Security-Policy': "default-src 'self'" }) } as never);
    expect(sent.get('Referrer-Policy')).toBe('no-referrer');
    expect(sent.get('Cache-Control')).toBe('private, no-store');
    expect(sent.get('Content-Security-Policy')).toBe("default-src 'self'");
  });
});
