import type { Product } from '@kram/contract/catalog';
import { AddToCartButton } from '../../features/cart/add-to-cart-button';
import { ProductCard } from '../../features/catalog/product-card';
import { WishlistHeart } from '../../features/wishlist/wishlist-heart';

/** The catalogue's card with the wishlist heart (or the wishlist page's cross) and add to cart. */
export function ShopProductCard({
  product,
  eager,
  wishlistCross = false,
  headingLevel = 3,
}: {
  product: Product;
  eager?: boolean;
  wishlistCross?: boolean;
  headingLevel?: 2 | 3;
}) {
  return (
    <ProductCard
      product={product}
      eager={eager}
      headingLevel={headingLevel}
      heart={<WishlistHeart product={product} variant={wishlistCross ? 'cross' : 'heart'} />}
      cartAction={<AddToCartButton product={product} compact />}
    />
  );
}
