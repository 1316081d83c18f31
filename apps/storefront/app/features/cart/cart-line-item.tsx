import { formatHryvnias } from '@kram/contract/money';
import { Icon } from '../../components/icon';
import { ProductImage } from '../../components/product-image';
import { QuantityInput } from '../../components/quantity-input';
import { type CartLine, isOrderable } from '../../lib/cart-line';
import { localizedName, useLanguage, useT } from '../../lib/i18n';
import { Link } from '../../lib/localized-links';
import { productPath } from '../../lib/paths';
import { lineKey } from './cart-lines';
import { useLineChange } from './cart-refresh';
import { changeCartCount, removeFromCart } from './cart-storage';
import './cart.css';

/**
 * One cart line: 80px thumbnail, name, colour, size, price (signed-in only), quantity, removal and
 * a link to the product. Used by the sidebar and the checkout page.
 */
export function CartLineItem({
  line,
  showPrice,
  onNavigate,
}: {
  line: CartLine;
  showPrice: boolean;
  onNavigate?: () => void;
}) {
  const t = useT();
  const lng = useLanguage();
  const key = lineKey(line);
  const name = localizedName(lng, { name: line.name, name_ru: line.name_ru });
  const href = productPath(line);
  const image =
    line.product_images.find((i) => line.selectedColor && i.color === line.selectedColor.id) ?? line.product_images[0];
  const orderable = isOrderable(line);
  const change = useLineChange(key);
  // Fewer units left than the line asks for (an order was refused): the shopper lowers the count.
  const tooMany = orderable && line.left !== undefined && line.count > line.left;
  const priceWas = showPrice && orderable && change?.priceWas !== line.price ? change?.priceWas : undefined;
  return (
    <li className={orderable ? 'cart-line' : 'cart-line is-unavailable'} data-testid="cart-line">
      <Link to={href} className="cart-line__image" onClick={onNavigate} tabIndex={-1} aria-hidden="true">
        <ProductImage image={image} alt="" width={80} sizes="80px" missingText={t('cart.imageNotFound')} />
      </Link>
      <div className="cart-line__body">
        <Link to={href} className="cart-line__name" onClick={onNavigate}>
          {name}
        </Link>
        {line.selectedColor && (
          <p className="cart-line__option">{t('cart.color', { color: localizedName(lng, line.selectedColor) })}</p>
        )}
        {line.selectedSize && <p className="cart-line__option">{t('cart.size', { size: line.selectedSize.name })}</p>}
        {!orderable && (
          <p className="cart-line__unavailable" data-testid="cart-line-unavailable">
            {t('cart.unavailable')}
          </p>
        )}
        {tooMany && (
          <p className="cart-line__unavailable" data-testid="cart-line-left">
            {t('stock.cart.left', { count: line.left ?? 0 })}
          </p>
        )}
        {priceWas && (
          <p className="cart-line__change" data-testid="cart-line-change">
            {t('stock.cart.priceChanged', { price: formatHryvnias(priceWas) })}
          </p>
        )}
        {orderable && change?.backInStock && (
          <p className="cart-line__change" data-testid="cart-line-change">
            {t('stock.cart.backInStock')}
          </p>
        )}
        {showPrice && orderable && line.price !== null && (
          <p className="cart-line__price" data-testid="cart-line-price">
            {t('cart.linePrice', { price: formatHryvnias(line.price), count: line.count })}
          </p>
        )}
        <div className="cart-line__controls">
          <QuantityInput
            value={line.count}
            label={t('cart.quantityOf', { name })}
            onChange={(count) => changeCartCount(key, count)}
          />
          <button
            type="button"
            className="icon-button cart-line__remove"
            aria-label={t('cart.remove', { name })}
            onClick={() => removeFromCart(key)}
          >
            <Icon name="close" size={18} />
          </button>
        </div>
      </div>
    </li>
  );
}
