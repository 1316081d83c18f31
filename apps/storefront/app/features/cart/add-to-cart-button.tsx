import type { Product } from '@kram/contract/catalog';
import { Icon } from '../../components/icon';
import { localizedName, useLanguage, useT } from '../../lib/i18n';
import { useInAppNavigate } from '../../lib/in-app-links';
import { notify } from '../../lib/notify';
import { productPath } from '../../lib/paths';
import { colorInStock } from '../../lib/variant-stock';
import { addToCart } from './cart-storage';
import { showCartToast } from './cart-toast-state';
import './cart.css';

interface Props {
  product: Product;
  size?: Product['sizes'][number] | null;
  color?: Product['colors'][number] | null;
  count?: number;
  /** On the product page a missing size is an error; elsewhere it leads to the product page. */
  onProductPage?: boolean;
  compact?: boolean;
  /** Why the chosen size and colour cannot be bought (already translated); the button says so instead of adding. */
  unavailable?: string;
  /** The element that shows `unavailable` on the page. */
  describedBy?: string;
}

/** Add to cart with the rules of spec section 4. */
export function AddToCartButton({
  product,
  size,
  color,
  count = 1,
  onProductPage = false,
  compact = false,
  unavailable,
  describedBy,
}: Props) {
  const t = useT();
  const lng = useLanguage();
  const navigate = useInAppNavigate();
  const inStock = product.is_on_sale && !unavailable;

  const add = () => {
    // Out of stock: the cursor says not-allowed and nothing happens.
    if (!product.is_on_sale) return;
    // Only the chosen size or colour is sold out: the shopper is told why nothing is added.
    if (unavailable) {
      notify('error', unavailable);
      return;
    }
    if (product.sizes.length > 0 && !size) {
      if (onProductPage) notify('error', t('product.selectSize'));
      else navigate(productPath(product));
      return;
    }
    // No colour chosen (a catalogue card): the first one that can be bought in the size, not a sold-out one.
    const inAColor = color ?? product.colors.find((c) => colorInStock(product, c, size ?? null)) ?? product.colors[0];
    addToCart(product, { size: size ?? null, color: inAColor ?? null, count });
    // A confirmation that does not stop the shopper, with a way to the cart.
    showCartToast(localizedName(lng, product));
  };

  return (
    <button
      type="button"
      className={`add-to-cart${compact ? ' add-to-cart--compact' : ' button button--primary'}`}
      aria-disabled={!inStock}
      aria-describedby={unavailable ? describedBy : undefined}
      onClick={add}
      aria-label={compact ? t('card.addToCart', { name: localizedName(lng, product) }) : undefined}
      data-testid="add-to-cart"
    >
      <Icon name="cart" size={compact ? 20 : 22} />
      {!compact && <span>{inStock ? t('product.addToCart') : t('product.badges.outOfStock')}</span>}
    </button>
  );
}
