import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CartLineItem } from '../features/cart/cart-line-item';
import { lineKey, linesFromOrderItems } from '../features/cart/cart-lines';
import { useCartRefresh, useCartRefreshState } from '../features/cart/cart-refresh';
import { clearCart, markUnitsLeft, restoreCart, useCartLines } from '../features/cart/cart-storage';
import { CheckoutView } from '../features/checkout/checkout-view';
import { orderNumber } from '../features/checkout/order-number';
import { takeOrderData } from '../features/checkout/order-storage';
import { translate, useT } from '../lib/i18n';
import { absoluteUrl, pageMeta, rootMetaData } from '../lib/seo';
import { useSession } from '../lib/session';
import { useHydrated } from '../lib/use-hydrated';
import { useScrollToTitle } from '../lib/use-scroll-to-title';
import type { Route } from './+types/checkout';
import '../features/cart/cart.css';
import '../features/checkout/checkout.css';

export function meta({ matches }: Route.MetaArgs) {
  const { lng, messages, origin } = rootMetaData(matches);
  return [
    ...pageMeta({
      title: translate(messages, 'checkout.metaTitle'),
      description: translate(messages, 'checkout.title'),
      canonical: absoluteUrl(origin, '/checkout'),
      lng,
    }),
    { name: 'robots', content: 'noindex, nofollow' },
  ];
}

/**
 * The checkout (spec "Checkout"). The cart lives in the browser, so the server renders the form
 * with room for the lines; they, and a signed-in shopper's current prices, follow after hydration.
 */
export default function CheckoutPage() {
  const t = useT();
  const hydrated = useHydrated();
  const lines = useCartLines();
  const { signedIn } = useSession();
  const refresh = useCartRefreshState();
  const title = useRef<HTMLHeadingElement>(null);
  const [params] = useSearchParams();
  const failedOrderId = params.get('payment') === 'failed' ? params.get('order_id') : null;
  const [cartRestored, setCartRestored] = useState(false);
  useScrollToTitle(title);
  useCartRefresh(true);

  // A declined card payment: the cart it emptied comes back, so the shopper can try again.
  useEffect(() => {
    if (!failedOrderId) return;
    const kept = takeOrderData();
    if (kept && kept.order_id === failedOrderId && restoreCart(linesFromOrderItems(kept.items))) setCartRestored(true);
  }, [failedOrderId]);

  return (
    <div className="container page">
      <h1 ref={title} className="page-title" tabIndex={-1}>
        {t('checkout.title')}
      </h1>
      <CheckoutView
        cartReady={hydrated}
        lines={lines}
        signedIn={signedIn}
        pricesLoading={refresh === 'loading'}
        onPlaced={clearCart}
        onShortage={(line, left) => markUnitsLeft(lineKey(line), left)}
        failedPayment={failedOrderId ? { number: orderNumber(failedOrderId), cartRestored } : null}
        cartList={
          <ul className="cart__lines checkout__lines">
            {lines.map((line) => (
              <CartLineItem key={lineKey(line)} line={line} showPrice={signedIn} />
            ))}
          </ul>
        }
      />
    </div>
  );
}
