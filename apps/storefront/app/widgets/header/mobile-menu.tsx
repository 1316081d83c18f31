import type { CategoryNode } from '@kram/contract/catalog';
import type { KeyboardEvent, RefObject } from 'react';
import { useT } from '../../lib/i18n';
import { displayPhone, shopInfo } from '../../lib/shop-info';
import { AdminLink } from './admin-link';
import { LanguageSwitch } from './language-switch';
import { MobileCategoryList } from './mobile-category-list';
import { SocialLinks } from './social-links';
import './header.css';

const focusable = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The hamburger panel: categories, phone, language, social links and, always, the admin link. It
 * covers the page, so the keyboard stays on what is visible: Escape closes it and gives the focus
 * back to its toggle, and Tab past its last link goes to the toggle instead of under the panel.
 */
export function MobileMenu({
  id,
  categories,
  toggle,
  onClose,
}: {
  id: string;
  categories: readonly CategoryNode[];
  toggle: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
}) {
  const t = useT();
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      onClose();
      toggle.current?.focus();
    } else if (event.key === 'Tab' && !event.shiftKey) {
      const stops = event.currentTarget.querySelectorAll<HTMLElement>(focusable);
      if (event.target === stops[stops.length - 1]) {
        event.preventDefault();
        toggle.current?.focus();
      }
    }
  };
  return (
    <nav id={id} className="mobile-menu" aria-label={t('header.menu')} data-testid="mobile-menu" onKeyDown={onKeyDown}>
      <MobileCategoryList nodes={categories} onNavigate={onClose} />
      <div className="mobile-menu__extras">
        <a href={`tel:${shopInfo.phones[0]}`} className="header-phone">
          {displayPhone(shopInfo.phones[0])}
        </a>
        <LanguageSwitch />
        <SocialLinks />
        <AdminLink className="mobile-menu__admin" />
      </div>
    </nav>
  );
}
