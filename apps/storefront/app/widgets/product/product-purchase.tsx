import type { Product } from '@kram/contract/catalog';
import { useId, useState } from 'react';
import { QuantityInput } from '../../components/quantity-input';
import { AddToCartButton } from '../../features/cart/add-to-cart-button';
import { ColorSwatch, colorChoosable } from '../../features/catalog/color-swatch';
import { ProductPrice } from '../../features/catalog/product-price';
import { WishlistHeart } from '../../features/wishlist/wishlist-heart';
import { localizedName, useLanguage, useT } from '../../lib/i18n';
import './product.css';

type Size = Product['sizes'][number];
type Color = Product['colors'][number];

/** Price, sizes, colour, quantity, add to cart and the heart (spec "Product page"). */
export function ProductPurchase({
  product,
  color,
  onColor,
}: {
  product: Product;
  color: Color | null;
  onColor: (color: Color) => void;
}) {
  const t = useT();
  const lng = useLanguage();
  const id = useId();
  const [size, setSize] = useState<Size | null>(null);
  const [count, setCount] = useState(1);

  return (
    <div className="purchase" data-testid="purchase">
      <ProductPrice product={product} perUnit />
      <fieldset className="purchase__group">
        <legend>{t('product.sizes')}</legend>
        {product.sizes.length === 0 ? (
          <p className="chip is-static">{t('product.universal')}</p>
        ) : (
          <div className="purchase__options" data-testid="size-options">
            {product.sizes.map((option) => (
              <label key={option.id} className={size?.id === option.id ? 'chip is-checked' : 'chip'}>
                <input
                  type="radio"
                  name={`${id}-size`}
                  className="visually-hidden"
                  checked={size?.id === option.id}
                  onChange={() => setSize(option)}
                />
                {option.name}
              </label>
            ))}
          </div>
        )}
      </fieldset>
      {product.colors.length > 0 && (
        <fieldset className="purchase__group">
          <legend>
            {t('product.colors')}: {color ? localizedName(lng, color) : ''}
          </legend>
          <div className="purchase__options" data-testid="color-options">
            {product.colors.map((option) => {
              // A colour with nothing to show (no RGB value, no swatch) is dimmed and cannot be chosen.
              const disabled = !colorChoosable(option);
              const classes = ['swatch-option'];
              if (color?.id === option.id) classes.push('is-checked');
              if (disabled) classes.push('is-dimmed');
              return (
                <label key={option.id} className={classes.join(' ')} title={localizedName(lng, option)}>
                  <input
                    type="radio"
                    name={`${id}-color`}
                    className="visually-hidden"
                    checked={color?.id === option.id}
                    disabled={disabled}
                    onChange={() => onColor(option)}
                  />
                  <ColorSwatch color={option} large />
                  <span className="visually-hidden">{localizedName(lng, option)}</span>
                </label>
              );
            })}
          </div>
        </fieldset>
      )}
      <div className="purchase__buy">
        <QuantityInput value={count} onChange={setCount} />
        <AddToCartButton product={product} size={size} color={color} count={count} onProductPage />
        <WishlistHeart product={product} />
      </div>
    </div>
  );
}
