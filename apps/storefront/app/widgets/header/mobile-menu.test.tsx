import type { CategoryNode } from '@kram/contract/catalog';
import { fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import uk from '../../../public/locales/uk.json';
import { I18nProvider, type Messages } from '../../lib/i18n';
import { MobileMenu } from './mobile-menu';

const categories: CategoryNode[] = [
  {
    id: 1,
    slug: 'odyag',
    name: 'Одяг',
    name_ru: 'Одежда',
    subcategories: [{ id: 2, slug: 'kurtky', name: 'Куртки', name_ru: 'Куртки', subcategories: [] }],
  },
];

/** The menu open under its toggle, as the header shows it. */
function Harness() {
  const [open, setOpen] = useState(true);
  const toggle = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={toggle} type="button" aria-expanded={open} data-testid="burger">
        Меню
      </button>
      {open && <MobileMenu id="menu" categories={categories} toggle={toggle} onClose={() => setOpen(false)} />}
    </>
  );
}

function renderHeader() {
  const router = createMemoryRouter([{ path: '*', element: <Harness /> }]);
  render(
    <I18nProvider lng="uk" messages={uk as Messages}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return { burger: screen.getByTestId('burger'), menu: screen.getByTestId('mobile-menu') };
}

describe('the mobile menu and the keyboard', () => {
  it('closes on Escape and gives the focus back to its toggle', () => {
    const { burger, menu } = renderHeader();
    const link = menu.querySelector('a') as HTMLElement;
    link.focus();
    fireEvent.keyDown(link, { key: 'Escape' });
    expect(screen.queryByTestId('mobile-menu')).toBeNull();
    expect(document.activeElement).toBe(burger);
    expect(burger.getAttribute('aria-expanded')).toBe('false');
  });

  it('sends Tab from its last link to the toggle instead of under the panel', () => {
    const { burger, menu } = renderHeader();
    const links = menu.querySelectorAll<HTMLElement>('a[href], button');
    const last = links[links.length - 1] as HTMLElement;
    expect(last.textContent).toBe('Адмін-панель');
    last.focus();
    const wentOn = fireEvent.keyDown(last, { key: 'Tab' });
    expect(wentOn).toBe(false);
    expect(document.activeElement).toBe(burger);
    expect(screen.getByTestId('mobile-menu')).toBeTruthy();
  });

  it('leaves Tab alone before the last link and Shift+Tab everywhere', () => {
    const { menu } = renderHeader();
    const links = menu.querySelectorAll<HTMLElement>('a[href], button');
    const first = links[0] as HTMLElement;
    const last = links[links.length - 1] as HTMLElement;
    first.focus();
    expect(fireEvent.keyDown(first, { key: 'Tab' })).toBe(true);
    expect(document.activeElement).toBe(first);
    last.focus();
    expect(fireEvent.keyDown(last, { key: 'Tab', shiftKey: true })).toBe(true);
    expect(document.activeElement).toBe(last);
  });
});
