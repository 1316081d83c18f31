import type { Product } from '@kram/contract/catalog';
import { useId, useState } from 'react';
import { QuantityInput } from '../../components/quantity-input';
import { AddToCartButton } from '../../features/cart/add-to-cart-button';
import { ColorSwatch, colorChoosable } from '../../features/catalog/color-swatch';
import { ProductPrice } from '../../features/catalog/product-price';
import { StockAlertForm } from '../../features/stock/stock-alert-form';
import { WishlistHeart } from '../../features/wishlist/wishlist-heart';
import { localizedName, useLanguage, useT } from '../../lib/i18n';
import { colorInStock, sizeInStock } from '../../lib/variant-stock';
import { stockReason } from './stock-reason';
import './product.css';

type Size = Product['sizes'][number];
type Color = Product['colors'][number];

/**
 * Price, sizes, colour, quantity, add to cart and the heart (spec "Product page"). A size that cannot
 * be bought in the chosen colour, and a colour not in the chosen size, are dimmed but can still be
 * chosen: the page then says why it cannot add them and offers a mail when they are back.
 */
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
  const reason = stockReason(product, size, color, lng);
  const reasonText = reason ? t(reason.key, reason.values) : undefined;
  const outOfStock = t('stock.outOfStock');

  return (
    <div className="purchase" data-testid="purchase">
      <ProductPrice product={product} perUnit />
      {/* What a dimmed size or colour is, read with it by screen readers (its tooltip shows it too). */}
      <span id={`${id}-out`} className="visually-hidden">
        {outOfStock}
      </span>
      <fieldset className="purchase__group">
        <legend>{t('product.sizes')}</legend>
        {product.sizes.length === 0 ? (
          <p className="chip is-static">{t('product.universal')}</p>
        ) : (
          <div className="purchase__options" data-testid="size-options">
            {product.sizes.map((option) => {
              const inStock = sizeInStock(product, option, color);
              const classes = ['chip'];
              if (size?.id === option.id) classes.push('is-checked');
              if (!inStock) classes.push('is-out');
              return (
                <label key={option.id} className={classes.join(' ')} title={inStock ? undefined : outOfStock}>
                  <input
                    type="radio"
                    name={`${id}-size`}
                    className="visually-hidden"
                    checked={size?.id === option.id}
                    aria-disabled={inStock ? undefined : true}
                    aria-describedby={inStock ? undefined : `${id}-out`}
                    onChange={() => setSize(option)}
                  />
                  {option.name}
                </label>
              );
            })}
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
              // A colour sold out in the chosen size is dimmed too, but can be chosen.
              const inStock = colorInStock(product, option, size);
              const name = localizedName(lng, option);
              const classes = ['swatch-option'];
              if (color?.id === option.id) classes.push('is-checked');
              if (disabled) classes.push('is-dimmed');
              if (!disabled && !inStock) classes.push('is-out');
              return (
                <label
                  key={option.id}
                  className={classes.join(' ')}
                  title={inStock || disabled ? name : `${name}: ${outOfStock}`}
                >
                  <input
                    type="radio"
                    name={`${id}-color`}
                    className="visually-hidden"
                    checked={color?.id === option.id}
                    disabled={disabled}
                    aria-disabled={!disabled && !inStock ? true : undefined}
                    aria-describedby={!disabled && !inStock ? `${id}-out` : undefined}
                    onChange={() => onColor(option)}
                  />
                  <ColorSwatch color={option} large />
                  <span className="visually-hidden">{name}</span>
                </label>
              );
            })}
          </div>
        </fieldset>
      )}
      <div id={`${id}-stock`} className="purchase__stock" role="status" data-testid="stock-reason">
        {reason && (
          <>
            <p className="purchase__reason">{reasonText}</p>
            {reason.otherColors.length > 0 && (
              <p className="purchase__other">{t('stock.inOtherColors', { colors: reason.otherColors.join(', ') })}</p>
            )}
          </>
        )}
      </div>
      <div className="purchase__buy">
        <QuantityInput value={count} onChange={setCount} />
        <AddToCartButton
          product={product}
          size={size}
          color={color}
          count={count}
          onProductPage
          unavailable={reasonText}
          describedBy={`${id}-stock`}
        />
        <WishlistHeart product={product} />
      </div>
      {reason && (
        <StockAlertForm
          key={`${size?.id ?? ''}:${color?.id ?? ''}`}
          variant={{
            product: product.id,
            size: size?.id ?? null,
            color: product.colors.length > 0 ? (color?.id ?? null) : null,
          }}
        />
      )}
    </div>
  );
}
