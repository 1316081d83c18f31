import { useT } from '../../lib/i18n';
import { NavLink } from '../../lib/localized-links';
import { infoPages } from '../../lib/paths';
import './info-page.css';

/** The shop's information pages, in the footer's order. */

/** The side menu of the legal pages; CSS hides it on mobile (spec "Legal pages"). */
export function InfoSideMenu() {
  const t = useT();
  return (
    <nav className="info-menu" aria-label={t('legal.menu')}>
      <ul>
        {infoPages.map((page) => (
          <li key={page}>
            <NavLink to={`/${page}`} end className="info-menu__link">
              {t(`breadcrumbs.${page}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
