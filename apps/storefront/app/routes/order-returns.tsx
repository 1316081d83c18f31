import { useRef } from 'react';
import { orderNumber } from '../features/account/order-number';
import { ReturnRequest } from '../features/returns/return-request';
import { translate, useT } from '../lib/i18n';
import { absoluteUrl, privatePageMeta, rootMetaData } from '../lib/seo';
import { useScrollToTitle } from '../lib/use-scroll-to-title';
import type { Route } from './+types/order-returns';
import '../features/returns/returns.css';

export function headers({ parentHeaders }: Route.HeadersArgs) {
  const headers = new Headers(parentHeaders);
  // The order's id in the address is the key to its returns: no page this one links to may see it,
  // and no shared cache may keep it.
  headers.set('Referrer-Policy', 'no-referrer');
  headers.set('Cache-Control', 'private, no-store');
  return headers;
}

export function meta({ matches }: Route.MetaArgs) {
  const { messages, origin, lng } = rootMetaData(matches);
  // The address holds the order's id: no language links, no index.
  return privatePageMeta({
    title: translate(messages, 'returns.metaTitle'),
    description: translate(messages, 'returns.lead'),
    url: absoluteUrl(origin, '/'),
    lng,
    robots: 'noindex, nofollow',
    languageLinks: false,
  });
}

/**
 * `/returns/{order_id}` (and under `/ru/`): asking to return goods of an order, reached from the
 * account's order history and from the order mail's link (a guest holds the order's id, as for the
 * order's status page).
 */
export default function OrderReturnsPage({ params }: Route.ComponentProps) {
  const t = useT();
  const title = useRef<HTMLHeadingElement>(null);
  useScrollToTitle(title);
  return (
    <div className="container page return-page">
      <h1 ref={title} className="page-title" tabIndex={-1}>
        {t('returns.title')}
      </h1>
      <p className="return-page__order" data-testid="return-order">
        {t('returns.order', { number: orderNumber(params.orderId) })}
      </p>
      <p className="return-page__lead">{t('returns.lead')}</p>
      <ReturnRequest orderId={params.orderId} />
    </div>
  );
}
