import type { Product } from '@kram/contract/catalog';
import { useT } from '../../lib/i18n';
import './product-card.css';

export function ProductBadges({ product }: { product: Product }) {
  const t = useT();
  // The API calls being in stock `is_on_sale`.
  const inStock = product.is_on_sale;
  if (!product.is_new && !product.is_on_promo && inStock) return null;
  return (
    <ul className="badges">
      {product.is_new && <li className="badge-tag badge-tag--new">{t('product.badges.new')}</li>}
      {product.is_on_promo && <li className="badge-tag badge-tag--promo">{t('product.badges.promo')}</li>}
      {!inStock && <li className="badge-tag badge-tag--out">{t('product.badges.outOfStock')}</li>}
    </ul>
  );
}
