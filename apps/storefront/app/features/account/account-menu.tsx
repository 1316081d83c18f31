import type { UserProfile } from '@kram/contract/accounts';
import { useT } from '../../lib/i18n';
import { ignoreInterruption } from '../../lib/interrupted';
import { NavLink, useLocalizedNavigate } from '../../lib/localized-links';
import { clearSession } from '../../lib/session';
import { joinFullName } from './full-name';
import './account.css';

const links = [
  { to: '/profile', key: 'account.profile' },
  { to: '/profile-wishlist', key: 'account.wishlist' },
  { to: '/profile-orders', key: 'account.orders' },
] as const;

/** The account area's side menu (spec "Account area"): who is signed in, the three pages, logout. */
export function AccountMenu({ profile }: { profile: UserProfile | null }) {
  const t = useT();
  const navigate = useLocalizedNavigate();

  function logout() {
    // Access, refresh and both flags go; the header, prices and wishlist follow the storage event.
    clearSession();
    ignoreInterruption(navigate('/', { replace: true }));
  }

  return (
    <aside className="account-menu" data-testid="account-menu">
      {profile && (
        <div className="account-menu__who">
          <p className="account-menu__name" data-testid="account-name">
            {joinFullName(profile)}
          </p>
          <p className="account-menu__email" data-testid="account-email">
            {profile.email}
          </p>
        </div>
      )}
      <nav aria-label={t('account.menu')}>
        <ul className="account-menu__links">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end className="account-menu__link">
                {t(link.key)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <button type="button" className="button button--secondary account-menu__logout" onClick={logout}>
        {t('account.logout')}
      </button>
    </aside>
  );
}
