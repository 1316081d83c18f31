import { Icon } from '../../components/icon';
import { useT } from '../../lib/i18n';
import { cartCount } from './cart-lines';
import { openCart } from './cart-sidebar-state';
import { useCartLines } from './cart-storage';

/** The header's cart button with the item count (0 until hydrated; the badge's space is fixed). */
export function CartButton() {
  const t = useT();
  const count = cartCount(useCartLines());
  return (
    <button
      type="button"
      className="header-action"
      onClick={openCart}
      aria-label={t('header.cartWithCount', { count })}
      data-testid="cart-button"
    >
      <Icon name="cart" />
      <span className="badge" data-testid="cart-count" aria-hidden="true">
        {count}
      </span>
    </button>
  );
}
