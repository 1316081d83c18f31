import { Icon } from '../../components/icon';
import { useT } from '../../lib/i18n';
import { Link } from '../../lib/localized-links';
import { useWishlist } from './use-wishlist';

/** The header's wishlist counter. */
export function WishlistLink() {
  const t = useT();
  const { count } = useWishlist();
  return (
    <Link to="/wishlist" className="header-action" aria-label={t('header.wishlistWithCount', { count })}>
      <Icon name="heart" />
      <span className="badge" data-testid="wishlist-count" aria-hidden="true">
        {count}
      </span>
    </Link>
  );
}
