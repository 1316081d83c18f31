import type { CategoryNode } from '@kram/contract/catalog';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Icon } from '../../components/icon';
import { localizedName, useLanguage, useT } from '../../lib/i18n';
import { Link } from '../../lib/localized-links';
import { categoryPath } from '../../lib/paths';
import './header.css';

/** Subcategories shown before "More" (spec section 9). */
export const visibleSubcategories = 5;

/** The desktop dropdown: top-level categories, 5 subcategories each, More/Collapse for the rest. */
export function CategoryMenu({ categories }: { categories: readonly CategoryNode[] }) {
  const t = useT();
  const lng = useLanguage();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState<Record<number, boolean>>({});
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page closes the menu.
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // A focused link inside the panel would be hidden with it: the focus goes back to the toggle.
      if (root.current?.contains(document.activeElement)) toggle.current?.focus();
      setOpen(false);
    };
    // The panel lies over the page: the keyboard leaving the menu closes it, so focus never goes under it.
    const onFocus = (event: FocusEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocus);
    };
  }, [open]);

  return (
    <div className="category-menu" ref={root}>
      <button
        ref={toggle}
        type="button"
        className="category-menu__toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        data-testid="catalog-menu"
      >
        <Icon name="menu" size={20} />
        {t('header.catalog')}
      </button>
      <div id={id} className="category-menu__panel" hidden={!open}>
        <ul className="category-menu__columns">
          {categories.map((top) => {
            const more = expanded[top.id] ?? false;
            const subs = more ? top.subcategories : top.subcategories.slice(0, visibleSubcategories);
            return (
              <li key={top.id} className="category-menu__column">
                <Link to={categoryPath([top.slug])} className="category-menu__top">
                  {localizedName(lng, top)}
                </Link>
                <ul className="category-menu__subs">
                  {subs.map((sub) => (
                    <li key={sub.id}>
                      <Link to={categoryPath([top.slug, sub.slug])}>{localizedName(lng, sub)}</Link>
                    </li>
                  ))}
                </ul>
                {top.subcategories.length > visibleSubcategories && (
                  <button
                    type="button"
                    className="link-button"
                    aria-expanded={more}
                    onClick={() => setExpanded((e) => ({ ...e, [top.id]: !more }))}
                  >
                    {more ? t('header.collapse') : t('header.more')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
