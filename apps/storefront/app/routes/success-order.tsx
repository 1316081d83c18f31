import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { clearCheckoutDraft } from '../features/checkout/checkout-draft';
import { OrderDetails } from '../features/checkout/order-details';
import { usePlacedOrder } from '../features/checkout/use-placed-order';
import { translate, useT } from '../lib/i18n';
import { Link, useLocalizedNavigate } from '../lib/localized-links';
import { absoluteUrl, pageMeta, rootMetaData } from '../lib/seo';
import { useScrollToTitle } from '../lib/use-scroll-to-title';
import type { Route } from './+types/success-order';
import '../features/checkout/checkout.css';

export function meta({ matches }: Route.MetaArgs) {
  const { lng, messages, origin } = rootMetaData(matches);
  return [
    ...pageMeta({
      title: translate(messages, 'success.metaTitle'),
      description: translate(messages, 'success.lead'),
      canonical: absoluteUrl(origin, '/success-order'),
      lng,
    }),
    { name: 'robots', content: 'noindex, nofollow' },
  ];
}

/**
 * The order success page (spec "Success page"): the order kept in the browser, read once; a card
 * payer back from the payment page (`?order_id=`) also sees the order's status as it is now.
 */
export default function SuccessOrderPage() {
  const t = useT();
  const navigate = useLocalizedNavigate();
  const [params] = useSearchParams();
  const placed = usePlacedOrder(params.get('order_id'));
  const title = useRef<HTMLHeadingElement>(null);
  useScrollToTitle(title);

  useEffect(() => {
    if (placed.phase === 'none') navigate('/', { replace: true });
  }, [placed.phase, navigate]);

  // The order is placed (a card payer is here once the payment went through): the checkout's kept
  // form has served its purpose.
  useEffect(() => {
    if (placed.phase === 'shown') clearCheckoutDraft();
  }, [placed.phase]);

  return (
    <div className="container page success-page">
      <h1 ref={title} className="page-title" tabIndex={-1}>
        {placed.phase === 'shown' && placed.status === 'paid' ? t('success.paidTitle') : t('success.title')}
      </h1>
      {placed.phase === 'shown' ? (
        <OrderDetails
          orderId={placed.orderId}
          status={placed.status}
          paymentMethod={placed.paymentMethod}
          order={placed.order}
          statusFailed={placed.statusFailed}
          shipment={placed.shipment}
        />
      ) : placed.phase === 'missing' ? (
        <p role="alert" data-testid="order-missing">
          {t('success.notFound')}
        </p>
      ) : (
        <p className="success-page__loading" aria-busy="true">
          {t('success.loading')}
        </p>
      )}
      <Link to="/" className="button button--primary success-page__home">
        {t('success.continue')}
      </Link>
    </div>
  );
}
