import type { Order } from '@kram/contract/orders';
import { useRef } from 'react';
import { OrderCard } from '../features/account/order-card';
import { requireSession } from '../features/account/require-session';
import { apiJson } from '../lib/api';
import { translate, useT } from '../lib/i18n';
import { rootMetaData } from '../lib/seo';
import { useScrollToTitle } from '../lib/use-scroll-to-title';
import type { Route } from './+types/profile-orders';

export async function clientLoader() {
  requireSession();
  try {
    return { orders: await apiJson<Order[]>('/api/orders/'), failed: false };
  } catch (error) {
    console.warn('error fetching orders', error);
    return { orders: [] as Order[], failed: true };
  }
}

export function meta({ matches }: Route.MetaArgs) {
  const { messages } = rootMetaData(matches);
  return [{ title: translate(messages, 'account.ordersMetaTitle') }, { name: 'robots', content: 'noindex, nofollow' }];
}

/** Order history, newest first; an empty message when there are none (spec "Account area"). */
export default function ProfileOrdersPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const title = useRef<HTMLHeadingElement>(null);
  useScrollToTitle(title);
  const { orders, failed } = loaderData;
  return (
    <>
      <h1 ref={title} className="page-title" tabIndex={-1}>
        {t('account.orders')}
      </h1>
      {failed ? (
        <p role="alert" data-testid="orders-error">
          {t('error_fetch_orders')}
        </p>
      ) : orders.length === 0 ? (
        <p data-testid="orders-empty">{t('account.ordersEmpty')}</p>
      ) : (
        <ul className="order-list">
          {orders.map((order) => (
            <li key={order.order_id}>
              <OrderCard order={order} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
