import type { Product } from '@kram/contract/catalog';
import { Icon } from '../../components/icon';
import { localizedName, useLanguage, useT } from '../../lib/i18n';
import { useSavedInWishlist, useWishlistToggle } from './use-wishlist';
import '../catalog/product-card.css';

/** Filled when saved, outline otherwise; on the wishlist page a cross that removes (spec section 4). */
export function WishlistHeart({ product, variant = 'heart' }: { product: Product; variant?: 'heart' | 'cross' }) {
  const t = useT();
  const lng = useLanguage();
  const saved = useSavedInWishlist(product.id);
  const toggle = useWishlistToggle();
  const name = localizedName(lng, product);
  if (variant === 'cross') {
    return (
      <button
        type="button"
        className="icon-button wishlist-heart"
        aria-label={t('wishlist.removeNamed', { name })}
        onClick={() => void toggle(product)}
        data-testid="wishlist-remove"
      >
        <Icon name="close" />
      </button>
    );
  }
  return (
    <button
      type="button"
      className={`icon-button wishlist-heart${saved ? ' is-saved' : ''}`}
      aria-label={t('wishlist.toggleNamed', { name })}
      aria-pressed={saved}
      onClick={() => void toggle(product)}
      data-testid="wishlist-heart"
    >
      <Icon name="heart" filled={saved} />
    </button>
  );
}
