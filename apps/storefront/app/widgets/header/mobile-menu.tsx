import type { CategoryNode } from '@kram/contract/catalog';
import { useT } from '../../lib/i18n';
import { displayPhone, shopInfo } from '../../lib/shop-info';
import { AdminLink } from './admin-link';
import { LanguageSwitch } from './language-switch';
import { MobileCategoryList } from './mobile-category-list';
import { SocialLinks } from './social-links';

/** The hamburger panel: categories, phone, language, social links and, always, the admin link. */
export function MobileMenu({
  id,
  categories,
  onClose,
}: {
  id: string;
  categories: readonly CategoryNode[];
  onClose: () => void;
}) {
  const t = useT();
  return (
    <nav id={id} className="mobile-menu" aria-label={t('header.menu')} data-testid="mobile-menu">
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
