import { Link } from 'react-router';
import { Icon } from '../../components/icon';
import { ProductImage } from '../../components/product-image';
import { QuantityInput } from '../../components/quantity-input';
import { localizedName, useLanguage, useT } from '../../lib/i18n';
import { productPath } from '../../lib/paths';
import { type CartLine, lineKey } from './cart-lines';
import { changeCartCount, removeFromCart } from './cart-storage';

/** One line of the cart sidebar: 80px thumbnail, name, colour, size, quantity, removal, link. */
export function CartLineItem({ line, onNavigate }: { line: CartLine; onNavigate: () => void }) {
  const t = useT();
  const lng = useLanguage();
  const key = lineKey(line);
  const name = localizedName(lng, { name: line.name, name_ru: line.name_ru });
  const href = productPath(line);
  const image =
    line.product_images.find((i) => line.selectedColor && i.color === line.selectedColor.id) ?? line.product_images[0];
  return (
    <li className="cart-line" data-testid="cart-line">
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
