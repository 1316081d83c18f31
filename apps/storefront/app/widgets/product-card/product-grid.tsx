import type { Product } from '@kram/contract/catalog';
import { ShopProductCard } from './shop-product-card';
import '../../features/catalog/product-card.css';

/**
 * Cards in a grid; the first row's images load at once, the rest lazily. A grid that is the page's
 * main content (a listing) has its first images fetched first; one further down (similar products)
 * passes `priority={false}`.
 */
export function ProductGrid({
  products,
  wishlistCross,
  headingLevel = 2,
  colorIds,
  priority = true,
}: {
  products: readonly Product[];
  wishlistCross?: boolean;
  /** 2 under a page's title, 3 under a section's. */
  headingLevel?: 2 | 3;
  /** Colours chosen in the catalogue's filter: cards show their photos in them. */
  colorIds?: readonly number[];
  priority?: boolean;
}) {
  return (
    <ul className="product-grid" data-testid="product-grid">
      {products.map((product, index) => (
        <li key={product.id}>
          <ShopProductCard
            product={product}
            eager={index < 2}
            priority={priority && index < 2}
            wishlistCross={wishlistCross}
            headingLevel={headingLevel}
            colorIds={colorIds}
          />
        </li>
      ))}
    </ul>
  );
}
