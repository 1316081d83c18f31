import type { Product } from '@kram/contract/catalog';
import { memo } from 'react';
import { AddToCartButton } from '../../features/cart/add-to-cart-button';
import { cardColor, cardImage } from '../../features/catalog/card-image';
import { ProductCard } from '../../features/catalog/product-card';
import { WishlistHeart } from '../../features/wishlist/wishlist-heart';

/**
 * The catalogue's card with the wishlist heart (or the wishlist page's cross) and add to cart.
 * Memoised: a grid rendering its cards in steps (docs/decisions/035) renders again at each step, and
 * the cards it already shows stay as they are.
 */
export const ShopProductCard = memo(function ShopProductCard({
  product,
  eager,
  priority,
  wishlistCross = false,
  headingLevel = 3,
  colorIds,
}: {
  product: Product;
  eager?: boolean;
  priority?: boolean;
  wishlistCross?: boolean;
  headingLevel?: 2 | 3;
  /** Colours chosen in the catalogue's filter. */
  colorIds?: readonly number[];
}) {
  // Add to cart puts in the colour the card's photo shows.
  const color = cardColor(product, cardImage(product, colorIds));
  return (
    <ProductCard
      product={product}
      eager={eager}
      priority={priority}
      headingLevel={headingLevel}
      colorIds={colorIds}
      heart={<WishlistHeart product={product} variant={wishlistCross ? 'cross' : 'heart'} />}
      cartAction={<AddToCartButton product={product} color={color} compact />}
    />
  );
});
