import { useRef } from 'react';
import { OrderCard } from '../features/account/order-card';
import { useOrders } from '../features/account/use-orders';
import { OrderAfterSale } from '../features/returns/order-after-sale';
import { translate, useT } from '../lib/i18n';
import { absoluteUrl, privatePageMeta, rootMetaData } from '../lib/seo';
import { useScrollToTitle } from '../lib/use-scroll-to-title';
import type { Route } from './+types/profile-orders';
import '../features/account/account.css';

export function meta({ matches }: Route.MetaArgs) {
  const { messages, origin, lng } = rootMetaData(matches);
  return privatePageMeta({
    title: translate(messages, 'account.ordersMetaTitle'),
    description: translate(messages, 'meta.accountDescription'),
    url: absoluteUrl(origin, '/profile-orders'),
    lng,
    robots: 'noindex, nofollow',
  });
}

/**
 * Order history, newest first; an empty message when there are none (spec "Account area"). Each order
 * shows its receipts and returns, read once it comes near the screen.
 */
export default function ProfileOrdersPage() {
  const t = useT();
  const title = useRef<HTMLHeadingElement>(null);
  useScrollToTitle(title);
  const orders = useOrders();
  return (
    <>
      <h1 ref={title} className="page-title" tabIndex={-1}>
        {t('account.orders')}
      </h1>
      {orders.status === 'loading' ? (
        <div className="account__loading" aria-busy="true" />
      ) : orders.status === 'error' ? (
        <p role="alert" data-testid="orders-error">
          {t('error_fetch_orders')}
        </p>
      ) : orders.orders.length === 0 ? (
        <p data-testid="orders-empty">{t('account.ordersEmpty')}</p>
      ) : (
        <ul className="order-list">
          {orders.orders.map((order) => (
            <li key={order.order_id}>
              <OrderCard order={order}>
                <OrderAfterSale orderId={order.order_id} />
              </OrderCard>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
