import { useRef } from 'react';
import { useWishlist } from '../features/wishlist/use-wishlist';
import { translate, useT } from '../lib/i18n';
import { absoluteUrl, privatePageMeta, rootMetaData } from '../lib/seo';
import { useScrollToTitle } from '../lib/use-scroll-to-title';
import { ProductGrid } from '../widgets/product-card/product-grid';
import type { Route } from './+types/profile-wishlist';
import '../widgets/listing/listing.css';

export function meta({ matches }: Route.MetaArgs) {
  const { messages, origin, lng } = rootMetaData(matches);
  return privatePageMeta({
    title: translate(messages, 'account.wishlistMetaTitle'),
    description: translate(messages, 'meta.accountDescription'),
    url: absoluteUrl(origin, '/profile-wishlist'),
    lng,
    robots: 'noindex, nofollow',
  });
}

/** The signed-in shopper's server wishlist, each product with a remove cross. */
export default function ProfileWishlistPage() {
  const t = useT();
  const { products, status } = useWishlist();
  const title = useRef<HTMLHeadingElement>(null);
  useScrollToTitle(title);
  return (
    <>
      <h1 ref={title} className="page-title" tabIndex={-1}>
        {t('account.wishlist')}
      </h1>
      {status === 'error' ? (
        <p role="alert">{t('wishlist.error')}</p>
      ) : status !== 'loaded' ? (
        <div className="listing-placeholder" aria-busy="true" />
      ) : products.length === 0 ? (
        <p className="listing-empty" data-testid="wishlist-empty">
          {t('wishlist.empty')}
        </p>
      ) : (
        <ProductGrid products={products} wishlistCross />
      )}
    </>
  );
}
