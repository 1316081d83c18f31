import type { Product } from '@kram/contract/catalog';
import { formatHryvnias } from '@kram/contract/money';
import { useT } from '../../lib/i18n';

/**
 * The price, for signed-in shoppers only; the line keeps its height for guests, so prices arriving
 * after hydration move nothing. The old price is struck through on promotion.
 */
export function ProductPrice({ product, perUnit = false }: { product: Product; perUnit?: boolean }) {
  const t = useT();
  if (product.price === null) return <p className="price price--hidden" aria-hidden="true" />;
  const price = formatHryvnias(product.price);
  return (
    <p className="price" data-testid="price">
      {product.is_on_promo && product.old_price && (
        <s className="price__old">
          <span className="visually-hidden">{t('card.oldPrice')} </span>
          {formatHryvnias(product.old_price)}
        </s>
      )}
      <span className={product.is_on_promo ? 'price__now price__now--promo' : 'price__now'}>
        {perUnit ? t('product.perUnit', { price }) : price}
      </span>
    </p>
  );
}
