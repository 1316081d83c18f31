import type { PageType } from '@kram/contract/vitals-rules';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import routes from '../routes';
import { pageTypeOf } from './web-vitals';

/** The kind of page of each page module (resource routes, `.ts`, show no page); a new page must be named here. */
const expected: Record<string, PageType | 'layout'> = {
  'routes/home.tsx': 'home',
  'routes/catalog.tsx': 'category',
  'routes/product.tsx': 'product',
  'routes/search.tsx': 'search',
  'routes/wishlist.tsx': 'wishlist',
  'routes/profile-wishlist.tsx': 'wishlist',
  'routes/checkout.tsx': 'checkout',
  'routes/success-order.tsx': 'checkout',
  'routes/delivery.tsx': 'static',
  'routes/contacts.tsx': 'static',
  'routes/about.tsx': 'static',
  'routes/conf.tsx': 'static',
  'routes/return.tsx': 'static',
  'routes/oferta.tsx': 'static',
  'routes/change-password.tsx': 'account',
  'routes/account.tsx': 'layout',
  'routes/profile.tsx': 'account',
  'routes/profile-orders.tsx': 'account',
  'routes/order-returns.tsx': 'account',
  'routes/not-found.tsx': 'other',
  'routes/stock-alert-unsubscribe.tsx': 'other',
};

/** Every route of routes.ts with an address it answers (parameters filled in). */
function addresses(entries: RouteConfigEntry[], parent = ''): { file: string; path: string }[] {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path ?? ''].filter(Boolean).join('/');
    const sample = `/${path}`.replace(/:\w+\??/g, 'x').replace(/\*$/, 'a/b');
    const page = entry.file.endsWith('.tsx') && (entry.path !== undefined || entry.index);
    const own = page ? [{ file: entry.file, path: sample }] : [];
    return [...own, ...addresses(entry.children ?? [], path)];
  });
}

describe('the kind of page a vital is counted under', () => {
  it.each(addresses(routes))('$path ($file)', ({ file, path }) => {
    expect(expected, `${file} is a new route: name its kind of page in web-vitals.ts and here`).toHaveProperty([file]);
    expect(pageTypeOf(path)).toBe(expected[file]);
  });

  it('is read from the path alone, in either language, whatever follows', () => {
    expect(pageTypeOf('/')).toBe('home');
    expect(pageTypeOf('/ru')).toBe('home');
    expect(pageTypeOf('/ru/')).toBe('home');
    expect(pageTypeOf('/ru/product/odyag/kurtka')).toBe('product');
    expect(pageTypeOf('/category/odyag/kurtky')).toBe('category');
    expect(pageTypeOf('/ruined')).toBe('other');
    expect(pageTypeOf('/constructor')).toBe('other');
    expect(pageTypeOf('/__proto__')).toBe('other');
  });
});

describe('starting the measurements', () => {
  afterEach(() => {
    vi.doUnmock('./vitals-reporter');
    vi.resetModules();
  });

  it('loads the reporter once the browser is idle, once per document, with the kind of page it loaded', async () => {
    const reportVitals = vi.fn();
    vi.doMock('./vitals-reporter', () => ({ reportVitals }));
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    window.history.replaceState(null, '', '/ru/product/odyag/kurtka');
    const { startVitalsReporting } = await import('./web-vitals');
    startVitalsReporting();
    startVitalsReporting();
    expect(idle).toHaveLength(1);
    expect(reportVitals).not.toHaveBeenCalled();
    window.history.replaceState(null, '', '/search');
    idle[0]?.();
    await vi.waitFor(() => expect(reportVitals).toHaveBeenCalledWith('product'));
    expect(reportVitals).toHaveBeenCalledTimes(1);
  });
});
