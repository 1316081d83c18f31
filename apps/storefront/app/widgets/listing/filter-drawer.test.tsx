import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import ru from '../../../public/locales/ru.json';
import uk from '../../../public/locales/uk.json';
import { I18nProvider, type Messages } from '../../lib/i18n';
import { FilterDrawer } from './filter-drawer';

function renderDrawer({ lng = 'uk', count = 5, open = true, busy = false } = {}) {
  const onClose = vi.fn();
  const view = render(
    <I18nProvider lng={lng as 'uk' | 'ru'} messages={(lng === 'ru' ? ru : uk) as Messages}>
      <FilterDrawer open={open} onClose={onClose} count={count} busy={busy}>
        <label>
          <input type="checkbox" /> Олива
        </label>
      </FilterDrawer>
    </I18nProvider>,
  );
  const dialog = screen.getByTestId('filter-drawer') as HTMLDialogElement;
  return { onClose, dialog, view };
}

describe('FilterDrawer', () => {
  it('is a dialog named by its title, holding the filters', () => {
    const { dialog } = renderDrawer();
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog.open).toBe(true);
    const title = document.getElementById(dialog.getAttribute('aria-labelledby') ?? '');
    expect(title?.textContent).toBe('Фільтри');
    expect(screen.getByRole('checkbox', { name: 'Олива' })).toBeTruthy();
  });

  it('stays closed until opened, and locks the page behind it while open', () => {
    const { dialog, view } = renderDrawer({ open: false });
    expect(dialog.open).toBe(false);
    expect(document.documentElement.classList.contains('scroll-locked')).toBe(false);
    view.unmount();
    renderDrawer({ open: true });
    expect(document.documentElement.classList.contains('scroll-locked')).toBe(true);
  });

  it('closes with its cross, with Escape (the dialog cancels) and with the show button', () => {
    const { onClose, dialog } = renderDrawer();
    fireEvent.click(screen.getByRole('button', { name: 'Закрити фільтри' }));
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    fireEvent.click(screen.getByTestId('filter-drawer-show'));
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it('keeps Tab inside: from the last control to the first, and back with Shift+Tab', () => {
    renderDrawer();
    const close = screen.getByRole('button', { name: 'Закрити фільтри' });
    const show = screen.getByTestId('filter-drawer-show');
    const box = screen.getByRole('checkbox', { name: 'Олива' });
    show.focus();
    fireEvent.keyDown(show, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(show);
    // In between, Tab is left to the browser.
    box.focus();
    expect(fireEvent.keyDown(box, { key: 'Tab' })).toBe(true);
    expect(document.activeElement).toBe(box);
  });

  it('says how many products the filters leave, in the plural form of the count', () => {
    const cases = [
      ['uk', 1, 'Показати 1 товар'],
      ['uk', 3, 'Показати 3 товари'],
      ['uk', 11, 'Показати 11 товарів'],
      ['uk', 21, 'Показати 21 товар'],
      ['uk', 0, 'Показати 0 товарів'],
      ['ru', 1, 'Показать 1 товар'],
      ['ru', 4, 'Показать 4 товара'],
      ['ru', 25, 'Показать 25 товаров'],
    ] as const;
    for (const [lng, count, text] of cases) {
      const { view } = renderDrawer({ lng, count });
      expect(screen.getByTestId('filter-drawer-show').textContent).toBe(text);
      view.unmount();
    }
  });

  it('marks the count busy while the listing loads for the latest choice', () => {
    const { view } = renderDrawer({ busy: true });
    expect(screen.getByTestId('filter-drawer-show').getAttribute('aria-busy')).toBe('true');
    view.unmount();
    renderDrawer({ busy: false });
    expect(screen.getByTestId('filter-drawer-show').hasAttribute('aria-busy')).toBe(false);
  });
});
