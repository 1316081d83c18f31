import type { Product } from '@kram/contract/catalog';
import { ShopProductCard } from './shop-product-card';
import '../../features/catalog/product-card.css';

/** Cards in a grid; the first row's images load at once, the rest lazily. */
export function ProductGrid({
  products,
  wishlistCross,
  headingLevel = 2,
  colorIds,
}: {
  products: readonly Product[];
  wishlistCross?: boolean;
  /** 2 under a page's title, 3 under a section's. */
  headingLevel?: 2 | 3;
  /** Colours chosen in the catalogue's filter: cards show their photos in them. */
  colorIds?: readonly number[];
}) {
  return (
    <ul className="product-grid" data-testid="product-grid">
      {products.map((product, index) => (
        <li key={product.id}>
          <ShopProductCard
            product={product}
            eager={index < 2}
            wishlistCross={wishlistCross}
            headingLevel={headingLevel}
            colorIds={colorIds}
          />
        </li>
      ))}
    </ul>
  );
}
