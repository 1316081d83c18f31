import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { Icon } from '../../components/icon';
import { ModalDialog } from '../../components/modal-dialog';
import { useT } from '../../lib/i18n';
import { useScrollLock } from '../../lib/scroll-lock';
import './listing.css';

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** What Tab can reach inside `root`, in order. */
export function tabStops(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(focusable)].filter(
    (el) => el.tabIndex >= 0 && (typeof el.checkVisibility !== 'function' || el.checkVisibility()),
  );
}

/**
 * Tab from the last control goes back to the first, and Shift+Tab from the first to the last: a
 * modal dialog keeps the page behind it inert, but the browser would otherwise let focus leave for
 * its own toolbar.
 */
function useTabCycle(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const stops = tabStops(root);
      const first = stops[0];
      const last = stops.at(-1);
      if (!first || !last) return;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !root.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !root.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    root.addEventListener('keydown', onKeyDown);
    return () => root.removeEventListener('keydown', onKeyDown);
  }, [ref]);
}

/**
 * The catalogue's filters on a phone: a modal drawer (focus stays inside it; Escape,
 * the cross and the backdrop close it). Filters apply as they are chosen; the button at the bottom
 * says how many products they leave and closes the drawer to show them.
 */
export function FilterDrawer({
  open,
  onClose,
  count,
  busy,
  children,
}: {
  open: boolean;
  onClose: () => void;
  /** Products the current filters leave. */
  count: number;
  /** The listing is loading for the latest choice: the count is about to change. */
  busy: boolean;
  children: ReactNode;
}) {
  const t = useT();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useScrollLock(open);
  useTabCycle(panel);
  return (
    <ModalDialog open={open} onClose={onClose} className="filter-drawer" labelledBy={titleId} testId="filter-drawer">
      <div ref={panel} className="filter-drawer__panel">
        <header className="filter-drawer__header">
          <h2 id={titleId} className="filter-drawer__title">
            {t('catalog.filters')}
          </h2>
          <button type="button" className="icon-button" aria-label={t('filterDrawer.close')} onClick={onClose}>
            <Icon name="close" />
          </button>
        </header>
        <div className="filter-drawer__body">{children}</div>
        <footer className="filter-drawer__footer">
          <button
            type="button"
            className="button button--primary filter-drawer__show"
            aria-busy={busy || undefined}
            onClick={onClose}
            data-testid="filter-drawer-show"
          >
            {t('filterDrawer.show', { count })}
          </button>
        </footer>
      </div>
    </ModalDialog>
  );
}
