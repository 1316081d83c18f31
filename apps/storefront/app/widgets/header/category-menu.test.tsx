import type { CategoryNode } from '@kram/contract/catalog';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import uk from '../../../public/locales/uk.json';
import { I18nProvider, type Messages } from '../../lib/i18n';
import { CategoryMenu } from './category-menu';

const categories: CategoryNode[] = [
  {
    id: 1,
    slug: 'odyag',
    name: 'Одяг',
    name_ru: 'Одежда',
    subcategories: [{ id: 2, slug: 'kurtky', name: 'Куртки', name_ru: 'Куртки', subcategories: [] }],
  },
];

/** The desktop dropdown, with the search field after it as in the header. */
function renderOpenMenu() {
  const router = createMemoryRouter([
    {
      path: '*',
      element: (
        <>
          <CategoryMenu categories={categories} />
          <input aria-label="Пошук" />
        </>
      ),
    },
  ]);
  render(
    <I18nProvider lng="uk" messages={uk as Messages}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  const toggle = screen.getByTestId('catalog-menu');
  fireEvent.click(toggle);
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  return { toggle, link: screen.getByRole('link', { name: 'Куртки' }) };
}

describe('the category dropdown and the keyboard', () => {
  it('stays open while the focus moves inside it, and closes when the focus leaves it', () => {
    const { toggle, link } = renderOpenMenu();
    act(() => link.focus());
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    act(() => screen.getByRole('textbox', { name: 'Пошук' }).focus());
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes on Escape and gives the focus of a link inside back to the toggle', () => {
    const { toggle, link } = renderOpenMenu();
    act(() => link.focus());
    fireEvent.keyDown(link, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });
});
