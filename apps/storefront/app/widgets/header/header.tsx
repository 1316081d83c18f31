import type { CategoryNode } from '@kram/contract/catalog';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Icon } from '../../components/icon';
import { SignInButton } from '../../features/auth/sign-in-button';
import { CartButton } from '../../features/cart/cart-button';
import { SearchBox } from '../../features/search/search-box';
import { WishlistLink } from '../../features/wishlist/wishlist-link';
import { useT } from '../../lib/i18n';
import { Link } from '../../lib/localized-links';
import { useScrollLock } from '../../lib/scroll-lock';
import { useSession } from '../../lib/session';
import { displayPhone, shopInfo } from '../../lib/shop-info';
import { AdminLink } from './admin-link';
import { CategoryMenu } from './category-menu';
import { LanguageSwitch } from './language-switch';
import { MobileMenu } from './mobile-menu';
import { SocialLinks } from './social-links';
import './header.css';

/** The shop's header (spec "Header"). */
/**
 * The id of the header's last element: the document's head holds the first paint until it is
 * parsed (root.tsx), so the header is never painted half received.
 */
export const headerEndId = 'header-end';

export function Header({ categories }: { categories: readonly CategoryNode[] }) {
  const t = useT();
  const menuId = useId();
  const [menuOpen, setMenuOpen] = useState(false);
  const burger = useRef<HTMLButtonElement>(null);
  const { isStaff, isSuperuser } = useSession();
  const { pathname } = useLocation();
  useScrollLock(menuOpen);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page closes the menu.
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <header className="header">
      <div className="header__top">
        <div className="container header__top-row">
          <a href={`tel:${shopInfo.phones[0]}`} className="header-phone">
            <Icon name="phone" size={18} />
            {displayPhone(shopInfo.phones[0])}
          </a>
          <div className="header__top-right">
            {(isStaff || isSuperuser) && <AdminLink className="header__admin" />}
            <SocialLinks />
            <LanguageSwitch />
          </div>
        </div>
      </div>
      <div className="container header__main">
        <button
          ref={burger}
          type="button"
          className="header-action header__burger"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? t('header.closeMenu') : t('header.menu')}
          onClick={() => setMenuOpen((o) => !o)}
          onKeyDown={(event) => event.key === 'Escape' && setMenuOpen(false)}
          data-testid="burger"
        >
          <Icon name={menuOpen ? 'close' : 'menu'} />
        </button>
        <Link to="/" className="logo" aria-label={t('header.logo')}>
          <img src="/images/logo.svg" alt="" width={112} height={32} />
        </Link>
        <CategoryMenu categories={categories} />
        <div className="header__search">
          <SearchBox idPrefix="header-search" onNavigate={() => setMenuOpen(false)} />
        </div>
        <div className="header__actions">
          <SignInButton />
          <WishlistLink />
          <CartButton />
        </div>
        <span id={headerEndId} hidden />
      </div>
      {menuOpen && (
        <MobileMenu id={menuId} categories={categories} toggle={burger} onClose={() => setMenuOpen(false)} />
      )}
    </header>
  );
}
