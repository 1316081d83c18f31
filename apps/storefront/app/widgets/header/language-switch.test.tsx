import type { Language } from '@kram/contract/languages';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import ru from '../../../public/locales/ru.json';
import uk from '../../../public/locales/uk.json';
import { I18nProvider, type Messages } from '../../lib/i18n';
import { LanguageSwitch } from './language-switch';

function renderAt(lng: Language, path: string) {
  const router = createMemoryRouter([{ path: '*', element: <LanguageSwitch /> }], { initialEntries: [path] });
  render(
    <I18nProvider lng={lng} messages={(lng === 'ru' ? ru : uk) as Messages}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return router;
}

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: clearing the test's cookie.
  document.cookie = 'lng=; Path=/; Max-Age=0';
});

describe('the language switch', () => {
  it('links to the same page and query in each language, marking the current one', () => {
    renderAt('uk', '/category/odyag?page=2&sort=new');
    expect(screen.getByTestId('language-ru').getAttribute('href')).toBe('/ru/category/odyag?page=2&sort=new');
    expect(screen.getByTestId('language-uk').getAttribute('href')).toBe('/category/odyag?page=2&sort=new');
    expect(screen.getByTestId('language-uk').getAttribute('aria-current')).toBe('true');
    expect(screen.getByTestId('language-ru').getAttribute('aria-current')).toBeNull();
    expect(screen.getByTestId('language-ru').getAttribute('hreflang')).toBe('ru');
  });

  it('leads from /ru/ home to / and remembers the choice in the cookie', async () => {
    const router = renderAt('ru', '/ru/');
    expect(screen.getByTestId('language-uk').getAttribute('href')).toBe('/');
    await act(async () => fireEvent.click(screen.getByTestId('language-uk')));
    expect(router.state.location.pathname).toBe('/');
    expect(document.cookie).toContain('lng=uk');
  });
});
