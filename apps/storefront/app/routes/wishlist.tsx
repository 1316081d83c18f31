import { useRef } from 'react';
import { useWishlist } from '../features/wishlist/use-wishlist';
import { translate, useT } from '../lib/i18n';
import { absoluteUrl, pageMeta, rootMetaData } from '../lib/seo';
import { useHydrated } from '../lib/use-hydrated';
import { useScrollToTitle } from '../lib/use-scroll-to-title';
import { ProductGrid } from '../widgets/product-card/product-grid';
import type { Route } from './+types/wishlist';
import '../widgets/listing/listing.css';

export function meta({ matches }: Route.MetaArgs) {
  const { lng, messages, origin } = rootMetaData(matches);
  return [
    ...pageMeta({
      title: translate(messages, 'meta.wishlistTitle'),
      description: translate(messages, 'meta.wishlistDescription'),
      canonical: absoluteUrl(origin, '/wishlist'),
      lng,
    }),
    { name: 'robots', content: 'noindex, follow' },
  ];
}

/** Guests see the browser's list, signed-in shoppers the server's (spec "Wishlist page"). */
export default function WishlistPage() {
  const t = useT();
  const hydrated = useHydrated();
  const { products, status } = useWishlist();
  const title = useRef<HTMLHeadingElement>(null);
  useScrollToTitle(title);
  // The list lives in the browser: the server sends a placeholder of the same height.
  const ready = hydrated && (status === 'loaded' || status === 'error');
  return (
    <div className="container page">
      <h1 ref={title} className="page-title" tabIndex={-1}>
        {t('wishlist.title')}
      </h1>
      {!ready ? (
        <div className="listing-placeholder" aria-busy="true" />
      ) : status === 'error' ? (
        <p role="alert">{t('wishlist.error')}</p>
      ) : products.length === 0 ? (
        <p className="listing-empty" data-testid="wishlist-empty">
          {t('wishlist.empty')}
        </p>
      ) : (
        <ProductGrid products={products} wishlistCross />
      )}
    </div>
  );
}
