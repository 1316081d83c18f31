import { describe, expect, it } from 'vitest';
import uk from '../../public/locales/uk.json';
import { pageMessagesFor } from './i18n.server';
import { namespacesCovered, pageOnlyNamespaces } from './i18n-namespaces';

const names = (pathname: string, lng: 'uk' | 'ru' = 'uk') => Object.keys(pageMessagesFor(lng, pathname));

describe('translations per page', () => {
  it('name only namespaces the dictionary has', () => {
    for (const name of pageOnlyNamespaces) expect(Object.keys(uk), name).toContain(name);
  });

  it('give every page the shared namespaces and only its own page-specific ones', () => {
    const shared = ['common', 'header', 'footer', 'cart', 'auth', 'validation', 'meta', 'notFound', 'breadcrumbs'];
    for (const path of ['/', '/category/odyag', '/product/odyag/x', '/checkout', '/no-such-page']) {
      expect(names(path), path).toEqual(expect.arrayContaining(shared));
    }
    expect(names('/')).toContain('home');
    // The home page's data request, after a client navigation back to it.
    expect(names('/_')).toContain('home');
    expect(names('/_root')).toContain('home');
    expect(names('/_.data')).toContain('home');
    expect(names('/category/odyag.data')).toContain('catalog');
    expect(names('/')).not.toContain('checkout');
    expect(names('/category/odyag/verkhnii-odyag')).toEqual(expect.arrayContaining(['catalog', 'filterDrawer']));
    expect(names('/search')).toContain('catalog');
    expect(names('/product/odyag/x')).toContain('similarProducts');
    expect(names('/product/odyag/x')).not.toContain('catalog');
    expect(names('/checkout')).toContain('checkout');
    expect(names('/checkout')).not.toContain('home');
    expect(names('/success-order', 'ru')).toEqual(expect.arrayContaining(['checkout', 'success']));
    expect(names('/profile-orders')).toEqual(expect.arrayContaining(['account', 'checkout']));
    expect(names('/contacts')).toEqual(expect.arrayContaining(['contacts', 'feedback', 'captcha']));
    // Russian pages live under /ru/ and need the same.
    expect(names('/ru/', 'ru')).toContain('home');
    expect(names('/ru', 'ru')).toContain('home');
    expect(names('/ru/_.data', 'ru')).toContain('home');
    expect(names('/ru.data', 'ru')).toContain('home');
    expect(names('/ru/category/odyag.data', 'ru')).toContain('catalog');
    expect(names('/ru/checkout', 'ru')).toContain('checkout');
    expect(names('/ru/checkout', 'ru')).not.toContain('home');
    expect(names('/no-such-page').filter((n) => pageOnlyNamespaces.has(n))).toEqual([]);
  });

  it('are smaller than the whole dictionary', () => {
    const whole = JSON.stringify(uk).length;
    for (const path of ['/', '/category/odyag', '/product/odyag/x', '/checkout']) {
      expect(JSON.stringify(pageMessagesFor('uk', path)).length, path).toBeLessThan(whole * 0.8);
    }
  });

  it('reload the root data when the next page needs namespaces the current one did not bring', () => {
    expect(namespacesCovered('/category/odyag', '/category/vzuttia')).toBe(true);
    expect(namespacesCovered('/category/odyag', '/search')).toBe(true);
    expect(namespacesCovered('/', '/product/odyag/x')).toBe(false);
    expect(namespacesCovered('/product/odyag/x', '/checkout')).toBe(false);
    expect(namespacesCovered('/checkout', '/delivery')).toBe(true);
    expect(namespacesCovered('/', '/category/odyag')).toBe(false);
  });
});
