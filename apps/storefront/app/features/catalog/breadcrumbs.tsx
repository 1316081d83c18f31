import type { CategoryNode } from '@kram/contract/catalog';
import { unlocalizedPath } from '@kram/contract/language-paths';
import { useLocation } from 'react-router';
import { useLanguage, useT } from '../../lib/i18n';
import { Link } from '../../lib/localized-links';
import { breadcrumbItems } from './breadcrumb-items';
import './breadcrumbs.css';

/** Home and the path by category names; hidden on mobile (spec section 2). */
export function Breadcrumbs({
  categories,
  productName,
}: {
  categories: readonly CategoryNode[];
  productName?: string;
}) {
  const t = useT();
  const lng = useLanguage();
  const { pathname } = useLocation();
  // Crumbs are named from the Ukrainian address; their links follow the page's language.
  const items = breadcrumbItems(unlocalizedPath(pathname), categories, lng, productName);
  return (
    <nav className="breadcrumbs" aria-label={t('breadcrumbs.label')}>
      <ol>
        {items.map((item, index) => {
          const label = item.labelKey ? t(item.labelKey) : item.label;
          const last = index === items.length - 1;
          return (
            <li key={item.href}>
              {last ? <span aria-current="page">{label}</span> : <Link to={item.href}>{label}</Link>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
