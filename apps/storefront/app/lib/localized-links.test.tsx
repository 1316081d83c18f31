import type { Language } from '@kram/contract/languages';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from './i18n';
import { Link, NavLink, useLocalizedNavigate } from './localized-links';

function GoHome() {
  const navigate = useLocalizedNavigate();
  return (
    <button type="button" onClick={() => navigate('/wishlist?from=test')}>
      go
    </button>
  );
}

function renderAt(lng: Language, path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <Link to="/product/odyag/kurtka?color=2">product</Link>
            <Link to={{ pathname: '/search', search: '?query=a' }}>search</Link>
            <Link to="/">home</Link>
            <NavLink to="/profile">profile</NavLink>
            <Link to="https://example.org/x">outside</Link>
            <GoHome />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <I18nProvider lng={lng} messages={{}}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return router;
}

const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

describe('links in the page’s language', () => {
  it('point into /ru/ on a Russian page', () => {
    renderAt('ru', '/ru/profile');
    expect(href('product')).toBe('/ru/product/odyag/kurtka?color=2');
    expect(href('search')).toBe('/ru/search?query=a');
    expect(href('home')).toBe('/ru/');
    expect(href('profile')).toBe('/ru/profile');
    expect(screen.getByRole('link', { name: 'profile' }).getAttribute('aria-current')).toBe('page');
    expect(href('outside')).toBe('https://example.org/x');
  });

  it('stay at the Ukrainian paths on a Ukrainian page', () => {
    renderAt('uk', '/');
    expect(href('product')).toBe('/product/odyag/kurtka?color=2');
    expect(href('home')).toBe('/');
  });

  it('navigate within the language', async () => {
    const router = renderAt('ru', '/ru/');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'go' })));
    expect(router.state.location.pathname).toBe('/ru/wishlist');
    expect(router.state.location.search).toBe('?from=test');
  });
});
