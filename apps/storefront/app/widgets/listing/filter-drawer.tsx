import { type ReactNode, useId } from 'react';
import { Icon } from '../../components/icon';
import { ModalDialog } from '../../components/modal-dialog';
import { useT } from '../../lib/i18n';
import { useScrollLock } from '../../lib/scroll-lock';

/**
 * The catalogue's filters on a phone: a modal drawer (the browser keeps focus inside it; Escape,
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
  useScrollLock(open);
  return (
    <ModalDialog open={open} onClose={onClose} className="filter-drawer" labelledBy={titleId} testId="filter-drawer">
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
    </ModalDialog>
  );
}
